import type { CornerBox } from '@docket/platform';

import { upperMedian } from '../common/upper-median';
import type {
  ExtractedCell,
  ExtractedField,
  ExtractedRow,
  ScalarValue,
  TableRowValue,
} from '../schema/extraction-result.types';
import type { TableColumnDefinition, TableFieldDefinition } from '../schema/field-schema.types';
import { boxCentreX, horizontalOverlap, unionBox } from '../text-layer/box-geometry';
import type { PositionedWord, TextLine } from '../text-layer/line-grouper';
import { makeSegment, splitSegments, type TextSegment } from '../text-layer/line-grouper';
import { labelTokens } from '../text-layer/text-normaliser';
import { parseScalar } from '../values/scalar-value.parser';
import { groundingOf, joinWords, meanConfidence, wordKey, wordsInSpan } from '../values/word-span';
import { fieldPhrases } from '../vocabulary/label-vocabulary';
import { findLabelMatches } from './label-matcher';

export const DEFAULT_TABLE_STOP_LABELS = [
  'total',
  'totals',
  'subtotal',
  'sub total',
  'grand total',
  'tax',
  'sales tax',
  'balance due',
  'amount due',
  'total due',
  // A loss run sums its columns under "Sum" as often as under "Total".
  'sum',
];

interface HeaderColumn {
  readonly column: TableColumnDefinition;
  readonly box: CornerBox;
  readonly score: number;
}

interface Header {
  readonly line: TextLine;
  readonly lineIndex: number;
  readonly columns: readonly HeaderColumn[];
  /**
   * Header cells of columns the schema does not ask for ("Line", "Part No."). Cells under them
   * are dropped instead of being pushed into the nearest wanted column.
   */
  readonly foreign: readonly CornerBox[];
  readonly words: readonly PositionedWord[];
}

/** Where a table's wanted and unwanted columns are. */
type ColumnLayout = Pick<Header, 'columns' | 'foreign'>;

export interface TableExtraction {
  readonly field: ExtractedField;
  /** Words inside the table, so scalar fields do not read header cells as their labels. */
  readonly usedWords: ReadonlySet<string>;
}

/** Header cells match at this score or better; column headers are short and exact. */
const MIN_HEADER_SCORE = 0.7;

function findHeader(
  lines: readonly TextLine[],
  lineIndex: number,
  field: TableFieldDefinition,
  fuzzy: boolean,
): Header | null {
  const line = lines[lineIndex];
  const candidates: Array<{
    column: TableColumnDefinition;
    start: number;
    end: number;
    score: number;
  }> = [];
  for (const column of field.columns) {
    const phrases = fieldPhrases(column);
    for (const match of findLabelMatches([line], phrases, fuzzy)) {
      if (match.score >= MIN_HEADER_SCORE)
        candidates.push({ column, start: match.startWord, end: match.endWord, score: match.score });
    }
  }
  // Longer and better matches first, each column and each word used once.
  candidates.sort((a, b) => b.end - b.start - (a.end - a.start) || b.score - a.score);
  const usedWords = new Set<number>();
  const chosen = new Map<string, HeaderColumn & { start: number; end: number }>();
  for (const c of candidates) {
    if (chosen.has(c.column.key)) continue;
    let free = true;
    for (let w = c.start; w < c.end; w += 1) if (usedWords.has(w)) free = false;
    if (!free) continue;
    for (let w = c.start; w < c.end; w += 1) usedWords.add(w);
    const words = line.words.slice(c.start, c.end);
    chosen.set(c.column.key, {
      column: c.column,
      box: unionBox(words.map((w) => w.box))!,
      score: c.score,
      start: c.start,
      end: c.end,
    });
  }
  const required = field.minHeaderMatches ?? Math.max(2, Math.ceil(field.columns.length / 2));
  if (chosen.size < required) return null;
  const columns = [...chosen.values()].sort((a, b) => a.box.x0 - b.box.x0);
  const foreign = splitSegments(line)
    .map((segment) => segment.words.filter((w) => !usedWords.has(line.words.indexOf(w))))
    .filter((words) => words.length > 0)
    .map((words) => unionBox(words.map((w) => w.box))!);
  return {
    line,
    lineIndex,
    columns,
    foreign,
    words: line.words.filter((_, i) => usedWords.has(i)),
  };
}

