import type { CornerBox } from '@docket/platform';

import { boxHeight, unionBox } from '../text-layer/box-geometry';
import type { TextLine, TextSegment } from '../text-layer/line-grouper';
import { datedBesideItsDate } from './answer-guards';
import { captionShaped, COLON_END, hasValueSignal, isUpperCase } from './layout-text';
import { isMarkedChoice } from './marked-choice';

/*
 * Grids of captions and answers printed without colons, found alike by the key-value detector
 * (which pairs them) and the table detector (which must not read their rows as a table).
 */

export interface GridLine {
  readonly line: TextLine;
  readonly segments: readonly TextSegment[];
}

/** A line that may be a row of a caption/answer grid: captions at even places, answers between. */
function gridRow(parts: GridLine, isFree: (segment: TextSegment) => boolean): boolean {
  const { segments } = parts;
  return (
    segments.length >= 2 &&
    segments.length % 2 === 0 &&
    segments.every(
      (s, k) =>
        isFree(s) &&
        !COLON_END.test(s.words[s.words.length - 1]?.text ?? '') &&
        (k % 2 === 1 || (captionShaped(s.text) && !hasValueSignal(s.text))),
    )
  );
}

/**
 * A line whose print alternates across it: each caption in capitals, each answer beside it a
 * value or not in capitals ("ISSUING COMPANY  Northgate Property & Casualty", "INCEPTION
 * 12/25/2024"). Lines printed so, one under the other, are caption/answer rows whatever their
 * answers hold: the print says which is which on each line.
 */
export function alternatesAcross(parts: GridLine): boolean {
  const { segments } = parts;
  return (
    segments.length >= 2 &&
    segments.length % 2 === 0 &&
    segments.every((s, k) =>
      k % 2 === 0
        ? isUpperCase(s.text) && !hasValueSignal(s.text)
        : hasValueSignal(s.text) || !isUpperCase(s.text),
    )
  );
}

/**
 * A line that says by itself it is a caption/answer row, not a table's header: printed so
 * (alternatesAcross), or answering a caption with a marked yes/no ("Police Notified  X Yes
 * No" over "Loss Address  3623 Oak Ave, ..." on a notice of loss of draw 7032, where the grid
 * was read as a table headed by the question and its answer).
 */
export function pairsItself(parts: GridLine): boolean {
  return alternatesAcross(parts) || parts.segments.some((s, k) => k % 2 === 1 && isMarkedChoice(s));
}

/** The next line continues the grid: close under it, its columns starting where these do. */
function continuesGrid(above: GridLine, below: GridLine): boolean {
  if (below.line.pageNumber !== above.line.pageNumber) return false;
  if (below.line.box.y0 - above.line.box.y1 > 1.5 * boxHeight(above.line.box)) return false;
  const tolerance = above.line.heightInWidthUnits * 1.5;
  const shared = Math.min(above.segments.length, below.segments.length);
  return above.segments
    .slice(0, shared)
    .every((s, k) => Math.abs(s.box.x0 - below.segments[k].box.x0) <= tolerance);
}

/** Lines this many or more, printed alike and evenly, make a grid without mostly values. */
const MIN_EVEN_LINES = 4;
/** Line pitches within this ratio of one another count as even. */
const EVEN_PITCH = 1.25;
/**
 * Print heights within this ratio count as one size: OCR's word boxes vary with descenders and
 * skew (1.28 on a harsh scan of one size of print).
 */
const ONE_SIZE = 1.5;

function withinRatio(values: readonly number[], ratio: number): boolean {
  return values.length > 0 && Math.max(...values) <= ratio * Math.min(...values);
}

/**
 * Caption/answer lines printed in one size and set at one pitch, some answers values: a grid
 * read across, whatever share of its answers are names ("Broker  Karen Novak" / "Client  Thomas
 * Holloway" / "Coverage Ends  February 15, 2025" / ... on a schedule of draw 7027). Bands of
 * captions over answers pair their lines by spacing or print captions smaller; read as bands,
 * such a grid paired "Client" with "Coverage Ends", digital and scanned.
 */
