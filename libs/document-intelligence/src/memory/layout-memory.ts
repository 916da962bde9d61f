import type { CornerBox } from '@docket/platform';

import type { AnalysedPage } from '../layout/analysed-page';
import type { LayoutCell, LayoutTable, LayoutText } from '../layout/layout.types';
import { looksLikeLabelText } from '../layout/layout-text';
import {
  type ExtractedField,
  NOT_FOUND_DOUBT,
  weakCaptionOf,
} from '../schema/extraction-result.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { boxArea, boxCentreX, boxCentreY, intersectionArea } from '../text-layer/box-geometry';
import { type PositionedWord, splitSegments } from '../text-layer/line-grouper';
import { overprintedDoubt, overprintedPair } from '../text-layer/overprinted-words';
import { CENTS_APART_DOUBT, centsStandAfter } from '../text-layer/split-figure.joiner';
import { isTickMark } from '../values/boolean-normaliser';
import { misreadWordDoubts } from '../values/garbled-word';
import { identifierShape } from '../values/identifier-shape';
import { MARKED_OPTION_NOTE, MARKED_QUALITY, printedChoice } from '../values/marked-option';
import { parseScalar } from '../values/scalar-value.parser';
import {
  CAPTION_SHAPED_DOUBT,
  endsAsCaption,
  hasUnpairedBracket,
  UNPAIRED_BRACKET_DOUBT,
} from '../values/value-print';
import { groundingOf, joinWords, meanConfidence, wordKey, wordsInSpan } from '../values/word-span';
import { captionLetters, lettersSimilarity } from './caption-letters';
import { confirmedWords } from './confirmed-words';
import { layoutFingerprint, pageTextEntries, sameLayout } from './layout-fingerprint';
import {
  isLegacyFingerprint,
  LEGACY_SAME_LAYOUT_SIMILARITY,
  legacyLayoutFingerprint,
  legacyLayoutSimilarity,
} from './legacy-fingerprint';
import { withRememberedColumns } from './remembered-column-cells';
import { runOnCaptionDoubts } from './run-on-caption';
import { shiftedAnchor } from './shifted-anchor';
import { levelledForPage, rememberedSlope } from './skew-levelled-offset';
import { learnTable, type RememberedTable, type ReviewedTable } from './table-memory';
import {
  cutShortOfForm,
  endsShortOfForm,
  lookAlikeDigitBesideCapital,
  ofAnotherKind,
  oneSlipFromForm,
  opensWithLookAlikeDigit,
  reviewedForm,
  runsPastClosingNumber,
  valueForm,
} from './value-form';

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
  readonly box: CornerBox;
  /**
   * A text field's value as the reviewer confirmed it: where OCR misread the printed value
   * letter for letter, the layout's form is learned from this, not from the misreading.
   */
  readonly text?: string;
}

export interface RememberedField {
  readonly key: string;
  readonly pageNumber: number;
  /** The caption the value hangs off, as printed. */
  readonly anchorText: string;
  readonly anchorBox: CornerBox;
  /** The value's box relative to the anchor's top-left corner. */
  readonly offset: CornerBox;
  /** The reviewed value's printed form (`valueForm`); absent in memories learned before. */
  readonly form?: string;
  /**
   * The shape (`identifierShape`) of the value the review confirmed, when it is one word of
   * letters and digits (`ZEM0549033`: `AAA9999999`). A form keeps a run of letters as one, so
   * `ZEMO0549033` (an O OCR put in, draw 7023) has the reviewed form; the shape counts them.
   */
  readonly identifier?: string;
  /**
   * The layout analysis took the reviewed value itself for a caption (a grid of values printed
   * one above another, read as captions over answers): on the next document a caption starting
   * where the value starts is the value.
   */
  readonly valueReadAsCaption?: boolean;
  /** The reviewed page's skew (`slopeOf`); absent for a level page and in older memories. */
  readonly slope?: number;
}

export type { RememberedTable, ReviewedTable } from './table-memory';

export interface LayoutMemory {
  readonly fingerprint: readonly string[];
  readonly fields: readonly RememberedField[];
  /** Absent in memories learned before tables were remembered. */
  readonly tables?: readonly RememberedTable[];
  /**
   * Fields the review confirmed empty on the reviewed document: the layout may leave them
   * unprinted. Absent when the review confirmed none (or did not say).
   */
  readonly emptyFields?: readonly string[];
}

/** A memory applies from this confidence: the layout matched and the value parsed. */
const MEMORY_CONFIDENCE = 0.95;

function relative(box: CornerBox, origin: CornerBox): CornerBox {
  return {
    x0: box.x0 - origin.x0,
    y0: box.y0 - origin.y0,
    x1: box.x1 - origin.x0,
    y1: box.y1 - origin.y0,
  };
}

function distance(a: CornerBox, b: CornerBox): number {
  return Math.hypot(boxCentreX(a) - boxCentreX(b), boxCentreY(a) - boxCentreY(b));
}

/**
 * How far above or below (page heights, centre to centre) a caption off the value's line may
 * stand and still be its anchor. A fax-like scan whose OCR lost a value's own caption leaves
 * only captions far off (a total under a table anchored to the issuer's caption 0.4 of a page
 * above it, read from the wrong line of the next scan at 0.88 on draw 7001): no place is
 * remembered then.
 */
const NEAR_ANCHOR = 0.1;

/**
 * The caption a value hangs off: the one on the value's own line to its left if there is one
 * ("Net Amount ........ 3,825.12": a table header above it moves away when the table grows),
 * else the nearest one near it left of or above it (how forms are read), else the nearest near
 * one. A caption the review confirmed as a value (of this or another field) is no anchor: on a
 * digital form of draw 7008 the layout analysis took a grid of values for captions over the
 * values below them, and the name and the loss type hung off the reviewed name "Priya Kim",
 * which no later document prints.
 */
function anchorFor(
  page: AnalysedPage,
  value: CornerBox,
  values: readonly ReviewedValue[],
): { text: string; box: CornerBox } | null {
  const captions = captionsOf(page, value).filter(
    (c) => intersectionArea(c.box, value) === 0 && !madeOfValues(c, values) && readSurely(c),
  );
  const valueMiddle = boxCentreY(value);
  const sameLine = captions.filter(
    (c) => c.box.x1 <= value.x0 + 0.01 && c.box.y0 <= valueMiddle && valueMiddle <= c.box.y1,
  );
  const near = captions.filter((c) => Math.abs(boxCentreY(c.box) - valueMiddle) <= NEAR_ANCHOR);
  const before = near.filter((c) => c.box.x0 <= value.x0 + 0.01 && c.box.y0 <= value.y1);
  const pool = sameLine.length > 0 ? sameLine : before.length > 0 ? before : near;
  const nearest = [...pool].sort((a, b) => distance(a.box, value) - distance(b.box, value))[0];
  return nearest ? { text: nearest.text, box: nearest.box } : null;
}

/** Below this mean confidence a caption is OCR's guess at a blot, not print to anchor to. */
const SURE_ANCHOR = 0.5;

/**
 * A caption OCR read at next to no confidence is spelled otherwise on the next scan ("TURE AE
 * NO." for "CERTIFICATE NO." on a harsh scan of draw 7034): no value is remembered from it.
 */
