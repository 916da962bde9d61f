import { useCallback, useEffect, useRef, useState } from 'react';

import { api, errorCode, errorMessage, type Schemas } from '../api/client';
import { ConfirmDialog } from '../components/confirm-dialog';
import { display, type ItemField, ScalarEditor, TableEditor } from '../components/field-editor';
import { humanTime } from '../components/human-time';
import { type Grounding, type PageBox, PageViewer } from '../components/page-viewer';
import { type LockView, useReviewLock } from '../components/review-lock';
import { BASE, itemPath, navigate } from '../router';
import type { SessionUser } from '../session';

type Item = Schemas['ItemRecord'];
type FieldVersion = Schemas['FieldVersionRecord'];
type Dialog = { kind: 'submit'; next: boolean } | { kind: 'close' } | null;

function fieldId(field: ItemField): string {
  return `${field.key}:${field.documentId ?? 'item'}`;
}

/** Flagged and not accepted: what a reviewer still has to look at. */
function unresolved(field: ItemField): boolean {
  return field.flagged && !field.acceptedBy;
}

/** Flagged fields first, then the API's order; fixed when loaded so fields never jump. */
function reviewOrder(fields: ItemField[]): ItemField[] {
  return [...fields.filter(unresolved), ...fields.filter((field) => !unresolved(field))];
}

/** Who last touched the field, instead of a confidence a person's value does not have. */
function provenance(field: ItemField): string {
  const parts: string[] = [];
  if (field.updatedByName) parts.push(`edited by ${field.updatedByName}`);
  if (field.acceptedBy) parts.push(`accepted by ${field.acceptedBy.name}`);
  if (parts.length > 0) return parts.join(' · ');
  return field.confidence === null || field.confidence === undefined
    ? ''
    : `${Math.round(field.confidence * 100)}%`;
}

/** The item page; a new item is a new page (its lock, focus and edits start afresh). */
export function ItemPage(props: { itemId: string; projectId: string; user: SessionUser }) {
  return <ItemReview key={props.itemId} {...props} />;
}

/**
 * One item under review. An item in REVIEW is locked for this tab when opened (a deferred one
 * when the reviewer resumes it); the lock is renewed, watched (a takeover shows within a
 * second) and released when the tab closes. Fields show who edited or accepted them, else the
 * extraction's confidence, and why they are flagged; the API checks every correction and the
 * flow's rules run again on it. Keys, while a field has focus: j / ↓ next, k / ↑ previous,
 * Enter edit (Enter saves, Esc undoes), a accept; Ctrl+Enter submits (asks first when flagged
 * fields are left), never a single key.
 */
