import {
  type ExtractedRow,
  type FieldValue,
  intersectionOverUnion,
  type MoneyValue,
  normaliseText,
  type ValidatedField,
} from '@docket/document-intelligence';
import type { CornerBox } from '@docket/platform';

import type { TruthRow, TruthScalar } from './synthetic-document.types';
import type { TruthBox } from './truth-box.types';

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export const emptyCounts = (): Counts => ({ tp: 0, fp: 0, fn: 0 });

export function addCounts(target: Counts, more: Counts): void {
  target.tp += more.tp;
  target.fp += more.fp;
  target.fn += more.fn;
}

export function precision(c: Counts): number {
  return c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
}

export function recall(c: Counts): number {
  return c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
}

export function f1(c: Counts): number {
  const p = precision(c);
  const r = recall(c);
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
}

export function isMoney(value: unknown): value is MoneyValue {
  return typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value;
}

/** Strings compare after Unicode/whitespace clean-up, case-insensitively, ignoring trailing punctuation. */
function canonicalString(value: string): string {
  return normaliseText(value)
    .toLowerCase()
    .replace(/[.,;:]+$/, '');
}

/** Exact match after normalisation: the benchmark's definition of a correct value. */
export function sameValue(
  truth: TruthScalar | null | undefined,
  predicted: FieldValue | null | undefined,
): boolean {
  if (truth === null || truth === undefined) return predicted === null || predicted === undefined;
  if (predicted === null || predicted === undefined) return false;
  if (isMoney(truth))
    return (
      isMoney(predicted) &&
      Math.abs(truth.amount - predicted.amount) < 0.005 &&
      truth.currency === predicted.currency
    );
  if (typeof truth === 'number')
    return typeof predicted === 'number' && Math.abs(truth - predicted) < 1e-6;
  if (typeof truth === 'boolean') return predicted === truth;
  return typeof predicted === 'string' && canonicalString(predicted) === canonicalString(truth);
}

export interface FieldOutcome {
  readonly key: string;
  readonly truth: TruthScalar | null;
  readonly predicted: FieldValue | null;
  readonly correct: boolean;
  readonly flagged: boolean;
  readonly confidence: number;
  /** Only for correct values with a true box. */
  readonly iou?: number;
}

function iouOf(
  truthBox: TruthBox | undefined,
  page: number | undefined,
  box: CornerBox | undefined,
): number | undefined {
  if (!truthBox || page === undefined || !box) return undefined;
  return page === truthBox.page ? intersectionOverUnion(truthBox.box, box) : 0;
}

/** Scores scalar fields; `predicted` may come from another class's schema when classification failed. */
export function scoreFields(
  truth: Readonly<Record<string, TruthScalar | null>>,
  predicted: readonly ValidatedField[],
  truthBoxes: ReadonlyMap<string, TruthBox>,
): { counts: Counts; outcomes: FieldOutcome[] } {
  const counts = emptyCounts();
  const outcomes: FieldOutcome[] = [];
  const byKey = new Map(predicted.filter((f) => f.type !== 'table').map((f) => [f.key, f]));
  const keys = new Set([...Object.keys(truth), ...byKey.keys()]);
  for (const key of keys) {
    const expected = truth[key] ?? null;
    const field = byKey.get(key);
    const value = field?.value ?? null;
    const correct = sameValue(expected, value);
    if (expected !== null && correct) counts.tp += 1;
    if (expected !== null && !correct) counts.fn += 1;
    if (value !== null && !correct) counts.fp += 1;
    if (expected === null && value === null) continue;
    const iou =
      correct && expected !== null
        ? iouOf(truthBoxes.get(`field:${key}`), field?.grounding?.page, field?.grounding?.box)
        : undefined;
    outcomes.push({
      key,
      truth: expected,
      predicted: value,
      correct,
      flagged: field?.flagged ?? false,
      confidence: field?.confidence ?? 0,
      ...(iou === undefined ? {} : { iou }),
    });
  }
  return { counts, outcomes };
}

/** One table cell read wrong, missing or extra, for diagnosis. */
export interface CellError {
  readonly table: string;
  /** 1-based truth row; 0 for a predicted row no truth row was paired with. */
  readonly row: number;
  readonly column: string;
  readonly truth: TruthScalar | null;
  readonly predicted: FieldValue | null;
  readonly text: string;
  readonly confidence: number;
}

/**
 * Table cells: each true row is paired with the unused predicted row sharing most correct cells,
 * so one missed row does not shift every later row into an error.
 */
export function scoreTable(
  tableKey: string,
  truthRows: readonly TruthRow[],
  predictedRows: readonly ExtractedRow[],
  truthBoxes: ReadonlyMap<string, TruthBox>,
): { counts: Counts; ious: number[]; errors: CellError[] } {
  const counts = emptyCounts();
  const ious: number[] = [];
  const errors: CellError[] = [];
  const used = new Set<number>();
  truthRows.forEach((truthRow, rowIndex) => {
    let best = -1;
    let bestScore = -1;
    predictedRows.forEach((row, i) => {
      if (used.has(i)) return;
      const score = Object.entries(truthRow).filter(
        ([column, value]) => value !== null && sameValue(value, row.cells[column]?.value ?? null),
      ).length;
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    });
    const row = best >= 0 && bestScore > 0 ? predictedRows[best] : undefined;
    if (row) used.add(best);
    for (const [column, expected] of Object.entries(truthRow)) {
      const cell = row?.cells[column];
      const value = cell?.value ?? null;
      const correct = sameValue(expected, value);
      if (expected !== null && correct) {
        counts.tp += 1;
        const iou = iouOf(
          truthBoxes.get(`cell:${tableKey}:${rowIndex}:${column}`),
          cell?.grounding?.page,
          cell?.grounding?.box,
        );
        if (iou !== undefined) ious.push(iou);
      }
      if (expected !== null && !correct) counts.fn += 1;
      if (value !== null && !correct) counts.fp += 1;
      if (!correct && (expected !== null || value !== null))
        errors.push({
          table: tableKey,
          row: rowIndex + 1,
          column,
          truth: expected,
          predicted: value,
          text: cell?.text ?? '',
          confidence: cell?.confidence ?? 0,
        });
    }
  });
  predictedRows.forEach((row, i) => {
    if (used.has(i)) return;
    counts.fp += Object.values(row.cells).filter((c) => c.value !== null).length;
    errors.push({
      table: tableKey,
      row: 0,
      column: '(extra row)',
      truth: null,
      predicted: Object.values(row.cells)
        .map((c) => c.text)
        .join(' | '),
      text: '',
      confidence: 0,
    });
  });
  return { counts, ious, errors };
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}