function readSurely(caption: LayoutText): boolean {
  const { words } = caption;
  return words.reduce((sum, w) => sum + w.confidence, 0) >= SURE_ANCHOR * words.length;
}

/** What one reviewed document teaches about its layout (its first page's captions). */
export function learnLayout(
  pages: readonly AnalysedPage[],
  reviewed: readonly ReviewedValue[],
  /**
   * The document's tables as reviewed, row by row (and cell by cell when the review knows
   * where each cell is): their row spacing, and each column's place and printed header.
   */
  reviewedTables: readonly ReviewedTable[] = [],
  /** Fields the review confirmed empty: the reviewed document prints no value for them. */
  confirmedEmpty: readonly string[] = [],
): LayoutMemory | null {
  const first = pages[0];
  if (!first) return null;
  const fields: RememberedField[] = [];
  for (const value of reviewed) {
    const page = pages.find((p) => p.page.pageNumber === value.pageNumber);
    if (!page) continue;
    const values = reviewed.filter((v) => v.pageNumber === value.pageNumber);
    const anchor = anchorFor(page, value.box, values);
    if (!anchor) continue;
    const printed = joinWords(confirmedWords(wordsIn(page, value.box, value.box.x1), value.text));
    const readAsCaption = captionsOf(page).some(
      (c) => madeOfValues(c, values) && c.words.some((w) => standsIn(w, value.box)),
    );
    fields.push({
      key: value.key,
      pageNumber: value.pageNumber,
      anchorText: anchor.text,
      anchorBox: anchor.box,
      offset: relative(value.box, anchor.box),
      ...(printed ? { form: reviewedForm(printed, value.text) } : {}),
      ...reviewedIdentifier(value.text),
      ...(readAsCaption ? { valueReadAsCaption: true } : {}),
      ...rememberedSlope(page),
    });
  }
  const tables = reviewedTables.flatMap((t) => learnTable(pages, t) ?? []);
  if (fields.length === 0 && tables.length === 0) return null;
  const placed = new Set(reviewed.map((value) => value.key));
  const emptyFields = [...new Set(confirmedEmpty)].filter((key) => !placed.has(key));
  // What the review confirmed as table cells on the first page is no static text of the layout.
  const cells: ReviewedValue[] = reviewedTables.flatMap((table) =>
    table.rows
      .filter((row) => row.pageNumber === first.page.pageNumber)
      .flatMap((row) =>
        (row.cells ?? []).map((cell) => ({
          key: table.key,
          pageNumber: row.pageNumber,
          box: cell.box,
        })),
      ),
  );
  return {
    fingerprint: layoutFingerprint(first, (caption) => madeOfValues(caption, cells)),
    fields,
    ...(tables.length === 0 ? {} : { tables }),
    ...(emptyFields.length === 0 ? {} : { emptyFields }),
  };
}

/** The remembered layout a document was taken for. */
export interface MemoryMatch<T extends LayoutMemory> {
  readonly memory: T;
  /** Recognised from the page's printed words only (sameLayout): its values are doubted. */
  readonly fromPrintedWords: boolean;
}

/**
 * The memory of the most similar layout, if any is similar enough: the one furthest above the
 * threshold of its fingerprint's form (memories stored in the old form are compared the old way).
 */
export function bestMemoryMatch<T extends LayoutMemory>(
  pages: readonly AnalysedPage[],
  memories: readonly T[],
): MemoryMatch<T> | null {
  if (pages.length === 0 || memories.length === 0) return null;
  const fingerprint = layoutFingerprint(pages[0]);
  let pageText: string[] | undefined;
  const textOfPage = () => (pageText ??= pageTextEntries(pages[0]));
  let legacy: string[] | undefined;
  let best: MemoryMatch<T> | null = null;
  let bestMargin = 0;
  for (const memory of memories) {
    let match: { margin: number; fromPrintedWords: boolean };
    if (isLegacyFingerprint(memory.fingerprint)) {
      legacy ??= legacyLayoutFingerprint(pages[0]);
      const similarity = legacyLayoutSimilarity(legacy, memory.fingerprint);
      match = { margin: similarity - LEGACY_SAME_LAYOUT_SIMILARITY, fromPrintedWords: false };
    } else {
      match = sameLayout(fingerprint, textOfPage, memory.fingerprint);
    }
    if (match.margin >= bestMargin) {
      best = { memory, fromPrintedWords: match.fromPrintedWords };
      bestMargin = match.margin;
    }
  }
  return best;
}

export function matchingMemory<T extends LayoutMemory>(
  pages: readonly AnalysedPage[],
  memories: readonly T[],
): T | null {
  return bestMemoryMatch(pages, memories)?.memory ?? null;
}

/** Said of every value read from a layout recognised from its printed words only. */
export const PRINTED_WORDS_DOUBT =
  "layout recognised from its printed words, not its captions: the remembered place may be another caption's";

/**
 * The most a value read from such a layout is trusted: below the review threshold, as sure as a
 * reading by caption whose match is in doubt (on development draw 7001 one such value in eleven
 * was another caption's, read at 0.91 before this cap).
 */
const PRINTED_WORDS_CONFIDENCE = 0.6;

/** The fields read from layout memory, doubted when the layout was recognised weakly. */
export function withRecognitionDoubt(
  fields: ReadonlyMap<string, ExtractedField>,
  match: MemoryMatch<LayoutMemory> | null,
): Map<string, ExtractedField> {
  if (!match?.fromPrintedWords) return new Map(fields);
  return new Map(
    [...fields].map(([key, field]) => [
      key,
      field.source === 'layout-memory'
        ? {
            ...field,
            confidence: Math.min(field.confidence, PRINTED_WORDS_CONFIDENCE),
            doubts: [...(field.doubts ?? []), PRINTED_WORDS_DOUBT],
          }
        : field,
    ]),
  );
}

/** Said of a field left empty whose remembered place prints nothing under its caption. */
export const EMPTY_PLACE_NOTE =
  'nothing printed at its remembered place, right of/below its caption as the reviewed document had it: not on this document';

/**
 * The fields found nowhere, not doubted when the layout says they are absent: on a born-digital
 * page of a layout recognised by its captions, the field's remembered caption stands where it
 * stood on the reviewed page and nothing at all is printed at the value's place (an optional
 * VIN or reference a layout prints a caption for and leaves blank). Text read by OCR keeps the
 * doubt: a scan may have lost the value's words. Likewise a field the review confirmed empty on
 * the reviewed document (`withConfirmedEmpty`), and a table's blank cells in a column the
 * reviewed table printed blank in a row (`withRememberedBlankCells`).
 */
export function withRememberedEmptyPlaces(
  fields: ReadonlyMap<string, ExtractedField>,
  match: MemoryMatch<LayoutMemory> | null,
  pages: readonly AnalysedPage[],
): Map<string, ExtractedField> {
  const settled = settledByReview(fields, match, (field, remembered) =>
    notFoundOnly(field) && emptyAtPlace(pages, remembered)
      ? { ...field, doubts: [], notes: [...field.notes, EMPTY_PLACE_NOTE] }
      : null,
  );
  return withRememberedBlankCells(
    withConfirmedEmpty(withRememberedColumnCells(settled, match, pages), match, pages),
    match,
  );
}