function evenlyPrinted(parts: readonly GridLine[], run: readonly number[]): boolean {
  if (run.length < MIN_EVEN_LINES) return false;
  const lines = run.map((i) => parts[i].line);
  const pitches = lines.slice(1).map((line, k) => line.box.y0 - lines[k].box.y0);
  const heights = lines.map((line) => line.heightInWidthUnits);
  const values = run.filter((i) =>
    parts[i].segments.some((s, k) => k % 2 === 1 && hasValueSignal(s.text)),
  ).length;
  return values >= 2 && withinRatio(pitches, EVEN_PITCH) && withinRatio(heights, ONE_SIZE);
}

/** Lines this many or more, each printing its captions in another type than its answers. */
const MIN_STYLED_LINES = 3;
/** Print of one type: word heights within this ratio (a PDF's text boxes are exact). */
const ONE_TYPE = 1.03;
/** Captions and answers of another type: their heights apart by at least this ratio. */
const OTHER_TYPE = 1.06;

const heightOf = (segments: readonly TextSegment[]): number =>
  Math.max(...segments.flatMap((s) => s.words.map((w) => boxHeight(w.box))));

/**
 * Caption/answer lines whose captions are all set in one type and their answers in another
 * ("Company  Northgate Property & Casualty" / "First Named Insured  Nancy Quinn" / "Form Type
 * General Liability" / ..., the captions' boxes a tenth taller on a declarations page of draw
 * 7029): a grid read across, though no answer is a value. The print says which is which on
 * every line, as it does for captions in capitals (alternatesAcross).
 */
function printedInTwoTypes(parts: readonly GridLine[], run: readonly number[]): boolean {
  if (run.length < MIN_STYLED_LINES) return false;
  const captions = run.map((i) => heightOf(parts[i].segments.filter((_, k) => k % 2 === 0)));
  const answers = run.map((i) => heightOf(parts[i].segments.filter((_, k) => k % 2 === 1)));
  const apart = captions.map((h, k) => h / answers[k]);
  return (
    withinRatio(captions, ONE_TYPE) &&
    withinRatio(answers, ONE_TYPE) &&
    (apart.every((r) => r >= OTHER_TYPE) || apart.every((r) => r <= 1 / OTHER_TYPE))
  );
}

/**
 * Grids of captions and answers without colons ("Our Ref  2426576NR" / "Nature of Loss  Fire" /
 * ..., in one or two column pairs): consecutive lines with captions at even places and answers
 * after them, aligned from line to line, where some answer column mostly holds values. The
 * column then says what an answer is, even one that reads like a caption ("Fire", "Jennifer
 * Castillo"), or lines printed alike at one pitch (evenlyPrinted). A first line with no value
 * anywhere may be a table's header and is left out, unless the lines are printed so.
 */
export function gridRuns(
  parts: readonly GridLine[],
  isFree: (segment: TextSegment) => boolean,
): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  const close = (): void => {
    const first = run[0];
    // A caption naming a date beside a date says the columns are captions and their answers
    // ("Start Date  2024-11-16" among "Agent Name  Jennifer Thompson" lines), the first too.
    const byOwnDate = run.some((i) =>
      parts[i].segments.some((_, k) => k % 2 === 0 && datedBesideItsDate(parts[i].segments, k)),
    );
    const byEvenPrint = evenlyPrinted(parts, run);
    const byType = printedInTwoTypes(parts, run);
    // A caption in capitals beside an answer that is not says the line is a pair, not a header.
    if (
      first !== undefined &&
      !byOwnDate &&
      !byEvenPrint &&
      !byType &&
      !parts[first].segments.some((s) => hasValueSignal(s.text)) &&
      !pairsItself(parts[first])
    ) {
      run = run.slice(1);
    }
    const answersAreValues = [1, 3, 5].some((k) => {
      const answers = run.map((i) => parts[i].segments[k]).filter((s) => s !== undefined);
      const values = answers.filter((s) => hasValueSignal(s.text)).length;
      return values >= 2 && values * 2 >= answers.length;
    });
    // A code in capitals ("BD-FF") may break the alternation on a line or so.
    const alternating = run.filter((i) => alternatesAcross(parts[i])).length;
    const byPrint = alternating >= 3 && alternating * 3 >= run.length * 2;
    if (run.length >= 2 && (answersAreValues || byPrint || byOwnDate || byEvenPrint || byType))
      runs.push(run);
    run = [];
  };
  parts.forEach((line, index) => {
    if (!gridRow(line, isFree)) return close();
    const previous = run[run.length - 1];
    if (previous !== undefined && !continuesGrid(parts[previous], line)) close();
    run.push(index);
  });
  close();
  return runs;
}

