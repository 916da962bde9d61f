import { type KeyboardEvent, useEffect, useState } from 'react';

import type { Schemas } from '../api/client';

export type ItemField = Schemas['ItemFieldRecord'];
type Row = Record<string, unknown>;

function display(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'amount' in (value as object)) {
    const money = value as { amount: number; currency?: string };
    return `${money.amount}${money.currency ? ` ${money.currency}` : ''}`;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** What a person typed, as the field's type: numbers as numbers, money as {amount, currency}. */
export function parseInput(field: ItemField, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (field.type === 'number') return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
  if (field.type === 'boolean') return /^(true|yes|1)$/i.test(trimmed);
  if (field.type === 'money') {
    const match = /^(-?[\d.,]+)\s*([A-Za-z]{3})?$/.exec(trimmed);
    if (match) {
      const amount = Number(match[1].replace(/,/g, ''));
      if (Number.isFinite(amount))
        return match[2] ? { amount, currency: match[2].toUpperCase() } : { amount };
    }
  }
  return trimmed;
}

/** One scalar field: its value editable, saved on Enter or when the input loses focus. */
export function ScalarEditor(props: {
  field: ItemField;
  disabled: boolean;
  onSave: (value: unknown) => void;
  inputId: string;
}) {
  const [text, setText] = useState(display(props.field.value));
  useEffect(() => setText(display(props.field.value)), [props.field.value, props.field.version]);
  const save = () => {
    if (text !== display(props.field.value)) props.onSave(parseInput(props.field, text));
  };
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Leaving the input saves (onBlur): one save, not a second one racing the first.
      event.preventDefault();
      (event.target as HTMLInputElement).blur();
    }
    if (event.key === 'Escape') {
      setText(display(props.field.value));
      (event.target as HTMLInputElement).blur();
    }
  };
  return (
    <input
      id={props.inputId}
      value={text}
      disabled={props.disabled}
      onChange={(event) => setText(event.target.value)}
      onBlur={save}
      onKeyDown={keys}
    />
  );
}

/** A table field: every cell editable; a changed cell saves the whole table as a new version. */
export function TableEditor(props: {
  field: ItemField;
  disabled: boolean;
  onSave: (value: unknown) => void;
}) {
  const rows = Array.isArray(props.field.value) ? (props.field.value as Row[]) : [];
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const saveCell = (rowIndex: number, column: string, text: string) => {
    if (text === display(rows[rowIndex][column])) return;
    const next = rows.map((row, index) => (index === rowIndex ? { ...row, [column]: text } : row));
    props.onSave(next);
  };
  return (
    <table className="cells">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={rowIndex}>
            {columns.map((column) => (
              <td key={column}>
                <input
                  aria-label={`${props.field.key} row ${rowIndex + 1} ${column}`}
                  defaultValue={display(row[column])}
                  disabled={props.disabled}
                  onBlur={(event) => saveCell(rowIndex, column, event.target.value)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