/**
 * The tables whose header reading lost a column the reviewed table of the layout placed cell by
 * cell, with that column read at its remembered place (`remembered-column-cells.ts`). Only on a
 * layout recognised by its captions: one recognised by its printed words vouches for no place.
 */
function withRememberedColumnCells(
  fields: Map<string, ExtractedField>,
  match: MemoryMatch<LayoutMemory> | null,
  pages: readonly AnalysedPage[],
): Map<string, ExtractedField> {
  if (!match || match.fromPrintedWords) return fields;
  for (const [key, field] of fields) {
    const remembered = match.memory.tables?.find((table) => table.key === key);
    const read = remembered ? withRememberedColumns(field, remembered, pages) : null;
    if (read) fields.set(key, read);
  }
  return fields;
}

/** Whether a field was found nowhere and has no other doubt than that. */
function notFoundOnly(field: ExtractedField): boolean {
  return (
    field.source === 'not-found' &&
    field.value === null &&
    (field.doubts ?? [NOT_FOUND_DOUBT]).every((d) => d === NOT_FOUND_DOUBT)
  );
}

/** Said of a field found nowhere on a layout whose reviewed document the review confirmed left it empty. */
export const CONFIRMED_EMPTY_NOTE =
  'the reviewed document of this layout was confirmed to leave it empty, and nothing here reads as it';

/**
 * The fields found nowhere, not doubted when the review confirmed the reviewed document of the
 * layout left them empty (a VIN a property invoice does not print): on born-digital pages only,
 * where a printed value is in the text layer for the engine to find (by its caption, or its
 * pattern, or as the one answer left); a scan may have lost it. Only on a layout recognised by
 * its captions.
 */
function withConfirmedEmpty(
  fields: Map<string, ExtractedField>,
  match: MemoryMatch<LayoutMemory> | null,
  pages: readonly AnalysedPage[],
): Map<string, ExtractedField> {
  const empty = new Set(match?.memory.emptyFields ?? []);
  if (!match || match.fromPrintedWords || empty.size === 0) return fields;
  if (pages.length === 0 || pages.some((p) => p.page.source !== 'pdf-text')) return fields;
  for (const [key, field] of fields)
    if (empty.has(key) && notFoundOnly(field))
      fields.set(key, { ...field, doubts: [], notes: [...field.notes, CONFIRMED_EMPTY_NOTE] });
  return fields;
}

/** Said of a table whose blank cells stand in a column the reviewed table left blank too. */
export const BLANK_CELLS_NOTE =
  'a cell blank in a column the reviewed table of this layout also printed blank in a row: the layout leaves it blank';

/** The table doubt for a numeric cell read empty where the column's other rows hold values. */
const BLANK_CELL_DOUBT = /^(.+): empty where every other row has a value in row \d+$/;

/**
 * The tables read without the doubt a blank cell raises (OCR may have lost the cell's value)
 * when the reviewed table of the layout printed that column blank in a row too: a coverage
 * with no deductible is how the layout prints it, not a sign of a lost value. Only on a layout
 * recognised by its captions; every other doubt of the table stays.
 */
function withRememberedBlankCells(
  fields: Map<string, ExtractedField>,
  match: MemoryMatch<LayoutMemory> | null,
): Map<string, ExtractedField> {
  if (!match || match.fromPrintedWords) return fields;
  for (const [key, field] of fields) {
    const remembered = match.memory.tables?.find((table) => table.key === key);
    const blank = new Set(
      (remembered?.columns ?? []).filter((c) => (c.blankRows ?? 0) > 0).map((c) => c.key),
    );
    if (field.type !== 'table' || !field.doubts || blank.size === 0) continue;
    const kept = field.doubts.filter((doubt) => {
      const column = BLANK_CELL_DOUBT.exec(doubt)?.[1];
      return column === undefined || !blank.has(column);
    });
    if (kept.length < field.doubts.length)
      fields.set(key, { ...field, doubts: kept, notes: [...field.notes, BLANK_CELLS_NOTE] });
  }
  return fields;
}

/**
 * Each field the reviewed layout remembers, given to `settle`, which returns it without the
 * doubt the review settled, or null to leave it. Only on a layout recognised by its captions:
 * one recognised by its printed words alone vouches for no place.
 */
function settledByReview(
  fields: ReadonlyMap<string, ExtractedField>,
  match: MemoryMatch<LayoutMemory> | null,
  settle: (field: ExtractedField, remembered: RememberedField) => ExtractedField | null,
): Map<string, ExtractedField> {
  const results = new Map(fields);
  if (!match || match.fromPrintedWords) return results;
  for (const [key, field] of fields) {
    const remembered = match.memory.fields.find((f) => f.key === key);
    const settled = remembered ? settle(field, remembered) : null;
    if (settled) results.set(key, settled);
  }
  return results;
}

/** Said of a value whose weak caption match the review vouches for. */
export const REVIEWED_CAPTION_NOTE =
  'under the caption the reviewed document of this layout had for this field, at its remembered place: the weak caption match outweighed';

/**
 * The fields read under a caption whose meaning matched the field only weakly, not doubted for
 * it when the review settled that meaning: on a layout recognised by its captions, the caption
 * is the one the reviewed document's value of this field hung off, it stands where it stood,
 * and the value was read at the remembered place (on its line, for a yes/no whose marks moved
 * from one option to the other). The memory itself leaves such a field to the ordinary reading
 * when the place's line prints both options and no one mark decides (`markedOnLine`; "Police
 * Called" over "X Yes No" on draw 7003, read at 0.38 for the caption alone). The value keeps every other doubt, and its words' and
 * parsing's own sureness: only the caption's score is taken out.
 */
export function withReviewedCaptions(
  fields: ReadonlyMap<string, ExtractedField>,
  match: MemoryMatch<LayoutMemory> | null,
  pages: readonly AnalysedPage[],
): Map<string, ExtractedField> {
  return settledByReview(fields, match, (field, remembered) => {
    const weak = field.doubts?.length === 1 ? weakCaptionOf(field.doubts[0]!) : null;
    if (!weak || !field.grounding || field.source === 'layout-memory') return null;
    if (
      weak.score <= 0 ||
      lettersSimilarity(captionLetters(weak.caption), captionLetters(remembered.anchorText)) <
        SAME_ANCHOR ||
      !readAtPlace(pages, remembered, field.grounding, field.type) ||
      (field.type === 'boolean' && markNearerAnotherOption(pages, field.grounding, field.value))
    )
      return null;
    const words = field.grounding.words;
    const read = words.reduce((sum, w) => sum + w.confidence, 0) / Math.max(1, words.length);
    return {
      ...field,
      confidence: Math.min(MEMORY_CONFIDENCE * read, field.confidence / weak.score),
      doubts: [],
      notes: [...field.notes, REVIEWED_CAPTION_NOTE],
    };
  });
}

/**
 * Whether a yes/no's line prints both options and the answer read is not the option its one
 * mark stands nearer to: "Yes X No" with the mark against "No" was read as yes (the first option
 * word) on draw 7006, and the review that settled the caption says nothing about which option
 * this document ticked. A mark as near one option as the other is no answer either, nor are both
 * options with no mark read at all (OCR lost it: the first option word was taken).
 */