/** A caption over its answer in a band of a boxed form. */
export interface BandPair {
  readonly caption: TextSegment;
  readonly answer: TextSegment;
}

/** A row of captions over a row of answers aligned under them. */
export interface FormBand {
  readonly captionLine: number;
  readonly pairs: readonly BandPair[];
  /** One of two or more bands one under the other: a table has one header, not one per row. */
  readonly repeated: boolean;
}

const lastWord = (segment: TextSegment): string =>
  segment.words[segment.words.length - 1]?.text ?? '';

/** A caption of a band: label-like, no value, no colon (colon captions pair on their own). */
function bandCaption(segment: TextSegment): boolean {
  return (
    captionShaped(segment.text) &&
    !hasValueSignal(segment.text) &&
    !COLON_END.test(lastWord(segment))
  );
}

/** Under a caption: starting where it starts, or sharing most of the narrower one's width. */
export function alignedUnder(
  caption: { readonly box: CornerBox },
  answer: { readonly box: CornerBox },
  tolerance: number,
): boolean {
  const overlap = Math.min(caption.box.x1, answer.box.x1) - Math.max(caption.box.x0, answer.box.x0);
  const narrower = Math.min(caption.box.x1 - caption.box.x0, answer.box.x1 - answer.box.x0);
  return Math.abs(caption.box.x0 - answer.box.x0) <= tolerance || overlap > 0.5 * narrower;
}

/**
 * Line `i` as the caption row of a band: captions only, and on the next line (close under it)
 * answers each under a different caption, nothing elsewhere.
 */
function bandShape(
  parts: readonly GridLine[],
  i: number,
  isFree: (segment: TextSegment) => boolean,
): BandPair[] | null {
  const above = parts[i];
  const below = parts[i + 1];
  const captions = above.segments;
  if (!below || below.line.pageNumber !== above.line.pageNumber) return null;
  if (!captions.every((s) => isFree(s) && bandCaption(s))) return null;
  if (below.line.box.y0 - above.line.box.y1 > 1.8 * boxHeight(above.line.box)) return null;
  // A caption beside its own date on the line under is a pair of that line, not an answer.
  if (below.segments.some((_, k) => datedBesideItsDate(below.segments, k))) return null;
  const tolerance = above.line.heightInWidthUnits * 1.5;
  const pairs: BandPair[] = [];
  for (const answer of below.segments) {
    const caption = captions.find((c) => alignedUnder(c, answer, tolerance));
    const last = pairs[pairs.length - 1];
    // An answer set in pieces under its caption ("Yes  X No" under "Police Report?"): a piece
    // under no caption of its own, starting under the caption of the piece before it, belongs
    // to that answer. Two pieces each under one caption are two answers: no band.
    if (!caption && last && answer.box.x0 < last.caption.box.x1 && isFree(answer)) {
      pairs[pairs.length - 1] = { ...last, answer: joinedSegments(last.answer, answer) };
      continue;
    }
    if (!caption || !isFree(answer) || COLON_END.test(lastWord(answer))) return null;
    if (pairs.some((p) => p.caption === caption)) return null;
    pairs.push({ caption, answer });
  }
  return pairs.length > 0 ? pairs : null;
}

function joinedSegments(first: TextSegment, second: TextSegment): TextSegment {
  return {
    words: [...first.words, ...second.words],
    box: unionBox([first.box, second.box])!,
    text: `${first.text} ${second.text}`,
  };
}

