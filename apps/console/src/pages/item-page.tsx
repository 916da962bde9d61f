import { useCallback, useEffect, useRef, useState } from 'react';

import { api, errorCode, errorMessage, type Schemas } from '../api/client';
import { type ItemField, ScalarEditor, TableEditor } from '../components/field-editor';
import { type Grounding, PageViewer } from '../components/page-viewer';
import { BASE, navigate } from '../router';
import type { SessionUser } from '../session';

type Item = Schemas['ItemRecord'];
type Lock = Schemas['ItemLockRecord'];

/** A lock lapses without a heartbeat; beat well inside the shortest idle window. */
const HEARTBEAT_MS = 20_000;

function fieldId(field: ItemField): string {
  return `${field.key}:${field.documentId ?? 'item'}`;
}

/**
 * One item under review. Opening it takes the review lock (and keeps it with a heartbeat); if
 * someone else holds it, the page says who and offers an Admin the takeover. Fields show their
 * confidence and why they were flagged; the selected field's box is drawn on its page. Edits
 * name the version they were made on, so a concurrent change is reported, not overwritten.
 * Keys: j / ↓ next field, k / ↑ previous, Enter edit, a accept and go on, s submit.
 */
export function ItemPage(props: { itemId: string; projectId: string; user: SessionUser }) {
  const { itemId, projectId } = props;
  const [item, setItem] = useState<Item | null>(null);
  const [fields, setFields] = useState<ItemField[]>([]);
  const [selected, setSelected] = useState(0);
  const [lockedByMe, setLockedByMe] = useState(false);
  const [heldBy, setHeldBy] = useState<Lock | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const load = useCallback(async () => {
    const [one, list] = await Promise.all([
      api.GET('/items/{id}', { params: { path: { id: itemId }, query: { projectId } } }),
      api.GET('/items/{id}/fields', {
        params: { path: { id: itemId }, query: { projectId, limit: 100 } },
      }),
    ]);
    if (!one.data || !list.data) return setError(errorMessage(one.error ?? list.error));
    setItem(one.data);
    setFields(list.data.data);
  }, [itemId, projectId]);

  const takeLock = useCallback(
    async (takeover = false) => {
      const path = { path: { id: itemId } };
      const { data, error: refused } = takeover
        ? await api.POST('/items/{id}/lock/takeover', { params: path })
        : await api.POST('/items/{id}/lock', { params: path });
      if (data) {
        setLockedByMe(true);
        setHeldBy(null);
        return;
      }
      setLockedByMe(false);
      if (errorCode(refused) === 'LOCKED') {
        const { data: current } = await api.GET('/items/{id}', {
          params: { path: { id: itemId }, query: { projectId } },
        });
        setHeldBy(current?.lock ?? null);
      } else setNotice(errorMessage(refused, 'The item cannot be reviewed now'));
    },
    [itemId, projectId],
  );

  useEffect(() => {
    void load().then(() => takeLock());
    return () => {
      void api.DELETE('/items/{id}/lock', { params: { path: { id: itemId } } });
    };
  }, [load, takeLock, itemId]);

  useEffect(() => {
    if (!lockedByMe) return;
    const beat = setInterval(() => {
      void api
        .POST('/items/{id}/lock/heartbeat', { params: { path: { id: itemId } } })
        .then(({ error: lost }) => {
          if (lost) {
            setLockedByMe(false);
            setNotice(`Your lock was lost: ${errorMessage(lost)}`);
          }
        });
    }, HEARTBEAT_MS);
    return () => clearInterval(beat);
  }, [lockedByMe, itemId]);

  const save = async (field: ItemField, value: unknown) => {
    const { data, error: refused } = await api.PATCH('/items/{id}/fields/{key}', {
      params: { path: { id: itemId, key: field.key } },
      body: {
        value: value as never,
        expectedVersion: field.version,
        ...(field.documentId ? { documentId: field.documentId } : {}),
      },
    });
    if (data) {
      setFields((all) => all.map((f) => (fieldId(f) === fieldId(field) ? data : f)));
      setNotice(`${field.key} saved (version ${data.version})`);
    } else if (errorCode(refused) === 'VERSION_CONFLICT') {
      setNotice(`${field.key} was changed by someone else meanwhile; reloaded, check it again`);
      await load();
    } else setNotice(errorMessage(refused));
  };

  const act = async (action: 'submit' | 'defer' | 'close') => {
    const params = { params: { path: { id: itemId } } };
    const result =
      action === 'submit'
        ? await api.POST('/items/{id}/submit', params)
        : action === 'defer'
          ? await api.POST('/items/{id}/defer', { ...params, body: {} })
          : await api.POST('/items/{id}/close', { ...params, body: {} });
    if (result.error) return setNotice(errorMessage(result.error));
    setLockedByMe(false);
    navigate(`${BASE}/`);
  };

  const focusField = (index: number) => {
    const next = Math.max(0, Math.min(fields.length - 1, index));
    setSelected(next);
    listRef.current?.querySelectorAll<HTMLElement>('[data-field]')[next]?.focus();
  };

  const onKey = (event: React.KeyboardEvent) => {
    if ((event.target as HTMLElement).tagName === 'INPUT') return;
    if (event.key === 'j' || event.key === 'ArrowDown') focusField(selected + 1);
    else if (event.key === 'k' || event.key === 'ArrowUp') focusField(selected - 1);
    else if (event.key === 'a') focusField(selected + 1);
    else if (event.key === 'Enter') {
      document.getElementById(`field-input-${selected}`)?.focus();
    } else if (event.key === 's' && lockedByMe) void act('submit');
    else return;
    event.preventDefault();
  };

  if (error)
    return (
      <p role="alert" className="error">
        {error}
      </p>
    );
  if (!item) return <p className="loading">Loading item…</p>;
  const current = fields[selected];
  const grounding = (current?.grounding?.[0] as Grounding | undefined) ?? null;
  const documentOf = (documentId: string | null | undefined) =>
    item.documents.find((d) => d.documentId === documentId) ?? item.documents[0];
  const fileId = documentOf(grounding?.documentId ?? current?.documentId)?.fileId ?? null;
  const editable = lockedByMe && item.status === 'REVIEW';

  return (
    <section className="item" aria-labelledby="item-title" onKeyDown={onKey}>
      <div className="toolbar">
        <h1 id="item-title">
          {item.displayName || `Item ${item.displayId}`}{' '}
          <span className={`status status-${item.status}`}>{item.status}</span>
        </h1>
        <div className="actions">
          <button type="button" disabled={!editable} onClick={() => void act('submit')}>
            Submit
          </button>
          <button type="button" disabled={!editable} onClick={() => void act('defer')}>
            Defer
          </button>
          <button type="button" disabled={!editable} onClick={() => void act('close')}>
            Close
          </button>
        </div>
      </div>
      {heldBy && (
        <div role="status" className="notice">
          {heldBy.holder.name} is reviewing this item (lock until{' '}
          {new Date(heldBy.expiresAt).toLocaleTimeString()}). You can read it but not change it.
          {props.user.role === 'Admin' && (
            <button type="button" onClick={() => void takeLock(true)}>
              Take over
            </button>
          )}
        </div>
      )}
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      {item.summary && <p className="summary">{item.summary}</p>}
      <p className="hint">Keys: j/↓ next field, k/↑ previous, Enter edit, a accept, s submit.</p>
      <div className="review">
        <ol className="fields" ref={listRef} aria-label="Fields">
          {fields.map((field, index) => (
            <li
              key={fieldId(field)}
              data-field
              tabIndex={0}
              aria-current={index === selected ? 'true' : undefined}
              className={`field${field.flagged ? ' flagged' : ''}${index === selected ? ' selected' : ''}`}
              onFocus={() => setSelected(index)}
              onClick={() => setSelected(index)}
            >
              <div className="field-head">
                <label htmlFor={`field-input-${index}`}>{field.key}</label>
                <span
                  className="confidence"
                  title="How sure the extraction was"
                  aria-label={`confidence ${Math.round((field.confidence ?? 0) * 100)} percent`}
                >
                  {Math.round((field.confidence ?? 0) * 100)}%
                </span>
              </div>
              {Array.isArray(field.value) ? (
                <TableEditor
                  field={field}
                  disabled={!editable}
                  onSave={(v) => void save(field, v)}
                />
              ) : (
                <ScalarEditor
                  field={field}
                  inputId={`field-input-${index}`}
                  disabled={!editable}
                  onSave={(v) => void save(field, v)}
                />
              )}
              {field.flagged && (
                <ul className="reasons" aria-label={`Why ${field.key} is flagged`}>
                  {field.flagReasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
        <PageViewer fileId={fileId} grounding={grounding} />
      </div>
    </section>
  );
}