function markNearerAnotherOption(
  pages: readonly AnalysedPage[],
  grounding: { page: number; words: ReadonlyArray<{ box: CornerBox }> },
  value: unknown,
): boolean {
  const first = grounding.words[0];
  const page = pages.find((p) => p.page.pageNumber === grounding.page);
  const line =
    first &&
    page?.lines.find((l) =>
      l.words.some((w) => w.box.x0 === first.box.x0 && w.box.y0 === first.box.y0),
    );
  const choice = line ? printedChoice(line.words) : null;
  if (!choice || choice.marks > 1) return false;
  return choice.marked === null || choice.marked.value !== value;
}

/**
 * Whether a value stands at a remembered field's place on its page, the anchor found where it
 * stood on the reviewed page: inside the place, or for a yes/no anywhere on the place's line.
 */
function readAtPlace(
  pages: readonly AnalysedPage[],
  remembered: RememberedField,
  grounding: { page: number; box: CornerBox },
  type: ExtractedField['type'],
): boolean {
  const page = pages.find((p) => p.page.pageNumber === remembered.pageNumber);
  if (!page || grounding.page !== remembered.pageNumber) return false;
  const anchor = findAnchor(captionsOf(page), remembered);
  if (
    !anchor ||
    Math.abs(anchor.x0 - remembered.anchorBox.x0) > ANCHOR_DRIFT ||
    Math.abs(anchor.y0 - remembered.anchorBox.y0) > ANCHOR_DRIFT
  )
    return false;
  const { box } = placeBox(anchor, levelledForPage(remembered, page));
  if (type !== 'boolean') return intersectionArea(grounding.box, box) > 0;
  const height = grounding.box.y1 - grounding.box.y0;
  return verticalOverlap(grounding.box, box) >= 0.5 * height;
}

/**
 * Where a remembered value stands from its anchor on this page: `right` where the reviewed
 * value ended, `box` reaching further, since a longer value than the remembered one may run on
 * to the right.
 */
function placeBox(
  anchor: { x0: number; y0: number },
  remembered: RememberedField,
): { box: { x0: number; y0: number; x1: number; y1: number }; right: number } {
  const right = anchor.x0 + remembered.offset.x1;
  const box = {
    x0: anchor.x0 + remembered.offset.x0,
    y0: anchor.y0 + remembered.offset.y0,
    x1: Math.max(right, Math.min(1, right + 0.15)),
    y1: anchor.y0 + remembered.offset.y1,
  };
  return { box, right };
}

/**
 * Whether a born-digital page prints its remembered caption in place and nothing at the value's
 * place. A caption with nothing after it is no key-value pair of the layout analysis, so it is
 * looked for among the printed words of the reviewed page, near its reviewed place.
 */
function emptyAtPlace(pages: readonly AnalysedPage[], remembered: RememberedField): boolean {
  const page = pages.find((p) => p.page.pageNumber === remembered.pageNumber);
  if (!page || page.page.source !== 'pdf-text') return false;
  const anchor = printedAnchor(page, remembered);
  if (!anchor) return false;
  // As wide as a longer value may run (applyLayoutMemory), and any word reaching into it.
  const { box } = placeBox(anchor, remembered);
  return !page.lines.some((line) =>
    line.words.some((w) => intersectionArea(w.box, box) > 0 && !leaderInto(w, box.x0)),
  );
}

/**
 * A word that starts before a place and reaches into it with no letter or digit at its end: a
 * caption drawn with its dotted leader as one word ("NO......." over the start of a blank VIN's
 * place on draw 7003), which prints nothing at the place itself.
 */
function leaderInto(word: PositionedWord, placeStart: number): boolean {
  return word.box.x0 < placeStart - ACROSS_START && !endsOnLetterOrDigit(word);
}

/** Whether a word's last character is a letter or a digit (not a leader's dot or a rule). */
function endsOnLetterOrDigit(word: { text: string }): boolean {
  return /[\p{L}\p{N}]$/u.test(word.text);
}

/**
 * Whether every word of a caption is reviewed values' text: it stands inside a reviewed value's
 * box and, where the review confirmed the value's text, its letters are in that text. One
 * value, or two the analysis joined (on a loss run of draw 7007 the carrier over the insured's
 * name was read as one two-line caption). A caption a long value merely overprints is no text
 * of it ("FILE NUMBER" under an address that ran on over it, on a fillable form of draw 7006).
 */
function madeOfValues(caption: LayoutText, values: readonly ReviewedValue[]): boolean {
  return (
    caption.words.length > 0 &&
    caption.words.every((w) => values.some((v) => standsIn(w, v.box) && textOf(w, v)))
  );
}

/** Whether a word's letters are in a reviewed value's confirmed text (when it has one). */
function textOf(word: { text: string }, value: ReviewedValue): boolean {
  if (value.text === undefined) return true;
  return captionLetters(value.text).includes(captionLetters(word.text));
}

/** Whether a word's centre lies in a box (as a value's own words are read). */
function standsIn(word: { box: CornerBox }, box: CornerBox): boolean {
  const slack = 0.004;
  const x = boxCentreX(word.box);
  const y = boxCentreY(word.box);
  return x >= box.x0 - slack && x <= box.x1 + slack && y >= box.y0 - slack && y <= box.y1 + slack;
}

/** How far (page widths) a caption may start from a place's start and be its value. */
const VALUE_START = 0.01;

/**
 * The page's captions without those that are the remembered value itself: where the layout
 * analysis took the reviewed value for a caption, a caption starting where the place starts,
 * reaching into its line, is this document's value, not the caption that ends it.
 */
function captionsBesideValue(
  captions: ReadonlyArray<{ text: string; box: CornerBox }>,
  remembered: RememberedField,
  place: CornerBox,
): Array<{ text: string; box: CornerBox }> {
  if (!remembered.valueReadAsCaption) return [...captions];
  return captions.filter(
    (c) => !(Math.abs(c.box.x0 - place.x0) <= VALUE_START && verticalOverlap(c.box, place) > 0),
  );
}

/** Longest run of words compared with a remembered caption. */
const CAPTION_RUN = 6;

/**
 * The remembered caption among a page's printed words: a run of words of one phrase with its
 * letters, starting within ANCHOR_DRIFT of the reviewed place, the nearest first.
 */
function printedAnchor(page: AnalysedPage, remembered: RememberedField): CornerBox | null {
  const wanted = captionLetters(remembered.anchorText);
  let best: { box: CornerBox; off: number } | null = null;
  for (const segment of page.lines.flatMap((line) => splitSegments(line))) {
    for (const [start, first] of segment.words.entries()) {
      const off = Math.max(
        Math.abs(first.box.x0 - remembered.anchorBox.x0),
        Math.abs(first.box.y0 - remembered.anchorBox.y0),
      );
      if (off > ANCHOR_DRIFT) continue;
      const run = segment.words.slice(start, start + CAPTION_RUN);
      for (let end = 1; end <= run.length; end += 1) {
        const words = run.slice(0, end);
        const letters = captionLetters(words.map((w) => w.text).join(' '));
        if (lettersSimilarity(letters, wanted) < EXACT_CAPTION) continue;
        if (best && best.off <= off) continue;
        best = {
          off,
          box: {
            x0: Math.min(...words.map((w) => w.box.x0)),
            y0: Math.min(...words.map((w) => w.box.y0)),
            x1: Math.max(...words.map((w) => w.box.x1)),
            y1: Math.max(...words.map((w) => w.box.y1)),
          },
        };
      }
    }
  }
  return best?.box ?? null;
}

