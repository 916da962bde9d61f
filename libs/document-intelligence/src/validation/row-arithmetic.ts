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
 * How many rows keep an identity that some rows break, when it is the table's all the same (at
 * least WITNESS_ROWS keep it, and more than break it); null otherwise.
 */
function witnessesAgainstBroken(
  standings: ReadonlyArray<ReturnType<typeof standing>>,
): number | null {
  const witnesses = standings.filter((s) => s === 'kept').length;
  const broken = standings.filter((s) => s === 'broken').length;
  return broken === 0 || witnesses < WITNESS_ROWS || broken >= BROKEN_SHARE * (witnesses + broken)
    ? null
    : witnesses;
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
    const witnesses = witnessesAgainstBroken(standings);
    if (witnesses === null) continue;
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

/**
 * Digits OCR reads for one another on a poor scan (a 0 as 6, 8 or 9 on the harsh scans of draw
 * 7025: `9.00`, `0.88`, `0.66` for 0.00, `16,870.41` for 10,870.41).
 */
const DIGIT_LOOK_ALIKES: Readonly<Record<string, string>> = {
  '0': '689',
  '6': '058',
  '8': '0369',
  '9': '08',
  '1': '7',
  '7': '1',
  '3': '8',
  '5': '6',
};
/** A repair changes at most this many digits of what OCR read. */
const MAX_REPAIRED_DIGITS = 2;

/** Whether `read` (a cell's printed figure) is `target` with a look-alike digit or two misread. */
function misreadOf(read: string, target: number): boolean {
  if (target < 0 || !Number.isFinite(target)) return false;
  const decimals = /\.(\d{1,2})\D*$/.exec(read)?.[1].length ?? 0;
  const wanted = target.toFixed(decimals).replace('.', '');
  const printed = read.replace(/\D/g, '');
  if (wanted.length !== printed.length) return false;
  const changed = [...printed].flatMap((digit, i) => (digit === wanted[i] ? [] : [i]));
  return (
    changed.length > 0 &&
    changed.length <= MAX_REPAIRED_DIGITS &&
    changed.every((i) => (DIGIT_LOOK_ALIKES[printed[i]] ?? '').includes(wanted[i]))
  );
}

/** What each cell of an identity would have to be for the row to keep it. */
function solvedCells(row: ExtractedRow, [a, b, c, make]: Identity): Array<[string, number]> {
  const [x, y, z] = [a, b, c].map((key) => amountOf(row.cells[key]?.value));
  if (x === null || y === null || z === null) return [];
  const sum = make(2, 3) === 5;
  const solved: Array<[string, number | null]> = [
    [c, make(x, y)],
    [a, sum ? z - y : y !== 0 ? z / y : null],
    [b, sum ? z - x : x !== 0 ? z / x : null],
  ];
  return solved.flatMap(([key, value]) =>
    value === null ? [] : [[key, Math.round(value * 100) / 100] as [string, number]],
  );
}

/** How much less sure OCR must have been of one figure than of the others to pick it. */
const SURENESS_MARGIN = 0.1;

/** A figure's least sure word as OCR read it; 1 without words (born-digital text is sure). */
function sureness(row: ExtractedRow, key: string): number {
  const words = row.cells[key]?.grounding?.words ?? [];
  return Math.min(1, ...words.map((w) => w.confidence));
}

/**
 * The one repair among those that fit: the only one, or the figure OCR was clearly least sure
 * of (`USD 9.00` at 0.4 beside an incurred at 0.95 that `9.00` would also mend).
 */
function leastSure(
  fits: ReadonlyArray<[string, number]>,
  row: ExtractedRow,
): [string, number] | null {
  if (fits.length <= 1) return fits[0] ?? null;
  const ranked = [...fits].sort((p, q) => sureness(row, p[0]) - sureness(row, q[0]));
  return sureness(row, ranked[1][0]) - sureness(row, ranked[0][0]) >= SURENESS_MARGIN
    ? ranked[0]
    : null;
}

/**
 * Rows breaking an identity the table keeps (as for `rowsBreakingArithmetic`) where one cell,
 * read with a look-alike digit or two the other way, makes the row keep it (the only such cell,
 * or the one OCR was clearly least sure of): that cell is repaired, and a doubt says so (the
 * reviewer still sees it). Rows and doubts, the rows as given
 * when nothing was repaired.
 */
export function repairedByRowArithmetic(
  field: TableFieldDefinition,
  rows: readonly ExtractedRow[],
): { rows: ExtractedRow[]; doubts: string[] } {
  const repaired = [...rows];
  const doubts: string[] = [];
  for (const identity of identities(field)) {
    const standings = repaired.map((row) => standing(row, identity));
    if (witnessesAgainstBroken(standings) === null) continue;
    standings.forEach((s, i) => {
      if (s !== 'broken') return;
      const row = repaired[i];
      const fits = solvedCells(row, identity).filter(([key, value]) =>
        misreadOf(row.cells[key]?.text ?? '', value),
      );
      const fit = leastSure(fits, row);
      if (!fit) return;
      const [key, amount] = fit;
      const cell = row.cells[key];
      const value =
        typeof cell.value === 'object' && cell.value !== null && 'amount' in cell.value
          ? { ...(cell.value as MoneyValue), amount }
          : amount;
      repaired[i] = { ...row, cells: { ...row.cells, [key]: { ...cell, value } } };
      doubts.push(
        `row ${i + 1}: ${key} read "${cell.text}", taken as ${amount} so that ${identityText(identity).replace(' is not ', ' is ')}`,
      );
    });
  }
  return { rows: repaired, doubts };
}