function ItemReview(props: { itemId: string; projectId: string; user: SessionUser }) {
  const { itemId, projectId, user } = props;
  const [item, setItem] = useState<Item | null>(null);
  const [fields, setFields] = useState<ItemField[]>([]);
  const [selected, setSelected] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [history, setHistory] = useState<{ id: string; versions: FieldVersion[] } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const lock = useReviewLock(itemId, user.id);

  const load = useCallback(async (): Promise<Item | null> => {
    const [one, list] = await Promise.all([
      api.GET('/items/{id}', { params: { path: { id: itemId }, query: { projectId } } }),
      api.GET('/items/{id}/fields', {
        params: { path: { id: itemId }, query: { projectId, limit: 100 } },
      }),
    ]);
    if (!one.data || !list.data) {
      setFailure(errorMessage(one.error ?? list.error, 'This item cannot be shown'));
      return null;
    }
    setItem(one.data);
    setFields((before) => {
      // Keep the order the reviewer started in; a first load orders flagged fields first.
      if (before.length === 0) return reviewOrder(list.data.data);
      const byId = new Map(list.data.data.map((field) => [fieldId(field), field]));
      return before.map((field) => byId.get(fieldId(field)) ?? field);
    });
    return one.data;
  }, [itemId, projectId]);

  /** Takes the lock, then reads the item again: a deferred item resumed is in REVIEW now. */
  const takeLock = useCallback(
    async (mode?: Parameters<typeof lock.take>[0]) => {
      if (await lock.take(mode)) await load();
    },
    [lock, load],
  );

  // Once per item (the page is keyed by it). Only an item that loaded and awaits review is
  // locked: never from an error page.
  useEffect(() => {
    void load().then((loaded) => {
      if (loaded?.status === 'REVIEW') void takeLock();
    });
  }, []);

  const focusField = (index: number) => {
    const next = Math.max(0, Math.min(fields.length - 1, index));
    setSelected(next);
    listRef.current?.querySelectorAll<HTMLElement>('[data-field]')[next]?.focus();
  };

  // Focus starts on the first field, so the review keys work without a click.
  const loaded = fields.length > 0;
  useEffect(() => {
    if (loaded) listRef.current?.querySelector<HTMLElement>('[data-field]')?.focus();
  }, [loaded]);

  const editable = lock.view.kind === 'mine' && item?.status === 'REVIEW';

  const replace = (updated: ItemField) =>
    setFields((all) => all.map((f) => (fieldId(f) === fieldId(updated) ? updated : f)));

  const save = async (
    field: ItemField,
    value: unknown,
    placed?: { page: number; box: PageBox },
  ) => {
    const { data, error: refused } = await api.PATCH('/items/{id}/fields/{key}', {
      params: { path: { id: itemId, key: field.key } },
      body: {
        value: value as never,
        expectedVersion: field.version,
        ...(field.documentId ? { documentId: field.documentId } : {}),
        ...(placed ? { grounding: placed } : {}),
      },
    });
    setErrors(({ [fieldId(field)]: _gone, ...rest }) => rest);
    if (data) {
      replace(data);
      setNotice(
        data.flagged
          ? `${field.key} saved (version ${data.version}); still flagged: ${data.flagReasons.join('; ')}`
          : `${field.key} saved (version ${data.version})`,
      );
    } else if (errorCode(refused) === 'VALIDATION_FAILED') {
      // The rule's own words, for the person who typed the value (no trace id).
      const message = (refused as { message?: string }).message ?? errorMessage(refused);
      setErrors((all) => ({ ...all, [fieldId(field)]: message }));
    } else if (errorCode(refused) === 'VERSION_CONFLICT') {
      setNotice(`${field.key} was changed by someone else meanwhile; reloaded, check it again`);
      await load();
    } else setNotice(errorMessage(refused));
  };

  /**
   * A box drawn on the page fills the selected field with the words under it (reading order),
   * and becomes its grounding: the layout memory learns it when the review is submitted.
   */
  const fillFromBox = async (fileOfPage: string, pageNumber: number, box: PageBox) => {
    const field = fields[selected];
    if (!field || !editable) return;
    if (!field.documentId || Array.isArray(field.value) || field.type === 'table') {
      return setNotice(`Draw a box for a single value of a document; ${field.key} is not one`);
    }
    const { data, error: refused } = await api.GET('/files/{fileId}/pages/{pageNumber}/words', {
      params: { path: { fileId: fileOfPage, pageNumber } },
    });
    if (!data) return setNotice(errorMessage(refused));
    const inside = data.words.filter((word) => {
      const cx = word.box.x + word.box.width / 2;
      const cy = word.box.y + word.box.height / 2;
      return cx >= box.x && cx <= box.x + box.width && cy >= box.y && cy <= box.y + box.height;
    });
    if (inside.length === 0) return setNotice('No words under the box; draw it around the value');
    // Reading order: lines top to bottom (a word's centre within half a height is the same line).
    const line = (word: (typeof inside)[number]) => word.box.y + word.box.height / 2;
    const ordered = [...inside].sort((a, b) =>
      Math.abs(line(a) - line(b)) < Math.min(a.box.height, b.box.height) / 2
        ? a.box.x - b.box.x
        : line(a) - line(b),
    );
    await save(field, ordered.map((word) => word.text).join(' '), { page: pageNumber, box });
  };

  /** Shows (or hides) the selected field's edit history: every stored version, newest first. */
  const toggleHistory = async (index: number) => {
    const field = fields[index];
    if (!field) return;
    if (history?.id === fieldId(field)) return setHistory(null);
    const { data, error: refused } = await api.GET('/items/{id}/fields/{key}/versions', {
      params: {
        path: { id: itemId, key: field.key },
        query: field.documentId ? { documentId: field.documentId } : {},
      },
    });
    if (!data) return setNotice(errorMessage(refused));
    setHistory({ id: fieldId(field), versions: data.data });
  };

  const accept = async (index: number) => {
    const field = fields[index];
    if (!field || !editable) return;
    const { data, error: refused } = await api.POST('/items/{id}/fields/{key}/accept', {
      params: { path: { id: itemId, key: field.key } },
      body: {
        expectedVersion: field.version,
        ...(field.documentId ? { documentId: field.documentId } : {}),
      },
    });
    if (!data) return setNotice(errorMessage(refused));
    replace(data);
    setNotice(`${field.key} accepted`);
    focusField(index + 1);
  };

  /** After a submit: the next REVIEW item nobody holds, or the list when there is none. */
  const openNext = async () => {
    const { data } = await api.POST('/items/next', {
      body: { projectId, session: lock.session },
    });
    if (data) navigate(itemPath(data.id, projectId));
    else navigate(`${BASE}/?done=1`);
  };

  const submit = async (next: boolean) => {
    setDialog(null);
    const { error: refused } = await api.POST('/items/{id}/submit', {
      params: { path: { id: itemId } },
    });
    if (refused) return setNotice(errorMessage(refused));
    lock.forget();
    if (next) await openNext();
    else navigate(`${BASE}/`);
  };

  const requestSubmit = (next: boolean) => {
    if (!editable) return;
    if (fields.some(unresolved)) setDialog({ kind: 'submit', next });
    else void submit(next);
  };

  const defer = async () => {
    const { error: refused } = await api.POST('/items/{id}/defer', {
      params: { path: { id: itemId } },
      body: {},
    });
    if (refused) return setNotice(errorMessage(refused));
    lock.forget();
    navigate(`${BASE}/`);
  };

  const close = async (reason: string) => {
    setDialog(null);
    const { error: refused } = await api.POST('/items/{id}/close', {
      params: { path: { id: itemId } },
      body: { reason },
    });
    if (refused) return setNotice(errorMessage(refused));
    lock.forget();
    navigate(`${BASE}/`);
  };

  const startEdit = (index: number) => {
    if (!editable) return;
    setEditing(index);
    listRef.current
      ?.querySelectorAll<HTMLElement>('[data-field]')
      [index]?.querySelector<HTMLElement>('input')
      ?.focus();
  };

  // Single-key shortcuts act only while a field (not an input) has focus (WCAG 2.1.4).
  const onFieldKey = (event: React.KeyboardEvent) => {
    if (!(event.target as HTMLElement).hasAttribute('data-field')) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'j' || event.key === 'ArrowDown') focusField(selected + 1);
    else if (event.key === 'k' || event.key === 'ArrowUp') focusField(selected - 1);
    else if (event.key === 'Enter') startEdit(selected);
    else if (event.key === 'a') void accept(selected);
    else if (event.key === 'h') void toggleHistory(selected);
    else return;
    event.preventDefault();
  };

  const onPageKey = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !dialog) {
      event.preventDefault();
      requestSubmit(false);
    }
  };

  if (failure)
    return (
      <section className="item">
        <p role="alert" className="error">
          {failure}
        </p>
        <p>
          <a href={`${BASE}/`}>Back to the items</a>
        </p>
      </section>
    );
  if (!item) return <p className="loading">Loading item…</p>;
  const current = fields[selected];
  const grounding = (current?.grounding?.[0] as Grounding | undefined) ?? null;
  const documentOf = (documentId: string | null | undefined) =>
    item.documents.find((d) => d.documentId === documentId) ?? item.documents[0];
  const shownDocument = documentOf(grounding?.documentId ?? current?.documentId);
  const fileId = shownDocument?.fileId ?? null;
  const left = fields.filter(unresolved);

  return (
    <section className="item" aria-labelledby="item-title" onKeyDown={onPageKey}>
      <div className="toolbar">
        <h1 id="item-title">
          {item.displayName || `Item ${item.displayId}`}{' '}
          <span className={`status status-${item.status}`}>{item.status}</span>
        </h1>
        <div className="actions">
          <button type="button" disabled={!editable} onClick={() => requestSubmit(false)}>
            Submit
          </button>
          <button type="button" disabled={!editable} onClick={() => requestSubmit(true)}>
            Submit &amp; next
          </button>
          <button type="button" disabled={!editable} onClick={() => void defer()}>
            Defer
          </button>
          <button type="button" disabled={!editable} onClick={() => setDialog({ kind: 'close' })}>
            Close
          </button>
        </div>
      </div>
      <LockNotice
        view={lock.view}
        item={item}
        isAdmin={user.role === 'Admin'}
        onTake={(mode) => void takeLock(mode)}
      />
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      {shownDocument && (
        <p className="document-class">
          Document: {shownDocument.name}
          {shownDocument.classification ? ` (class: ${shownDocument.classification})` : ''}
        </p>
      )}
      {item.reviewInstructions && (
        <p className="instructions">
          <strong>Instructions:</strong> {item.reviewInstructions}
        </p>
      )}
      {item.summary && <p className="summary">{item.summary}</p>}
      <p className="hint">
        Keys on a field: j/↓ next, k/↑ previous, Enter edit (Enter saves, Esc undoes), a accept, h
        history. Ctrl+Enter submits. {left.length > 0 && `${left.length} flagged field(s) left.`}
      </p>
      <div className="review">
        <ol className="fields" ref={listRef} aria-label="Fields" onKeyDown={onFieldKey}>
          {fields.map((field, index) => {
            const id = fieldId(field);
            const table = Array.isArray(field.value) || field.type === 'table';
            const common = {
              field,
              disabled: !editable,
              tabbable: editing === index,
              error: errors[id] ?? null,
              onSave: (value: unknown) => void save(field, value),
              onLeave: () => {
                setEditing(null);
                focusField(index);
              },
            };
            return (
              <li
                key={id}
                data-field
                tabIndex={0}
                aria-current={index === selected ? 'true' : undefined}
                className={`field${unresolved(field) ? ' flagged' : ''}${index === selected ? ' selected' : ''}`}
                onFocus={(event) => {
                  setSelected(index);
                  if (event.target !== event.currentTarget) setEditing(index);
                }}
                onClick={() => setSelected(index)}
              >
                <div className="field-head">
                  <label htmlFor={`field-input-${index}`}>{field.key}</label>
                  <span
                    className="provenance"
                    title="Who last changed or accepted it, else how sure the extraction was"
                  >
                    {provenance(field)}
                  </span>
                </div>
                {table ? (
                  <TableEditor {...common} />
                ) : (
                  <ScalarEditor {...common} inputId={`field-input-${index}`} />
                )}
                {field.version > 1 && (
                  <button
                    type="button"
                    className="link"
                    tabIndex={editing === index ? 0 : -1}
                    aria-expanded={history?.id === id}
                    onClick={() => void toggleHistory(index)}
                  >
                    History ({field.version} versions)
                  </button>
                )}
                {history?.id === id && (
                  <ol className="history" aria-label={`History of ${field.key}`}>
                    {history.versions.map((version) => (
                      <li key={version.version}>
                        v{version.version}: {display(version.value) || '(empty)'} —{' '}
                        {version.author ? version.author.name : 'extraction'},{' '}
                        {humanTime(version.createdAt)}
                        {version.flagged ? ' (flagged)' : ''}
                      </li>
                    ))}
                  </ol>
                )}
                {field.flagged && (
                  <ul
                    className={`reasons${field.acceptedBy ? ' accepted' : ''}`}
                    aria-label={`Why ${field.key} is flagged`}
                  >
                    {field.flagReasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
        <PageViewer
          fileId={fileId}
          grounding={grounding}
          onBox={
            editable && fileId
              ? (pageNumber, box) => void fillFromBox(fileId, pageNumber, box)
              : undefined
          }
        />
      </div>
      {dialog?.kind === 'submit' && (
        <ConfirmDialog
          title="Submit with flagged fields?"
          confirmLabel="Submit anyway"
          onConfirm={() => void submit(dialog.next)}
          onCancel={() => setDialog(null)}
        >
          <p>
            {left.length} field(s) are still flagged and not accepted:{' '}
            {left.map((field) => field.key).join(', ')}.
          </p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'close' && (
        <ConfirmDialog
          title="Close this item without completing it?"
          confirmLabel="Close item"
          reasonLabel="Why are you closing it?"
          onConfirm={(reason) => void close(reason)}
          onCancel={() => setDialog(null)}
        >
          <p>The run is told the item was closed; it is not written back.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** What the lock means for this reviewer, in words, with the one action that helps. */
function LockNotice(props: {
  view: LockView;
  item: Item;
  isAdmin: boolean;
  onTake: (mode?: 'normal' | 'replaceOwnSession' | 'takeover') => void;
}) {
  const { view, item } = props;
  if (item.status === 'DEFERRED' && view.kind !== 'mine') {
    return (
      <div role="status" className="notice">
        Deferred
        {item.deferredUntil
          ? ` until ${humanTime(item.deferredUntil)}`
          : ' until someone resumes it'}
        .{' '}
        <button type="button" onClick={() => props.onTake()}>
          Resume review
        </button>
      </div>
    );
  }
  if (item.status !== 'REVIEW' && view.kind !== 'mine') {
    return (
      <p role="status" className="notice">
        This item is {item.status}: there is nothing to review.
      </p>
    );
  }
  switch (view.kind) {
    case 'held':
      return view.ownOtherSession ? (
        <div role="status" className="notice">
          You are reviewing this item in another tab or window.{' '}
          <button type="button" onClick={() => props.onTake('replaceOwnSession')}>
            Review here instead
          </button>
        </div>
      ) : (
        <div role="status" className="notice">
          {view.holder.name} is reviewing this item (lock until {humanTime(view.expiresAt)}). You
          can read it but not change it.{' '}
          <button type="button" onClick={() => props.onTake()}>
            Take the lock again
          </button>
          {props.isAdmin && (
            <button type="button" onClick={() => props.onTake('takeover')}>
              Take over
            </button>
          )}
        </div>
      );
    case 'lost':
      return (
        <div role="alert" className="notice warning">
          {view.ownOtherSession
            ? 'You continued this item in another tab or window.'
            : view.holder
              ? `${view.holder.name} took over this item.`
              : 'Your lock on this item lapsed.'}{' '}
          Changes not saved are marked below.{' '}
          <button type="button" onClick={() => props.onTake()}>
            Take the lock again
          </button>
        </div>
      );
    case 'refused':
      return (
        <p role="status" className="notice">
          {view.message}
        </p>
      );
    default:
      return null;
  }
}