/** A born-digital page prints a remembered caption letter for letter. */
const EXACT_CAPTION = 1;

/**
 * The captions the layout analysis finds on a page: pair keys, table header cells, and the
 * caption-like text that starts a table row (a totals line such as "Net Amount" that the table
 * took in, whose amount a reviewer confirms). Given the reviewed value a caption is looked for,
 * only the tables that hold it: a value outside a table does not hang off its header, since
 * the table's length changes from document to document (on a fax-like scan of draw 7001 whose
 * captions OCR lost, a total anchored to the "DED." column header was read at 0.83 from a
 * longer table's cell on the next scan).
 */
function captionsOf({ layout }: AnalysedPage, value?: CornerBox): LayoutText[] {
  const tables = value ? layout.tables.filter((t) => holds(t.box, value)) : layout.tables;
  return [
    ...layout.keyValuePairs.map((p) => p.key),
    ...tables.flatMap((t) => t.cells.filter((c) => c.isHeader || startsLabelledRow(t, c))),
  ];
}

/** How far (page fractions) a value may reach past a table's box and still be in it. */
const TABLE_SLACK = 0;

/** Whether a value's centre lies within a table's box. */
function holds(table: CornerBox, value: CornerBox): boolean {
  const x = boxCentreX(value);
  const y = boxCentreY(value);
  return (
    x >= table.x0 - TABLE_SLACK &&
    x <= table.x1 + TABLE_SLACK &&
    y >= table.y0 - TABLE_SLACK &&
    y <= table.y1 + TABLE_SLACK
  );
}

function startsLabelledRow(table: LayoutTable, cell: LayoutCell): boolean {
  const first = table.cells
    .filter((c) => c.rowIndex === cell.rowIndex)
    .reduce((a, b) => (b.columnIndex < a.columnIndex ? b : a));
  return first === cell && looksLikeLabelText(cell.text);
}

/** Letter similarity from which a caption is the remembered anchor as OCR read it. */
const SAME_ANCHOR = 0.8;

/**
 * The anchor caption on this page: the same letters (up to what OCR misreads, splits or
 * merges), the most alike first, nearest to where it was among those alike.
 */
