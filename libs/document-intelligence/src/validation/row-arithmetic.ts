import type { ExtractedRow, MoneyValue, ScalarValue } from '../schema/extraction-result.types';
import type { TableFieldDefinition } from '../schema/field-schema.types';

/*
 * A table row's own arithmetic: a loss run's incurred is paid plus reserve, an invoice line's
 * amount is quantity times unit price. Where a table's rows keep such an identity to the cent,
 * each row that keeps it vouches for its three cells: a misread digit in any one of them would
 * break it. Rows whose cells repeat one another (a closed claim's incurred equal to its paid
 * and a reserve of 0; one item at its unit price) vouch for nothing: the same printed figure
 * OCR misread the same way twice would still add up.
 */

/** Sums and products agree to the cent (with room for floating-point arithmetic). */
const CENT = 0.011;
/** An identity is the table's when this many rows keep it and none breaks it. */
const WITNESS_ROWS = 2;

type Identity = readonly [string, string, string, (a: number, b: number) => number];

function amountOf(value: ScalarValue | null | undefined): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'object' && value !== null && 'amount' in value)
    return (value as MoneyValue).amount;
  return null;
}

/** Every way two numeric columns may make a third: a + b = c, a × b = c. */
function identities(field: TableFieldDefinition): Identity[] {
  const keys = field.columns
    .filter((c) => c.type === 'money' || c.type === 'number')
    .map((c) => c.key);
  const found: Identity[] = [];
  for (const c of keys)
    for (const a of keys)
      for (const b of keys) {
        if (a >= b || a === c || b === c) continue;
        found.push([a, b, c, (x, y) => x + y], [a, b, c, (x, y) => x * y]);
      }
  return found;
}

/**
 * How a row stands to an identity: it keeps it with three distinct non-zero figures, keeps it
 * only with repeated or zero ones, breaks it, or misses a figure.
 */
function standing(
  row: ExtractedRow,
  [a, b, c, make]: Identity,
): 'kept' | 'repeated' | 'broken' | null {
  const [x, y, z] = [a, b, c].map((key) => amountOf(row.cells[key]?.value));
  if (x === null || y === null || z === null) return null;
  if (Math.abs(make(x, y) - z) > CENT) return 'broken';
  const distinct = Math.abs(z - x) > CENT && Math.abs(z - y) > CENT;
  return x !== 0 && y !== 0 && distinct ? 'kept' : 'repeated';
}

/**
 * In a row keeping an identity only with repeated figures, the cell holding the operation's
 * neutral figure (a reserve of 0 where incurred is paid; a quantity of 1 where the line amount
 * is the unit price), when the two others are one non-zero figure: whatever OCR did to that
 * repeated figure, the row adds up only with the neutral one, so a misread of it would break
 * the row. Returns its key, or null.
 */
function neutralCell(row: ExtractedRow, [a, b, c, make]: Identity): string | null {
  const [x, y, z] = [a, b, c].map((key) => amountOf(row.cells[key]?.value));
  if (x === null || y === null || z === null || Math.abs(z) <= CENT) return null;
  const neutral = make(2, 3) === 5 ? 0 : 1;
  if (Math.abs(x - neutral) <= CENT / 2 && Math.abs(y - z) <= CENT) return a;
  if (Math.abs(y - neutral) <= CENT / 2 && Math.abs(x - z) <= CENT) return b;
  return null;
}

/**
 * The cells (`row index:column key`, 0-based rows) the table's own row arithmetic vouches for:
 * those of rows keeping an identity that no row of the table breaks, and in its rows of
 * repeated figures the neutral one (`neutralCell`).
 */
export function cellsKeepingRowArithmetic(
  field: TableFieldDefinition,
  rows: readonly ExtractedRow[],
): Set<string> {
  const vouched = new Set<string>();
  for (const identity of identities(field)) {
    const standings = rows.map((row) => standing(row, identity));
    const witnesses = standings.filter((s) => s === 'kept').length;
    if (standings.includes('broken') || witnesses < WITNESS_ROWS) continue;
    const [a, b, c] = identity;
    standings.forEach((s, i) => {
      if (s === 'kept') for (const key of [a, b, c]) vouched.add(`${i}:${key}`);
      const neutral = s === 'repeated' ? neutralCell(rows[i], identity) : null;
      if (neutral) vouched.add(`${i}:${neutral}`);
    });
  }
  return vouched;
}

/** Rows of a table that keep an identity as against those that break it, for a doubt. */
const BROKEN_SHARE = 0.5;

function identityText([a, b, c, make]: Identity): string {
  return `${c} is not ${a} ${make(2, 3) === 5 ? '+' : '×'} ${b}`;
}

/**
 * Rows breaking an identity the table's other rows keep (at least WITNESS_ROWS of them, and
 * more than break it): a misread digit (`18,753.07` for 15,753.07 incurred on a scan of draw
 * 7006, paid plus reserve in every other row) or a lost decimal point (a quantity `45` for 4.5).
 * One doubt per row (1-based in the text), naming the identity it breaks.
 */
export function rowsBreakingArithmetic(
  field: TableFieldDefinition,
  rows: readonly ExtractedRow[],
): string[] {
  const doubts = new Map<number, string>();
  for (const identity of identities(field)) {
    const standings = rows.map((row) => standing(row, identity));
    const witnesses = standings.filter((s) => s === 'kept').length;
    const broken = standings.filter((s) => s === 'broken').length;
    if (broken === 0 || witnesses < WITNESS_ROWS || broken >= BROKEN_SHARE * (witnesses + broken))
      continue;
    standings.forEach((s, i) => {
      if (s === 'broken' && !doubts.has(i))
        doubts.set(
          i,
          `row ${i + 1}: ${identityText(identity)}, as ${witnesses} other rows keep it`,
        );
    });
  }
  return [...doubts.entries()].sort(([a], [b]) => a - b).map(([, doubt]) => doubt);
}