/**
 * The band after the one at `j` continues it: as many captions, starting where these start,
 * close under its answers (not a table further down, not a heading's line above a table). A
 * grid's last band may be short, its captions in some of the columns ("SERVICING AGENT" alone
 * under "COVERAGE ENDS  FORM TYPE" when the fields run out), but only with its own shape: a
 * caption row over answers, which a table's next line is not, and told apart by print
 * (captions in capitals over answers that are not): a list of names in capitals checked on a
 * form ("NEWPORT K. S." / "TRUE K. S." over "KENT K. S.", FUNSD training) has the shape too.
 */
function nextBandFollows(
  parts: readonly GridLine[],
  j: number,
  shapes: ReadonlyArray<BandPair[] | null>,
): boolean {
  const answers = parts[j + 1].line;
  const captions = parts[j];
  const next = parts[j + 2];
  if (!next || next.line.pageNumber !== answers.pageNumber) return false;
  if (next.line.box.y0 - answers.box.y1 > 2.5 * boxHeight(answers.box)) return false;
  const tolerance = captions.line.heightInWidthUnits * 1.5;
  if (next.segments.length === captions.segments.length) {
    return captions.segments.every((s, k) => alignedUnder(s, next.segments[k], tolerance));
  }
  if (
    next.segments.length >= captions.segments.length ||
    shapes[j + 2] === null ||
    !next.segments.every((s) => captions.segments.some((c) => alignedUnder(c, s, tolerance)))
  )
    return false;
  // Set at the chain's own spacing, the short band goes on with it, bands after it too
  // ("Nature of Loss" / "Theft" / "Details" / ... under two-column bands of draw 7026), unless
  // an answer is printed in capitals as its caption is (a list of names checked on a form).
  const printedApart = shapes[j + 2]!.every(
    (pair) => !(isUpperCase(pair.caption.text) && isUpperCase(pair.answer.text)),
  );
  if (printedApart && pairedBySpacing(parts, [j, j + 2])) return true;
  return shapes[j + 2]!.every(styleContrast) && !nextBandFollows(parts, j + 2, shapes);
}

/**
 * One band alone: two captions or more over their answers, a value among the answers where a
 * grid read across the line would want a caption, no line under the answers continuing their
 * columns (a table's header over its first row has more rows), no answer opening as its caption
 * does: "Contract Number  Underwriter" over "HO-38-5788847  Northgate Property & Casualty".
 */
function loneBand(parts: readonly GridLine[], j: number, pairs: readonly BandPair[]): boolean {
  // A value where a grid across the line would print a caption ("HO-38-5788847" first): read
  // across, "Valued As Of  May 22, 2024  Policy ID  PA/2022/151334" is a grid's row instead.
  const answerLine = parts[j + 1].segments;
  if (pairs.length < 2 || !answerLine.some((s, k) => k % 2 === 0 && hasValueSignal(s.text)))
    return false;
  // "Bobbin length" under "Bobbin width" is the next caption of a stack, not its answer.
  const firstWord = (segment: TextSegment): string => segment.words[0]?.text.toLowerCase() ?? '';
  if (pairs.some((p) => firstWord(p.answer) === firstWord(p.caption))) return false;
  const answers = parts[j + 1];
  const next = parts[j + 2];
  if (!next || next.line.pageNumber !== answers.line.pageNumber) return true;
  if (next.line.box.y0 - answers.line.box.y1 > 2.5 * boxHeight(answers.line.box)) return true;
  const tolerance = answers.line.heightInWidthUnits * 1.5;
  return !next.segments.some((s) => answers.segments.some((a) => alignedUnder(a, s, tolerance)));
}

/**
 * The spacing groups the lines in twos: each caption sits closer to the answer under it than
 * that answer to the next caption, on every band of the chain ("Client" / "Derek Nguyen" /
 * wider gap / "Inception" / "2023-06-29" / ...). A column of prose or of list items is evenly
 * spaced.
 */
