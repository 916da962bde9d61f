import type { ExtractedField, ExtractedRow } from '../extraction/extraction-result.types';
import type { ScalarFieldDefinition } from '../extraction/field-schema.types';
import { captionTokens } from '../extraction/label-vocabulary';
import { parseScalar } from '../extraction/scalar-value.parser';
import {
  groundingOf,
  joinWords,
  meanConfidence,
  wordKey,
  wordsInSpan,
} from '../extraction/word-span';
import type { LayoutCell, LayoutTable } from '../layout/layout.types';
import { looksLikeLabelText } from '../layout/layout-text';
import { analysePage } from '../layout/page-layout.analyser';
import { boxCentreX, boxCentreY, intersectionArea } from '../text-layer/box-geometry';
import { groupLines, type PositionedWord } from '../text-layer/line-grouper';
import type { NormalisedBox, TextPage } from '../text-layer/text-layer.types';
import { layoutFingerprint, layoutSimilarity, SAME_LAYOUT_SIMILARITY } from './layout-fingerprint';

/*
 * One-shot layout learning. From one reviewed document: for each confirmed or corrected value,
 * the caption (anchor) nearest to it and where the value sits relative to that caption. On the
 * next document of the same layout the value is read there first: the caption is found again
 * (it may have moved a little) and the words at the remembered offset are parsed as the field.
 */

/** Where a reviewer said a field's value is. */
export interface ReviewedValue {
  readonly key: string;
  readonly pageNumber: number;
  readonly box: NormalisedBox;
}

export interface RememberedField {
  readonly key: string;
  readonly pageNumber: number;
  /** The caption the value hangs off, as printed. */
  readonly anchorText: string;
  readonly anchorBox: NormalisedBox;
  /** The value's box relative to the anchor's top-left corner. */
  readonly offset: NormalisedBox;
}

/** Where a reviewer said a table's rows are (each row's box, on its page). */
export interface ReviewedTable {
  readonly key: string;
  readonly rows: ReadonlyArray<{ readonly pageNumber: number; readonly box: NormalisedBox }>;
}

/** How a table's rows follow one another in the layout: the spacing a missing row breaks. */
export interface RememberedTable {
  readonly key: string;
  /** Median distance from one row's top to the next one's (page heights). */
  readonly rowPitch: number;
  /** Median height of one row's box (page heights). */
  readonly rowHeight: number;
}

export interface LayoutMemory {
  readonly fingerprint: readonly string[];
  readonly fields: readonly RememberedField[];
  /** Absent in memories learned before tables were remembered. */
  readonly tables?: readonly RememberedTable[];
}

/** A memory applies from this confidence: the layout matched and the value parsed. */
const MEMORY_CONFIDENCE = 0.95;

function relative(box: NormalisedBox, origin: NormalisedBox): NormalisedBox {
  return {
    x0: box.x0 - origin.x0,
    y0: box.y0 - origin.y0,
    x1: box.x1 - origin.x0,
    y1: box.y1 - origin.y0,
  };
}

function distance(a: NormalisedBox, b: NormalisedBox): number {
  return Math.hypot(boxCentreX(a) - boxCentreX(b), boxCentreY(a) - boxCentreY(b));
}

/**
 * The caption a value hangs off: the one on the value's own line to its left if there is one
 * ("Net Amount ........ 3,825.12": a table header above it moves away when the table grows),
 * else the nearest one left of or above it (how forms are read), else the nearest.
 */