function startsWithStopLabel(line: TextLine, stopLabels: readonly string[]): boolean {
  const first = splitSegments(line)[0];
  if (!first) return false;
  const tokens = labelTokens(first.text);
  if (tokens.length > 5) return false;
  return stopLabels.some((label) => {
    const stop = labelTokens(label);
    return stop.length > 0 && stop.every((t, i) => tokens[i] === t);
  });
}

/** Alignment distance of a cell to a header: left, right or centre aligned, whichever fits. */
function alignmentDistance(cell: CornerBox, header: CornerBox): number {
  return Math.min(
    Math.abs(cell.x0 - header.x0),
    Math.abs(cell.x1 - header.x1),
    Math.abs(boxCentreX(cell) - boxCentreX(header)),
  );
}

/** Cells further than this (page widths) from every header belong to no column. */
const MAX_ALIGNMENT_DISTANCE = 0.12;

function assignCells(line: TextLine, layout: ColumnLayout): Map<string, PositionedWord[]> {
  const assigned = new Map<string, PositionedWord[]>();
  // A foreign column has no key: cells that fall under it are dropped.
  const targets: Array<{ key: string | null; box: CornerBox }> = [
    ...layout.columns.map((c) => ({ key: c.column.key, box: c.box })),
    ...layout.foreign.map((box) => ({ key: null, box })),
  ];
  // Split finer than for labels: adjacent numeric columns can be close together.
  for (const segment of splitSegments(line, 0.7)) {
    for (const part of splitAcrossColumns(segment, layout.columns)) {
      let best: (typeof targets)[number] | undefined;
      let bestOverlap = 0;
      for (const target of targets) {
        const overlap = horizontalOverlap(part.box, target.box);
        if (overlap > bestOverlap) {
          bestOverlap = overlap;
          best = target;
        }
      }
      if (!best) {
        let bestDistance = MAX_ALIGNMENT_DISTANCE;
        for (const target of targets) {
          const distance = alignmentDistance(part.box, target.box);
          if (distance < bestDistance) {
            bestDistance = distance;
            best = target;
          }
        }
      }
      if (!best || best.key === null) continue;
      const words = assigned.get(best.key) ?? [];
      assigned.set(best.key, [...words, ...part.words]);
    }
  }
  return assigned;
}

/**
 * A segment that overlaps two headers (a narrow gutter on a scan) is cut where its words change
 * from overlapping one header to the next.
 */
function splitAcrossColumns(segment: TextSegment, columns: readonly HeaderColumn[]): TextSegment[] {
  const owners = segment.words.map((word) => {
    let owner = -1;
    let best = 0;
    columns.forEach((column, i) => {
      const overlap = horizontalOverlap(word.box, column.box);
      if (overlap > best) {
        best = overlap;
        owner = i;
      }
    });
    return owner;
  });
  const distinct = new Set(owners.filter((o) => o >= 0));
  if (distinct.size <= 1) return [segment];
  const parts: PositionedWord[][] = [];
  let current: PositionedWord[] = [];
  let currentOwner = owners[0];
  segment.words.forEach((word, i) => {
    if (owners[i] >= 0 && currentOwner >= 0 && owners[i] !== currentOwner && current.length > 0) {
      parts.push(current);
      current = [];
    }
    if (owners[i] >= 0) currentOwner = owners[i];
    current.push(word);
  });
  if (current.length > 0) parts.push(current);
  return parts.map((words) => makeSegment(words));
}

interface ParsedRow {
  readonly cells: Map<string, ExtractedCell & { words: PositionedWord[] }>;
  readonly parsedCount: number;
  readonly onlyTextColumns: boolean;
}

function parseRow(line: TextLine, layout: ColumnLayout, documentId: string | undefined): ParsedRow {
  const { columns } = layout;
  const assigned = assignCells(line, layout);
  const cells = new Map<string, ExtractedCell & { words: PositionedWord[] }>();
  let parsedCount = 0;
  let onlyTextColumns = true;
  for (const { column } of columns) {
    const words = assigned.get(column.key);
    if (!words || words.length === 0) continue;
    if (column.type !== 'string') onlyTextColumns = false;
    const text = joinWords(words);
    const parsed = parseScalar(text, column);
    if (!parsed) {
      cells.set(column.key, {
        value: null,
        text,
        confidence: 0,
        grounding: groundingOf(words, documentId),
        words,
      });
      continue;
    }
    parsedCount += 1;
    const valueWords = wordsInSpan(words, parsed.start, parsed.end);
    cells.set(column.key, {
      value: parsed.value,
      text,
      confidence: parsed.quality * meanConfidence(valueWords),
      grounding: groundingOf(valueWords, documentId),
      words: valueWords,
    });
  }
  return { cells, parsedCount, onlyTextColumns };
}