function pairedBySpacing(parts: readonly GridLine[], chain: readonly number[]): boolean {
  const gap = (upper: number, lower: number): number =>
    parts[lower].line.box.y0 - parts[upper].line.box.y1;
  const inside = chain.map((j) => gap(j, j + 1));
  const between = chain.slice(1).map((next, k) => gap(chain[k] + 1, next));
  // The gaps inside bands are taken together: a harsh scan's boxes jitter by a few points, and
  // one band read a little loose (a date's digits taller than its caption) broke the chain of
  // "Insured Entity" / "Robert Garcia" / "Start Date" / ... on one of draw 7034.
  const usual = inside.reduce((sum, g) => sum + g, 0) / inside.length;
  return between.every((g) => usual * SPACING_CONTRAST < g);
}

/** How much wider the gap between bands must be than the gap inside one. */
const SPACING_CONTRAST = 1.5;

/** Printed style says caption and answer apart: captions in capitals, answers not (or values). */
function styleContrast(pair: BandPair): boolean {
  return (
    isUpperCase(pair.caption.text) &&
    (hasValueSignal(pair.answer.text) || !isUpperCase(pair.answer.text))
  );
}

/**
 * The bands of a boxed form, found alike by the key-value detector (which pairs them) and the
 * table detector (which must not start a table at a repeated one). A band is a row of captions
 * over a row of answers aligned under them. What tells it from a table's header over its first
 * row is one of: captions in capitals over answers that are not ("PERIL  INSURED PARTY" /
 * "Vandalism  David Pearson"), or bands repeating every other line where the answer rows,
 * unlike the caption rows, mostly carry values ("Name of Insured  End Date" / "Fatima Whitaker
 * 11/29/24" / "Line  Producer" / "Commercial Property  Carlos Wallace" / ...). A column of
 * single captions over single answers counts from three bands on ("Writing Company" /
 * "Northgate Property & Casualty" / "Inception" / "Jan 21, 2023" / "Broker" / ...), with fewer
 * values when its spacing pairs the lines (pairedBySpacing); one band alone needs a value where
 * no grid would put one (loneBand); lines printed as pairs across (alternatesAcross) are none.
 */
export function formBands(
  parts: readonly GridLine[],
  isFree: (segment: TextSegment) => boolean,
): FormBand[] {
  const shapes = parts.map((_, i) => bandShape(parts, i, isFree));
  const bands: FormBand[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    if (!shapes[i]) continue;
    const chain: number[] = [];
    for (let j = i; shapes[j]; j += 2) {
      chain.push(j);
      if (!nextBandFollows(parts, j, shapes)) break;
    }
    // Rows whose print alternates across every line are caption/answer rows, not bands: read
    // as bands, a caption would take the caption under it and an answer the answer under it.
    if (chain.every((j) => alternatesAcross(parts[j]) && alternatesAcross(parts[j + 1]))) {
      i = chain[chain.length - 1] + 1;
      continue;
    }
    const answerLinesWithValues = chain.filter((j) =>
      parts[j + 1].segments.some((s) => hasValueSignal(s.text)),
    ).length;
    // A stack of single captions over single answers is common prose too: it needs three, or
    // two whose spacing pairs the lines ("Account Name" / "Underwood Logistics LLC" / a wider
    // gap / "Policy ID" / "HCP7512284", draw 7029).
    const single = chain.every((j) => parts[j].segments.length === 1);
    const long =
      chain.length >= (single ? 3 : 2) || (chain.length === 2 && pairedBySpacing(parts, chain));
    const byValues =
      long &&
      (answerLinesWithValues * 2 >= chain.length ||
        (answerLinesWithValues > 0 && pairedBySpacing(parts, chain)));
    const found = bands.length;
    const lone = chain.length === 1 && loneBand(parts, chain[0], shapes[chain[0]]!);
    // Read by its values, a chain takes in the bands right above it that it follows on from:
    // a first band of names ("CLIENT" over "Rachel Quinn" over "ACCOUNT EXECUTIVE" ..., a
    // harsh scan of draw 7028) tipped the chain from it below half values.
    const taken = byValues ? [...bandsAbove(parts, chain[0], shapes, bands), ...chain] : chain;
    for (const j of taken) {
      const pairs = byValues || lone ? shapes[j]! : shapes[j]!.filter(styleContrast);
      if (pairs.length >= 2 || (byValues && pairs.length > 0)) {
        bands.push({ captionLine: j, pairs, repeated: taken.length >= 2 });
      }
    }
    // A chain that holds no band may have started a line early (a heading over the first
    // caption): the next line starts the chain again, in step with the captions.
    if (bands.length > found) i = chain[chain.length - 1] + 1;
  }
  return bands;
}