function anchorFor(
  page: TextPage,
  value: NormalisedBox,
): { text: string; box: NormalisedBox } | null {
  const captions = captionsOf(page).filter((c) => intersectionArea(c.box, value) === 0);
  const valueMiddle = boxCentreY(value);
  const sameLine = captions.filter(
    (c) => c.box.x1 <= value.x0 + 0.01 && c.box.y0 <= valueMiddle && valueMiddle <= c.box.y1,
  );
  const before = captions.filter((c) => c.box.x0 <= value.x0 + 0.01 && c.box.y0 <= value.y1);
  const pool = sameLine.length > 0 ? sameLine : before.length > 0 ? before : captions;
  const nearest = [...pool].sort((a, b) => distance(a.box, value) - distance(b.box, value))[0];
  return nearest ? { text: nearest.text, box: nearest.box } : null;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The spacing of a reviewed table's rows, from the pages holding two rows or more. */
function rememberTable(table: ReviewedTable): RememberedTable | null {
  const pitches: number[] = [];
  const pageNumbers = [...new Set(table.rows.map((r) => r.pageNumber))];
  for (const pageNumber of pageNumbers) {
    const tops = table.rows
      .filter((r) => r.pageNumber === pageNumber)
      .map((r) => r.box.y0)
      .sort((a, b) => a - b);
    for (let i = 1; i < tops.length; i += 1) pitches.push(tops[i] - tops[i - 1]);
  }
  if (pitches.length === 0) return null;
  return {
    key: table.key,
    rowPitch: median(pitches),
    rowHeight: median(table.rows.map((r) => r.box.y1 - r.box.y0)),
  };
}

/**
 * Rows a table reading skipped, by the remembered layout's row spacing: a gap between two
 * rows read where one or more rows of the layout fit (a line the engine could not read as a
 * row). A row wrapped over two lines is one taller row, so gaps run from a row's bottom to
 * the next one's top.
 */
export function missingRowsDoubt(
  rows: readonly ExtractedRow[],
  remembered: RememberedTable,
): string | null {
  const between = remembered.rowPitch - remembered.rowHeight;
  if (remembered.rowPitch <= 0) return null;
  let missing = 0;
  for (let i = 1; i < rows.length; i += 1) {
    const previous = rows[i - 1].grounding;
    const current = rows[i].grounding;
    if (!previous || !current || previous.page !== current.page) continue;
    const gap = current.box.y0 - previous.box.y1 - between;
    missing += Math.max(0, Math.round(gap / remembered.rowPitch));
  }
  if (missing === 0) return null;
  return `rows: read ${rows.length}, the remembered layout's row spacing fits ${rows.length + missing}`;
}

/** What one reviewed document teaches about its layout (its first page's captions). */
export function learnLayout(
  pages: readonly TextPage[],
  reviewed: readonly ReviewedValue[],
  /** The document's tables as reviewed, row by row: their spacing is remembered. */
  reviewedTables: readonly ReviewedTable[] = [],
): LayoutMemory | null {
  const first = pages[0];
  if (!first) return null;
  const fields: RememberedField[] = [];
  for (const value of reviewed) {
    const page = pages.find((p) => p.pageNumber === value.pageNumber);
    if (!page) continue;
    const anchor = anchorFor(page, value.box);
    if (!anchor) continue;
    fields.push({
      key: value.key,
      pageNumber: value.pageNumber,
      anchorText: anchor.text,
      anchorBox: anchor.box,
      offset: relative(value.box, anchor.box),
    });
  }
  const tables = reviewedTables.flatMap((t) => rememberTable(t) ?? []);
  if (fields.length === 0 && tables.length === 0) return null;
  return {
    fingerprint: layoutFingerprint(first),
    fields,
    ...(tables.length === 0 ? {} : { tables }),
  };
}

/** The memory of the most similar layout, if any is similar enough. */
export function matchingMemory<T extends LayoutMemory>(
  pages: readonly TextPage[],
  memories: readonly T[],
): T | null {
  if (pages.length === 0 || memories.length === 0) return null;
  const fingerprint = layoutFingerprint(pages[0]);
  let best: T | null = null;
  let bestScore = SAME_LAYOUT_SIMILARITY;
  for (const memory of memories) {
    const score = layoutSimilarity(fingerprint, memory.fingerprint);
    if (score >= bestScore) {
      best = memory;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The captions the layout analysis finds on a page: pair keys, table header cells, and the
 * caption-like text that starts a table row (a totals line such as "Net Amount" that the table
 * took in, whose amount a reviewer confirms).
 */
function captionsOf(page: TextPage): Array<{ text: string; box: NormalisedBox }> {
  const layout = analysePage(page);
  return [
    ...layout.keyValuePairs.map((p) => p.key),
    ...layout.tables.flatMap((t) => t.cells.filter((c) => c.isHeader || startsLabelledRow(t, c))),
  ];
}

function startsLabelledRow(table: LayoutTable, cell: LayoutCell): boolean {
  const first = table.cells
    .filter((c) => c.rowIndex === cell.rowIndex)
    .reduce((a, b) => (b.columnIndex < a.columnIndex ? b : a));
  return first === cell && looksLikeLabelText(cell.text);
}

/** The anchor caption on this page: same caption tokens, nearest to where it was. */
function findAnchor(
  captions: ReadonlyArray<{ text: string; box: NormalisedBox }>,
  remembered: RememberedField,
): NormalisedBox | null {
  const wanted = captionTokens(remembered.anchorText).join(' ');
  const matching = captions.filter((c) => captionTokens(c.text).join(' ') === wanted);
  const nearest = matching.sort(
    (a, b) => distance(a.box, remembered.anchorBox) - distance(b.box, remembered.anchorBox),
  )[0];
  return nearest?.box ?? null;
}

/**
 * The value's words end where another caption begins: the box is widened for longer values,
 * and on a dense form the next field's caption ("... Loss date:") would otherwise be read as
 * part of this value.
 */
function untilNextCaption(
  words: readonly PositionedWord[],
  captions: ReadonlyArray<{ box: NormalisedBox }>,
  anchor: NormalisedBox,
): PositionedWord[] {
  const isCaption = (word: PositionedWord) =>
    captions.some(
      (caption) =>
        caption.box !== anchor && intersectionArea(caption.box, word.box) > 0.5 * boxArea(word.box),
    );
  const cut = words.findIndex(isCaption);
  return cut >= 0 ? words.slice(0, cut) : [...words];
}

function boxArea(box: NormalisedBox): number {
  return Math.max(0, box.x1 - box.x0) * Math.max(0, box.y1 - box.y0);
}

/** Words whose centre lies in the box, in reading order. */
function wordsIn(page: TextPage, box: NormalisedBox): PositionedWord[] {
  const slack = 0.004;
  return groupLines(page)
    .flatMap((line) => line.words)
    .filter((w) => {
      const x = boxCentreX(w.box);
      const y = boxCentreY(w.box);
      return (
        x >= box.x0 - slack && x <= box.x1 + slack && y >= box.y0 - slack && y <= box.y1 + slack
      );
    });
}

/**
 * Reads the remembered fields from a document of the memory's layout. A field whose anchor is
 * not found or whose text there does not parse is left out: the ordinary matching reads it.
 */
export function applyLayoutMemory(
  pages: readonly TextPage[],
  memory: LayoutMemory,
  fields: readonly ScalarFieldDefinition[],
  documentId: string | undefined,
  /** Receives the words each remembered value took, so no other field reads them again. */
  used?: Set<string>,
): ExtractedField[] {
  const results: ExtractedField[] = [];
  for (const field of fields) {
    const remembered = memory.fields.find((f) => f.key === field.key);
    const page = remembered && pages.find((p) => p.pageNumber === remembered.pageNumber);
    if (!remembered || !page) continue;
    const captions = captionsOf(page);
    const anchor = findAnchor(captions, remembered);
    if (!anchor) continue;
    const box = {
      x0: anchor.x0 + remembered.offset.x0,
      y0: anchor.y0 + remembered.offset.y0,
      // A longer value than the remembered one may run on to the right.
      x1: Math.max(
        anchor.x0 + remembered.offset.x1,
        Math.min(1, anchor.x0 + remembered.offset.x1 + 0.15),
      ),
      y1: anchor.y0 + remembered.offset.y1,
    };
    const words = untilNextCaption(wordsIn(page, box), captions, anchor);
    const text = joinWords(words);
    const parsed = text ? parseScalar(text, field) : null;
    if (!parsed) continue;
    const valueWords = wordsInSpan(words, parsed.start, parsed.end);
    valueWords.forEach((word) => used?.add(wordKey(word)));
    results.push({
      key: field.key,
      type: field.type,
      value: parsed.value,
      text: text.slice(parsed.start, parsed.end),
      confidence: MEMORY_CONFIDENCE * parsed.quality * meanConfidence(valueWords),
      ...(documentId === undefined ? {} : { documentId }),
      grounding: groundingOf(valueWords, documentId),
      source: 'layout-memory',
      notes: [`read where a reviewer confirmed it, right of/below "${remembered.anchorText}"`],
    });
  }
  return results;
}