type RowBuild = {
  cells: Map<string, ExtractedCell & { words: PositionedWord[] }>;
  lines: TextLine[];
};

/**
 * Reads rows below a header until a stop label ("Total"), a line that does not fit the columns,
 * or a large vertical gap. Returns whether a stop label ended it (then it does not continue on
 * the next page).
 */
function readRows(
  lines: readonly TextLine[],
  from: number,
  layout: ColumnLayout,
  field: TableFieldDefinition,
  documentId: string | undefined,
  rows: RowBuild[],
): { stopped: boolean } {
  const { columns } = layout;
  const stopLabels = field.stopLabels ?? DEFAULT_TABLE_STOP_LABELS;
  const minCells = Math.max(1, Math.min(2, Math.ceil(columns.length / 2)));
  const page = lines[from]?.pageNumber;
  let previous: TextLine | undefined = lines[from - 1];
  const gaps: number[] = [];
  for (let i = from; i < lines.length && lines[i].pageNumber === page; i += 1) {
    const line = lines[i];
    // Specks and ruling lines that OCR reads as ":" or "|" are not the end of the table.
    if (!/[A-Za-z0-9]/.test(line.text)) continue;
    if (startsWithStopLabel(line, stopLabels)) return { stopped: true };
    const gap = previous && previous.pageNumber === page ? line.box.y0 - previous.box.y1 : 0;
    const typicalGap = upperMedian(gaps);
    const height = line.box.y1 - line.box.y0;
    if (gaps.length > 0 && gap > Math.max(typicalGap * 3, height * 2.5)) return { stopped: false };
    const row = parseRow(line, layout, documentId);
    const last = rows[rows.length - 1];
    if (row.parsedCount >= minCells && !(row.onlyTextColumns && last && gap < height)) {
      rows.push({ cells: row.cells, lines: [line] });
    } else if (row.onlyTextColumns && row.cells.size > 0 && last && gap < height * 1.2) {
      // A wrapped description: its words belong to the cells of the row above.
      for (const [key, cell] of row.cells) {
        const existing = last.cells.get(key);
        const words = [...(existing?.words ?? []), ...cell.words];
        const column = columns.find((c) => c.column.key === key)!.column;
        const parsed = parseScalar(joinWords(words), column);
        last.cells.set(key, {
          value: parsed?.value ?? null,
          text: joinWords(words),
          confidence: (parsed?.quality ?? 0) * meanConfidence(words),
          grounding: groundingOf(words, documentId),
          words,
        });
      }
      last.lines.push(line);
    } else if (
      i + 1 < lines.length &&
      lines[i + 1].pageNumber === page &&
      fitsAsRow(lines[i + 1], layout, documentId, minCells)
    ) {
      // One garbled line in a table (a ruling line read as letters, a stamp) does not end it.
      continue;
    } else {
      return { stopped: false };
    }
    if (previous && previous.pageNumber === page) gaps.push(gap);
    previous = line;
  }
  return { stopped: false };
}

function fitsAsRow(
  line: TextLine,
  layout: ColumnLayout,
  documentId: string | undefined,
  minCells: number,
): boolean {
  const row = parseRow(line, layout, documentId);
  return row.parsedCount >= minCells && !row.onlyTextColumns;
}

/**
 * On the page after an unfinished table, rows continue below a repeated header or, without
 * one, from the first line that fits the previous page's columns.
 */
function continuationStart(
  lines: readonly TextLine[],
  pageStart: number,
  field: TableFieldDefinition,
  layout: ColumnLayout,
  fuzzy: boolean,
  documentId: string | undefined,
): { from: number; header?: Header } | null {
  const { columns } = layout;
  const page = lines[pageStart].pageNumber;
  for (
    let i = pageStart;
    i < lines.length && lines[i].pageNumber === page && i < pageStart + 8;
    i += 1
  ) {
    const header = findHeader(lines, i, field, fuzzy);
    if (header) return { from: i + 1, header };
    const row = parseRow(lines[i], layout, documentId);
    const minCells = Math.max(2, Math.ceil(columns.length / 2));
    if (row.parsedCount >= minCells && !row.onlyTextColumns) return { from: i };
  }
  return null;
}