function findAnchor(
  captions: ReadonlyArray<{ text: string; box: CornerBox }>,
  remembered: RememberedField,
): CornerBox | null {
  const wanted = captionLetters(remembered.anchorText);
  const alike = captions
    .map((c) => ({ box: c.box, similarity: lettersSimilarity(captionLetters(c.text), wanted) }))
    .filter((c) => c.similarity >= SAME_ANCHOR);
  const nearest = alike.sort(
    (a, b) =>
      Math.round(10 * (b.similarity - a.similarity)) ||
      distance(a.box, remembered.anchorBox) - distance(b.box, remembered.anchorBox),
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
  captions: ReadonlyArray<{ box: CornerBox }>,
  anchor: CornerBox,
): PositionedWord[] {
  const isCaption = (word: PositionedWord) =>
    captions.some(
      (caption) =>
        caption.box !== anchor && intersectionArea(caption.box, word.box) > 0.5 * boxArea(word.box),
    );
  const cut = words.findIndex(isCaption);
  return cut >= 0 ? words.slice(0, cut) : [...words];
}

/** A word standing within the caption's box that is one of the caption's words. */
function ofTheCaption(word: PositionedWord, anchor: CornerBox, caption: string): boolean {
  const letters = captionLetters(word.text);
  return (
    letters.length > 0 &&
    captionLetters(caption).includes(letters) &&
    intersectionArea(word.box, anchor) > 0.5 * boxArea(word.box)
  );
}

/**
 * Words whose centre lies in the box, in reading order. Past the remembered value's right edge
 * (`runOnFrom`) a longer value runs on without a break: a phrase that starts there, after a
 * gap wider than a word space, is the next column's caption or value ("Dawson Logistics LLC
 * | Insurer"), not more of this one.
 */
function wordsIn({ lines }: AnalysedPage, box: CornerBox, runOnFrom: number): PositionedWord[] {
  const slack = 0.004;
  return lines
    .flatMap((line) => splitSegments(line))
    .filter((segment) => segment.box.x0 <= runOnFrom + slack)
    .flatMap((segment) => segment.words)
    .filter((w) => standsIn(w, box));
}

/**
 * The page holding a remembered field's anchor and the anchor there: on the reviewed page first,
 * else on another page, the last first (a longer document of the layout prints its totals under
 * a table that ran on to a later page). The anchor is a caption the layout analysis found, or,
 * on the reviewed page, the caption printed letter for letter near its reviewed place: a harsh
 * scan of draw 7024 read a speck before `BROKER` as an `i`, the analysis paired no caption
 * there, and the broker remembered under `BROKER` was lost.
 */
function rememberedPlace(
  pages: readonly AnalysedPage[],
  remembered: RememberedField,
): {
  page: AnalysedPage;
  captions: Array<{ text: string; box: CornerBox }>;
  anchor: CornerBox;
} | null {
  const own = pages.filter((p) => p.page.pageNumber === remembered.pageNumber);
  const others = pages.filter((p) => p.page.pageNumber !== remembered.pageNumber).reverse();
  for (const page of [...own, ...others]) {
    const captions = captionsOf(page);
    const anchor =
      findAnchor(captions, remembered) ??
      (own.includes(page) ? printedAnchor(page, remembered) : null);
    if (anchor) return { page, captions, anchor };
  }
  return null;
}

type Place = NonNullable<ReturnType<typeof rememberedPlace>> & { readonly shifted?: boolean };

/**
 * Each remembered field's place on these pages: at its caption as found, else, where OCR read
 * that caption past recognition, at the phrase standing where the captions found around it on
 * its page say it moved (shifted-anchor.ts).
 */
function placesOf(
  pages: readonly AnalysedPage[],
  memory: LayoutMemory,
  fields: readonly ScalarFieldDefinition[],
): Map<string, Place> {
  const places = new Map<string, Place>();
  const lost: RememberedField[] = [];
  for (const field of fields) {
    const remembered = memory.fields.find((f) => f.key === field.key);
    if (!remembered) continue;
    const place = rememberedPlace(pages, remembered);
    if (place) places.set(field.key, place);
    else lost.push(remembered);
  }
  for (const remembered of lost) {
    const page = pages.find((p) => p.page.pageNumber === remembered.pageNumber);
    if (!page) continue;
    const found = memory.fields.flatMap((other) => {
      const place = places.get(other.key);
      return place && place.page === page && other.pageNumber === remembered.pageNumber
        ? [{ remembered: other.anchorBox, found: place.anchor }]
        : [];
    });
    const anchor = shiftedAnchor(page, remembered.anchorText, remembered.anchorBox, found);
    if (anchor)
      places.set(remembered.key, { page, captions: captionsOf(page), anchor, shifted: true });
  }
  return places;
}

function shiftedAnchorDoubt(remembered: RememberedField): string {
  return `its caption "${remembered.anchorText}" was read otherwise here, found where the layout's other captions place it`;
}

/**
 * Whether the line of a yes/no value read at its remembered place prints both answers ("X Yes
 * No"): the place names the option the reviewed document had marked, not this one's answer, so
 * the mark decides (`markedOnLine`), else the ordinary reading.
 */
function printsBothOptions(
  { lines }: AnalysedPage,
  words: readonly PositionedWord[],
  field: ScalarFieldDefinition,
): boolean {
  const line = lines.find((l) => words.some((w) => l.words.includes(w)));
  if (!line) return false;
  const answers = new Set(line.words.map((w) => parseScalar(w.text, field)?.value));
  return answers.has(true) && answers.has(false);
}

/** How far (page widths) left of a yes/no's remembered place its options may stand. */
const CHOICE_REACH = 0.15;

/**
 * A yes/no on its remembered line whose options both print there, read from its one tick mark:
 * the option the mark stands clearly nearer to (`printedChoice`), among the words from
 * CHOICE_REACH before the place to the place's end. The review placed the field on this line;
 * the mark says this document's answer. Nothing is read when those words print more than one
 * yes and one no (another question shares the line), no mark, or more than one.
 */
function markedOnLine(
  { lines }: AnalysedPage,
  words: readonly PositionedWord[],
  field: ScalarFieldDefinition,
  place: CornerBox,
): { value: boolean; quality: number; words: PositionedWord[] } | null {
  const line = lines.find((l) => words.some((w) => l.words.includes(w)));
  if (!line || field.type !== 'boolean') return null;
  const near = line.words.filter(
    (w) => w.box.x0 >= place.x0 - CHOICE_REACH && w.box.x1 <= place.x1,
  );
  const marked = printedChoice(near, field.trueValues, field.falseValues)?.marked;
  if (!marked) return null;
  const first = Math.min(marked.first, marked.last);
  const last = Math.max(marked.first, marked.last);
  // Besides the mark and its option, the words hold the other option and no more answers; an
  // empty box beside that option is its box, not a no (`☐ Yes  ☑ No` on a scan of draw 7033).
  const others = near
    .filter((w, index) => index !== first && index !== last && !isTickMark(w.text))
    .flatMap((w) => {
      const answer = parseScalar(w.text, field)?.value;
      return answer === undefined ? [] : [answer];
    });
  if (others.length !== 1 || others[0] === marked.value) return null;
  return { value: marked.value, quality: MARKED_QUALITY, words: near.slice(first, last + 1) };
}

/** A remembered anchor found within this (page widths/heights) of its reviewed place. */
const ANCHOR_DRIFT = 0.05;
/** OCR word confidence from which a reading in the reviewed form counts as agreeing. */
const MIDDLING_WORD_CONFIDENCE = 0.4;
/** How sure a reading's words count when the review's place, caption and form agree on them. */
const AGREED_WORD_CONFIDENCE = 0.8;
/** Said of a value the reviewed layout vouches for beyond OCR's word confidence. */
export const AGREEMENT_NOTE =
  'in the form the reviewed value had, at its place under its caption: OCR word confidence outweighed';

/** The shape of a confirmed value that is one word of letters and digits, to remember. */
function reviewedIdentifier(text: string | undefined): { identifier?: string } {
  const word = text?.trim() ?? '';
  const identifier = /^\S+$/.test(word) && /\p{L}/u.test(word) && /\d/.test(word);
  return identifier ? { identifier: identifierShape(word) } : {};
}

/**
 * Whether a value read at its remembered place agrees with the review in every way the review
 * can tell: the caption stands where it stood on the reviewed page, and the value has the
 * reviewed value's printed form (every digit, each run of letters' case, the signs). A scan's
 * OCR is unsure of many words it reads right (0.19-0.48 on values read right at their
 * remembered place); such agreement is the layout's word for them. Only figures (dates,
 * numbers, amounts, references) and yes/no marks: a form keeps no letter, so a name OCR
 * misread inside a word keeps it (`Harboriine Casualty Company` on a harsh scan of 7001).
 */
function agreesWithReview(
  field: ScalarFieldDefinition,
  printed: string,
  anchor: CornerBox,
  place: { page: AnalysedPage },
  remembered: RememberedField,
): boolean {
  return (
    remembered.form !== undefined &&
    (field.type === 'boolean' || remembered.form.includes('9')) &&
    place.page.page.pageNumber === remembered.pageNumber &&
    Math.abs(anchor.x0 - remembered.anchorBox.x0) <= ANCHOR_DRIFT &&
    Math.abs(anchor.y0 - remembered.anchorBox.y0) <= ANCHOR_DRIFT &&
    valueForm(printed) === remembered.form &&
    (remembered.identifier === undefined ||
      identifierShape(printed.replace(/\s+/g, '')) === remembered.identifier)
  );
}

/**
 * The words' OCR confidence, counted as AGREED_WORD_CONFIDENCE when the review agrees and OCR
 * was only middling: below MIDDLING_WORD_CONFIDENCE OCR's own doubt stands (a policy number
 * read `PA-2023-384714` for ...304714, in the reviewed form, at 0.28).
 */
function wordSureness(words: readonly PositionedWord[], agreed: boolean): number {
  const mean = meanConfidence(words);
  return agreed && mean >= MIDDLING_WORD_CONFIDENCE ? Math.max(mean, AGREED_WORD_CONFIDENCE) : mean;
}

/**
 * A word OCR read below this, a digit set against a capital in it, may hold the letter's
 * look-alike: the scans of draw 7025 read `H0-74-0582899` at 0.81 one-shot, straight through.
 */
const UNSURE_LOOK_ALIKE_WORD = 0.9;

/** A value read at its remembered place, with what `cutShortDoubts` weighs it against. */
interface RememberedPlaceRead {
  /** The page read: its lines hold the words around the place; OCR alone misplaces captions. */
  page: AnalysedPage;
  /** Every word read at the place, not only the value's: what runs across or past their ends. */
  words: readonly PositionedWord[];
  /** The captions beside the value: one before it or under its next word is another field's. */
  captions: ReadonlyArray<{ text: string; box: CornerBox }>;
  /** The remembered caption where it was found: the one caption that belongs before the value. */
  anchor: CornerBox;
  /** The value as printed, for its form against the reviewed one (text values only). */
  printed: string;
  /** The field's definition: the form doubts ask only of text values. */
  field: ScalarFieldDefinition;
  /** What the review taught of this field: its value's form. */
  remembered: RememberedField;
  /** The remembered place's left edge: a word reaching across it may hold the value's start. */
  placeStart: number;
  /** The whole memory: a caption before the value may be another remembered field's anchor. */
  memory: LayoutMemory;
  /** The amount's currency, for a money field: a code reaching across the start is its own. */
  currency: string | undefined;
}

/**
 * Why a value read at its remembered place may be cut short: a word of its line runs across the
 * place's start into it, its phrase runs on past the words read (no gap, no caption: the value
 * is longer than the place the review taught), or a text value ends in fewer digits than the
 * reviewed one did (a postcode read one group short).
 */
function cutShortDoubts(read: RememberedPlaceRead): string[] {
  const { page, words, captions, anchor, remembered } = read;
  const doubts: string[] = [];
  const other = page.page.source === 'ocr' && otherCaptionBefore(page, words, captions, anchor);
  if (other && anchorsAnother(other, read.memory, remembered))
    doubts.push(`the value stands right of another field's caption, "${other.text}"`);
  const glued = wordAcrossStart(page, words, read.placeStart);
  if (glued && !startsAtPlace(words, read.placeStart) && glued.text !== read.currency)
    doubts.push(`the value may begin inside "${glued.text}", before its remembered place`);
  const next = nextInPhrase(page, words);
  if (next && untilNextCaption([next], captions, anchor).length > 0)
    doubts.push(`the value runs on past its remembered place ("${next.text}" follows it)`);
  const under = next && overprinted(next, captions, anchor);
  if (next && under)
    doubts.push(`the value runs on under another caption ("${next.text}" over "${under.text}")`);
  return [...doubts, ...formDoubts(read)];
}

/**
 * What a text value's form says against it beside the reviewed value's: a form cut short, run
 * on or of another kind; on OCR text, OCR's slips besides.
 */
function formDoubts({ page, words, printed, field, remembered }: RememberedPlaceRead): string[] {
  const form = remembered.form;
  if (field.type !== 'string' || form === undefined) return [];
  const read = valueForm(printed);
  const doubts: string[] = [];
  if (endsShortOfForm(read, form))
    doubts.push('ends in fewer digits than the reviewed value of this layout');
  if (cutShortOfForm(read, form))
    doubts.push('holds fewer than half the words of the reviewed value of this layout');
  if (runsPastClosingNumber(read, form))
    doubts.push('runs on past the number the reviewed value of this layout closed on');
  if (ofAnotherKind(read, form))
    doubts.push('printed as an amount or a date, which the reviewed value of this layout was not');
  // A value longer than the reviewed one ran on into the next caption, which the analysis did
  // not read as one (`Lakeshore General Insurance Policy No.` on a declarations page of draw
  // 7026, where the carrier's name reached the caption: straight through, digital and fillable).
  if (endsAsCaption(printed) && !endsAsCaption(form)) doubts.push(CAPTION_SHAPED_DOUBT);
  if (hasUnpairedBracket(printed) && !hasUnpairedBracket(form)) doubts.push(UNPAIRED_BRACKET_DOUBT);
  if (page.page.source !== 'ocr') return doubts;
  if (oneSlipFromForm(printed, form))
    doubts.push(
      "one OCR slip from the reviewed value's printed form (a look-alike, a separator or a space)",
    );
  // `HO-74-05828 99` where the reviewed policy number of its layout printed no space (a harsh
  // scan of draw 7025, 0.72): OCR split a figure the layout prints whole.
  if (!form.includes(' ') && /\d \d/.test(printed))
    doubts.push('a space inside a figure, where the reviewed value of this layout printed none');
  // Out of the reviewed form, nothing vouches for OCR's guess between a digit and a capital.
  const unsureLookAlike = words.some(
    (w) => w.confidence < UNSURE_LOOK_ALIKE_WORD && lookAlikeDigitBesideCapital(w.text),
  );
  if (read !== form && unsureLookAlike)
    doubts.push('a digit beside a capital, read unsure, may be the letter it looks like');
  if (opensWithLookAlikeDigit(printed, form))
    doubts.push(
      'opens with a digit OCR reads for a capital, where the reviewed value of this layout opened with a letter',
    );
  return doubts;
}

/**
 * A run of the words read at a place that is another remembered field's caption (its letters
 * as alike as a found anchor's): the place reached into the next column's caption
 * ("318 Elm Ct, Savannah, GA 31401 POLICY NO." on draw 7006) or a caption stood before the
 * value ("FILE NUMBER 5077 Elm Ct, ..."), where the layout analysis read no caption there.
 */
function heldCaption(
  words: readonly PositionedWord[],
  memory: LayoutMemory,
  remembered: RememberedField,
): { start: number; end: number; text: string } | null {
  const own = captionLetters(remembered.anchorText);
  for (const other of memory.fields) {
    const letters = captionLetters(other.anchorText);
    if (other.key === remembered.key || letters === own || letters.length < MIN_HELD_LETTERS)
      continue;
    const size = other.anchorText.trim().split(/\s+/).length;
    for (let start = 0; start + size <= words.length; start++) {
      const run = words.slice(start, start + size);
      if (lettersSimilarity(captionLetters(joinWords(run)), letters) >= SAME_ANCHOR)
        return { start, end: start + size, text: joinWords(run) };
    }
  }
  return null;
}

/** Captions shorter than this (letters) are too like a value's own words to be told apart. */
const MIN_HELD_LETTERS = 5;

/**
 * The words of a place without another field's caption: a caption first leaves what follows
 * it, one later ends the value before it.
 */
function withoutCaption(
  words: readonly PositionedWord[],
  held: { start: number; end: number },
): PositionedWord[] {
  return held.start === 0 ? words.slice(held.end) : words.slice(0, held.start);
}

/**
 * Whether a caption is the remembered anchor of another field of the layout: a value standing
 * right of it is that field's. A caption no other field hangs off says nothing: the review may
 * have anchored this field above its own caption (on 7001, values of eight digital documents
 * stood right of their own caption, anchored to the one above it; doubting them all sent those
 * documents to review).
 */
function anchorsAnother(
  caption: { text: string },
  memory: LayoutMemory,
  remembered: RememberedField,
): boolean {
  const letters = captionLetters(caption.text);
  return memory.fields.some(
    (f) =>
      f.key !== remembered.key &&
      captionLetters(f.anchorText) !== captionLetters(remembered.anchorText) &&
      lettersSimilarity(captionLetters(f.anchorText), letters) >= SAME_ANCHOR,
  );
}

/**
 * The caption right before the value on its own line when that is not the remembered anchor:
 * the place may have fallen on another field's line (on a fax-like scan of draw 7001 the anchor
 * "Sum Paid" was found a line lower than its printed line, and the place read "Sum Incurred"'s
 * amount at 0.91). Asked of OCR pages only: a text layer prints its captions where they are,
 * and a review may have anchored a value off a neighbouring caption on it (on 7002 a named
 * insured hung off "Coverage Begins" and the effective date off "Insured", both read right
 * every time: doubting them sent six fully right digital documents to review).
 */
function otherCaptionBefore(
  { lines }: AnalysedPage,
  words: readonly PositionedWord[],
  captions: ReadonlyArray<{ text: string; box: CornerBox }>,
  anchor: CornerBox,
): { text: string; box: CornerBox } | null {
  const first = words[0];
  const line = first && lines.find((l) => l.words.includes(first));
  if (!line) return null;
  const before = captions.filter(
    (c) =>
      c.box.x1 <= first.box.x0 + ACROSS_START &&
      verticalOverlap(c.box, line.box) >= 0.5 * (c.box.y1 - c.box.y0),
  );
  const nearest = before.sort((a, b) => b.box.x1 - a.box.x1)[0];
  return nearest && nearest.box !== anchor ? nearest : null;
}

function verticalOverlap(a: CornerBox, b: CornerBox): number {
  return Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
}

/** How far (page fractions) a word must reach across the place's start to be in it. */
const ACROSS_START = 0.004;

/**
 * A word of the value's line, not read as part of it, that starts before the remembered place
 * and ends inside it on a letter or digit: a PDF may draw a caption, its dotted leader and the value's first word as one
 * word ("LOCATION.......8145"), so the value read from the place lacks its start (on draw 7002
 * two addresses were read without their house numbers at 0.95).
 */
function wordAcrossStart(
  { lines }: AnalysedPage,
  words: readonly PositionedWord[],
  placeStart: number,
): PositionedWord | null {
  const line = words[0] && lines.find((l) => l.words.includes(words[0]));
  return (
    line?.words.find(
      (w) =>
        !words.includes(w) &&
        w.box.x0 < placeStart - ACROSS_START &&
        w.box.x1 > placeStart + ACROSS_START &&
        endsOnLetterOrDigit(w),
    ) ?? null
  );
}

/**
 * Whether a word of the value read begins at the place's start: then no part of the value
 * stands inside a word reaching across that start from the left. A caption printed so tight
 * that its last word runs over the value's first ("POLICY PERIOD FROM" over "May 5, 2024" on
 * a declarations page of draw 7009, both read) is no value begun inside it; when OCR glued the
 * value's first letters to the caption (`FROMiay 5, 2024`), the value read begins further
 * right, and the doubt stays.
 */
function startsAtPlace(words: readonly PositionedWord[], placeStart: number): boolean {
  return words.some((w) => Math.abs(w.box.x0 - placeStart) <= ACROSS_START);
}

/**
 * The caption a word of the value's phrase is printed over, when the word is none of the
 * caption's own: a long value overran the next column and its caption (on a digital page of
 * draw 7008 an address ran on under "Claim ID:", so the place's reading stopped at the caption
 * and lost the state and postcode, unflagged). A word that is the caption's own ends the value
 * as it should.
 */
function overprinted(
  word: PositionedWord,
  captions: ReadonlyArray<{ text: string; box: CornerBox }>,
  anchor: CornerBox,
): { text: string } | null {
  return (
    captions.find(
      (caption) =>
        caption.box !== anchor &&
        intersectionArea(caption.box, word.box) > 0.5 * boxArea(word.box) &&
        !caption.text.split(/\s+/).includes(word.text),
    ) ?? null
  );
}

/**
 * What the printing of a value's words doubts, whatever its place and form agree on: words
 * printed over each other, or a word of a text OCR misread (`printed` is empty for values that
 * parse their own characters: a date, an amount).
 */
function printingDoubts(words: readonly PositionedWord[], printed: string): string[] {
  const pair = overprintedPair(words);
  return [
    ...(pair ? [overprintedDoubt(pair)] : []),
    ...(printed ? misreadWordDoubts(printed) : []),
  ];
}

/**
 * An amount's ISO 4217 currency code: an amount printed right-aligned begins further left when
 * it is longer, and its code ("USD 176.41" where the reviewed tax read "USD 0.00") then reaches
 * across the remembered place's start; a code that is the amount's own is no value cut short.
 */
function currencyOf(value: unknown): string | undefined {
  return value !== null && typeof value === 'object' && 'currency' in value
    ? String((value as { currency: unknown }).currency)
    : undefined;
}

/** The word right after the last one read, when it stands in the same phrase (no column gap). */
function nextInPhrase(
  { lines }: AnalysedPage,
  words: readonly PositionedWord[],
): PositionedWord | null {
  const last = words[words.length - 1];
  const line = last && lines.find((l) => l.words.includes(last));
  if (!line) return null;
  const segment = splitSegments(line).find((s) => s.words.includes(last));
  const index = segment ? segment.words.indexOf(last) : -1;
  return segment?.words[index + 1] ?? null;
}

/**
 * Reads the remembered fields from a document of the memory's layout. A field whose anchor is
 * not found or whose text there does not parse is left out: the ordinary matching reads it.
 */
export function applyLayoutMemory(
  pages: readonly AnalysedPage[],
  memory: LayoutMemory,
  fields: readonly ScalarFieldDefinition[],
  documentId: string | undefined,
  /** Receives the words each remembered value took, so no other field reads them again. */
  used?: Set<string>,
): ExtractedField[] {
  const results: ExtractedField[] = [];
  const places = placesOf(pages, memory, fields);
  for (const field of fields) {
    const remembered = memory.fields.find((f) => f.key === field.key);
    const place = places.get(field.key);
    if (!remembered || !place) continue;
    const { page, anchor } = place;
    const { box, right } = placeBox(anchor, levelledForPage(remembered, page));
    const captions = captionsBesideValue(place.captions, remembered, box);
    // The caption's own words are never its value (a skewed scan's caption line reaches down
    // into the value's place); a value's word OCR boxed over the caption's end ("Feb" under
    // "Effective:") is the value's.
    const placed = untilNextCaption(wordsIn(page, box, right), captions, anchor).filter(
      (word) => !ofTheCaption(word, anchor, remembered.anchorText),
    );
    const held = field.type === 'string' ? heldCaption(placed, memory, remembered) : null;
    const words = held ? withoutCaption(placed, held) : placed;
    const text = joinWords(words);
    // A yes/no whose line prints both options ("X Yes No") is read from its mark, whatever
    // the place alone parses as (the reviewed option, or "Yes No" that parses as neither).
    const bothOptions = field.type === 'boolean' && printsBothOptions(page, words, field);
    const choice = bothOptions ? markedOnLine(page, words, field, box) : null;
    const parsed = !bothOptions && text ? parseScalar(text, field) : null;
    const read =
      choice ??
      (parsed && {
        value: parsed.value,
        quality: parsed.quality,
        words: wordsInSpan(words, parsed.start, parsed.end),
      });
    if (!read) continue;
    const valueWords = read.words;
    valueWords.forEach((word) => used?.add(wordKey(word)));
    const printed =
      choice || !parsed ? joinWords(valueWords) : text.slice(parsed.start, parsed.end);
    const doubts = [
      ...(place.shifted ? [shiftedAnchorDoubt(remembered)] : []),
      ...(held ? [`the place also held another field's caption, "${held.text}"`] : []),
      ...cutShortDoubts({
        page,
        words,
        captions,
        anchor,
        printed,
        field,
        remembered,
        placeStart: box.x0,
        memory,
        currency: currencyOf(read.value),
      }),
      ...(field.type === 'string' ? runOnCaptionDoubts(page, valueWords, right) : []),
      ...printingDoubts(valueWords, field.type === 'string' ? printed : ''),
      ...(field.type === 'money' && centsStandAfter(words, words.indexOf(valueWords.at(-1)!))
        ? [CENTS_APART_DOUBT]
        : []),
    ];
    const agreed =
      doubts.length === 0 && agreesWithReview(field, printed, anchor, place, remembered);
    results.push({
      key: field.key,
      type: field.type,
      value: read.value,
      text: printed,
      confidence: MEMORY_CONFIDENCE * read.quality * wordSureness(valueWords, agreed),
      ...(documentId === undefined ? {} : { documentId }),
      grounding: groundingOf(valueWords, documentId),
      source: 'layout-memory',
      notes: [
        `read where a reviewer confirmed it, right of/below "${remembered.anchorText}"`,
        ...(agreed ? [AGREEMENT_NOTE] : []),
        ...(choice ? [MARKED_OPTION_NOTE] : []),
      ],
      ...(doubts.length === 0 ? {} : { doubts }),
    });
  }
  return results;
}