/**
 * The bands a chain starting at caption line `first` follows on from, nearest last: each a band
 * two lines up that `nextBandFollows` continues, none of whose lines a band found before holds.
 */
function bandsAbove(
  parts: readonly GridLine[],
  first: number,
  shapes: ReadonlyArray<BandPair[] | null>,
  found: readonly FormBand[],
): number[] {
  const held = new Set(found.flatMap((band) => [band.captionLine, band.captionLine + 1]));
  const above: number[] = [];
  for (let j = first - 2; j >= 0; j -= 2) {
    if (!shapes[j] || held.has(j) || held.has(j + 1) || !nextBandFollows(parts, j, shapes)) break;
    above.unshift(j);
  }
  return above;
}

/**
 * Bands whose print leaves no doubt, read before the caption/answer grids of `gridRuns`: two or
 * more bands one under the other, every caption in capitals and every answer a value or not in
 * capitals ("INSURER  INCEPTION" / "Summit Ridge Assurance  05-Oct-2023" / "POLICYHOLDER
 * POLICY ID" / ...). Read as a grid, such a page pairs an answer with the answer beside it
 * and a caption with the caption beside it; the alternating print says the lines are caption
 * rows over answer rows. A grid of pairs set side by side never alternates so, its captions
 * and answers sharing each line.
 */
export function styledBands(
  parts: readonly GridLine[],
  isFree: (segment: TextSegment) => boolean,
): FormBand[] {
  const bands = formBands(parts, isFree);
  const styled = (band: FormBand): boolean =>
    band.repeated &&
    parts[band.captionLine].segments.every((s) => isUpperCase(s.text)) &&
    band.pairs.every(styleContrast);
  // A chain is kept or left whole: one band of it alone is no evidence of the alternation.
  return bandChains(bands)
    .filter((chain) => chain.length >= 2 && chain.every(styled))
    .flat();
}

/** Bands grouped into chains: each band's caption line right under the band before it. */
function bandChains(bands: readonly FormBand[]): FormBand[][] {
  const chains: FormBand[][] = [];
  for (const band of bands) {
    const chain = chains[chains.length - 1];
    const last = chain?.[chain.length - 1];
    if (last && band.captionLine === last.captionLine + 2) chain.push(band);
    else chains.push([band]);
  }
  return chains;
}

/**
 * The grid runs a chain of bands does not read better. Captions over answers, read across as a
 * grid, lose their first caption row (no value in it: a header, says the grid) and their last
 * answer row (a value where the grid wants a caption), and the rows between pair an answer
 * with the answer beside it. A chain of bands that holds every line of a run and more lines
 * besides reads them all ("Policy Type  Coverage Ends" / "Personal Auto  10/31/2025" / "Your
 * Representative  Policy ID" / "Priya Novak  PA-2022-470189" / ... on a declarations page of
 * draw 7026, whose grid reading paired "Personal Auto" with the date and lost six fields,
 * digital and scanned). A run the chain reads no more of stays a grid.
 */
export function gridRunsBesideBands(
  parts: readonly GridLine[],
  isFree: (segment: TextSegment) => boolean,
): number[][] {
  // The lines each chain spans, its first caption line to its last answer line.
  const spans = bandChains(formBands(parts, isFree).filter((band) => band.repeated)).map(
    (chain) => ({ first: chain[0]!.captionLine, last: chain[chain.length - 1]!.captionLine + 1 }),
  );
  return gridRuns(parts, isFree).filter((run) => {
    const first = run[0];
    const last = run[run.length - 1];
    return !spans.some(
      (span) => span.first <= first && span.last >= last && span.last - span.first > last - first,
    );
  });
}
