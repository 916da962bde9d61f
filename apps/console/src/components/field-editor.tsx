import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

import type { Schemas } from '../api/client';

export type ItemField = Schemas['ItemFieldRecord'];
type Row = Record<string, unknown>;

/** A stored value as a person reads and types it; the API reads such text back by type. */
export function display(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'amount' in (value as object)) {
    const money = value as { amount: number; currency?: string };
    return `${money.amount}${money.currency ? ` ${money.currency}` : ''}`;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** What the editors share: the field's place in the page's Tab order and how edits end. */
interface EditorProps {
  field: ItemField;
  disabled: boolean;
  /** Only the field being edited has tabbable controls: one Tab stop per field otherwise. */
  tabbable: boolean;
  /** The API's refusal of the last value (a rule of the field's type), shown inline. */
  error: string | null;
  onSave: (value: unknown) => void;
  /** Editing ended (Enter saved, Esc undid): focus goes back to the field. */
  onLeave: () => void;
}

/**
 * Enter saves, Esc undoes, leaving the input saves. Esc must not save: the blur that moving
 * focus causes is told to skip, so the undone text never reaches the API.
 */
function useEditKeys(commit: () => void, undo: () => void, onLeave: () => void) {
  const skipBlur = useRef(false);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' && event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Enter') commit();
    else undo();
    skipBlur.current = true;
    onLeave();
  };
  const onBlur = () => {
    if (skipBlur.current) skipBlur.current = false;
    else commit();
  };
  return { onKeyDown, onBlur };
}

/** One scalar field: its value editable as text; the API reads it by the field's type. */
export function ScalarEditor(props: EditorProps & { inputId: string }) {
  const saved = display(props.field.value);
  const [text, setText] = useState(saved);
  useEffect(() => setText(saved), [saved, props.field.version]);
  const commit = () => {
    if (!props.disabled && text !== saved) props.onSave(text);
  };
  const keys = useEditKeys(commit, () => setText(saved), props.onLeave);
  const errorId = `${props.inputId}-error`;
  return (
    <>
      <input
        id={props.inputId}
        value={text}
        disabled={props.disabled}
        tabIndex={props.tabbable ? 0 : -1}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        className={props.error ? 'invalid' : undefined}
        onChange={(event) => setText(event.target.value)}
        {...keys}
      />
      {props.error && (
        <p id={errorId} role="alert" className="field-error">
          {props.error}
        </p>
      )}
      {props.disabled && text !== saved && (
        <p className="unsaved" role="status">
          Not saved: “{text}”
        </p>
      )}
    </>
  );
}

/**
 * A table field: every cell editable (saved as a new version of the whole table), rows added
 * and removed. The API checks each cell by its column's type and names the row and column.
 */
export function TableEditor(props: EditorProps) {
  const rows = Array.isArray(props.field.value) ? (props.field.value as Row[]) : [];
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const tab = props.tabbable ? 0 : -1;
  const save = (next: Row[]) => {
    if (!props.disabled) props.onSave(next);
  };
  const emptyRow = () => Object.fromEntries(columns.map((column) => [column, null]));
  return (
    <div className="table-field">
      <table className="cells">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Row actions</span>
            </th>
          </tr>
        </thead>
        <tbody key={props.field.version}>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {columns.map((column) => (
                <td key={column}>
                  <CellInput
                    label={`${props.field.key} row ${rowIndex + 1} ${column}`}
                    value={row[column]}
                    disabled={props.disabled}
                    tabIndex={tab}
                    onLeave={props.onLeave}
                    onSave={(text) =>
                      save(
                        rows.map((r, index) => (index === rowIndex ? { ...r, [column]: text } : r)),
                      )
                    }
                  />
                </td>
              ))}
              <td>
                <button
                  type="button"
                  tabIndex={tab}
                  disabled={props.disabled}
                  aria-label={`Remove row ${rowIndex + 1} of ${props.field.key}`}
                  onClick={() => save(rows.filter((_, index) => index !== rowIndex))}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        tabIndex={tab}
        disabled={props.disabled || columns.length === 0}
        onClick={() => save([...rows, emptyRow()])}
      >
        Add row
      </button>
      {props.error && (
        <p role="alert" className="field-error">
          {props.error}
        </p>
      )}
    </div>
  );
}

function CellInput(props: {
  label: string;
  value: unknown;
  disabled: boolean;
  tabIndex: number;
  onSave: (text: string) => void;
  onLeave: () => void;
}) {
  const saved = display(props.value);
  const [text, setText] = useState(saved);
  const commit = () => {
    if (!props.disabled && text !== saved) props.onSave(text);
  };
  const keys = useEditKeys(commit, () => setText(saved), props.onLeave);
  return (
    <input
      aria-label={props.label}
      value={text}
      disabled={props.disabled}
      tabIndex={props.tabIndex}
      onChange={(event) => setText(event.target.value)}
      {...keys}
    />
  );
}