/** A column configured without a type ({key, label}) holds text. */
function withColumnTypes(field: TableFieldDefinition): TableFieldDefinition {
  return {
    ...field,
    columns: field.columns.map((c): TableColumnDefinition =>
      (c.type as string | undefined) === undefined ? { ...c, type: 'string' } : c,
    ),
  };
}

export function extractTable(
  configured: TableFieldDefinition,
  lines: readonly TextLine[],
  options: { fuzzy: boolean; documentId?: string },
): TableExtraction {
  const field = withColumnTypes(configured);
  let header: Header | null = null;
  for (let i = 0; i < lines.length && !header; i += 1)
    header = findHeader(lines, i, field, options.fuzzy);
  if (!header) {
    return {
      field: {
        key: field.key,
        type: 'table',
        value: null,
        confidence: 0,
        source: 'not-found',
        notes: ['table header not found'],
      },
      usedWords: new Set(),
    };
  }

  const rows: RowBuild[] = [];
  let layout: ColumnLayout = header;
  const headerWords = [...header.words];
  let { stopped } = readRows(lines, header.lineIndex + 1, layout, field, options.documentId, rows);
  let page = header.line.pageNumber;
  while (!stopped) {
    const nextPageStart = lines.findIndex((l) => l.pageNumber > page);
    if (nextPageStart < 0) break;
    const next = continuationStart(
      lines,
      nextPageStart,
      field,
      layout,
      options.fuzzy,
      options.documentId,
    );
    if (!next) break;
    if (next.header) {
      layout = next.header;
      headerWords.push(...next.header.words);
    }
    page = lines[nextPageStart].pageNumber;
    stopped = readRows(lines, next.from, layout, field, options.documentId, rows).stopped;
  }

  const extractedRows: ExtractedRow[] = rows.map((row) => {
    const cells: Record<string, ExtractedCell> = {};
    for (const column of field.columns) {
      const cell = row.cells.get(column.key);
      if (cell)
        cells[column.key] = {
          value: cell.value,
          text: cell.text,
          confidence: cell.confidence,
          grounding: cell.grounding,
        };
    }
    const words = [...row.cells.values()].flatMap((c) => c.words);
    const present = Object.values(cells);
    const confidence =
      present.length === 0 ? 0 : present.reduce((s, c) => s + c.confidence, 0) / present.length;
    return { cells, confidence, grounding: groundingOf(words, options.documentId) };
  });
  const value: TableRowValue[] = extractedRows.map((row) => {
    const out: Record<string, ScalarValue | null> = {};
    for (const column of field.columns) out[column.key] = row.cells[column.key]?.value ?? null;
    return out;
  });

  const allWords = [
    ...headerWords,
    ...rows.flatMap((r) => [...r.cells.values()].flatMap((c) => c.words)),
  ];
  const headerScore = header.columns.reduce((s, c) => s + c.score, 0) / header.columns.length;
  const rowScore =
    extractedRows.length === 0
      ? 0
      : extractedRows.reduce((s, r) => s + r.confidence, 0) / extractedRows.length;
  const notes: string[] = [];
  if (header.columns.length < field.columns.length) {
    const found = new Set(header.columns.map((c) => c.column.key));
    notes.push(
      `columns not found: ${field.columns
        .filter((c) => !found.has(c.key))
        .map((c) => c.key)
        .join(', ')}`,
    );
  }
  if (extractedRows.length === 0) notes.push('table has no rows');
  return {
    field: {
      key: field.key,
      type: 'table',
      value,
      confidence: headerScore * rowScore,
      ...(options.documentId === undefined ? {} : { documentId: options.documentId }),
      grounding: groundingOf(allWords, options.documentId),
      source: 'table',
      rows: extractedRows,
      notes,
    },
    usedWords: new Set(
      [...allWords, ...rows.flatMap((r) => r.lines.flatMap((l) => l.words))].map(wordKey),
    ),
  };
}
