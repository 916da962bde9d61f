import { upperMedian } from '../common/upper-median';
import type { AnalysedPage } from '../layout/analysed-page';
import type { LayoutText } from '../layout/layout.types';
import { captionLetters, lettersSimilarity } from './caption-letters';

/*
 * A layout's fingerprint: the page's static text (the captions the layout analysis finds, never
 * the answers, which change from document to document) with their places. The next document of
 * a layout may be a scan, so the fingerprint has to survive what OCR does to a page: letters
 * misread, words split or merged, boxes shifted, the page turned a few degrees. Each caption is
 * therefore kept as its letters alone at its top-left corner, and two fingerprints are compared
 * by pairing captions whose letters mostly agree and whose places agree once the page's own
 * shift and turn are taken out. Different layouts print different captions, or the same ones
 * elsewhere, and pair few.
 */

/** Entries are "~letters@x,y" (y as "t0.051" when counted from the foot of a table above). */
const MARK = '~';
/** Two captions are the same printed text from this letter similarity. */
const SAME_TEXT = 0.7;
/** Pairs this sure of their text tell how the page moved. */
const SURE_TEXT = 0.9;
/** How far (page fractions) a caption may sit from where the page's movement puts it. */
const PLACE_TOLERANCE = 0.02;
/** Share of the captions' letters paired, above which two pages are the same layout. */
export const SAME_LAYOUT_SIMILARITY = 0.6;
/**
 * A page whose captions pair less than that is still the remembered layout when it prints this
 * share of the remembered captions at their places (found among all its words, not only the
 * captions its layout analysis took for captions) and pairs at least LEAST_SIMILARITY. A
 * fax-like scan loses half its captions to OCR on either side, teaching page and next page
 * alike: on the development draw 7001 such scans of one layout paired 0.00-0.68 with each other
 * (2 of 14 recognised) while printing 0.40-0.79 of each other's captions; pages of other layouts
 * printed at most 0.48 of a memory's captions and paired at most 0.25.
 */
const SAME_LAYOUT_COVERAGE = 0.6;
const LEAST_SIMILARITY = 0.3;

interface Entry {
  readonly letters: string;
  readonly x: number;
  readonly y: number;
  /** Counted from the foot of a table above: totals move with the table's length. */
  readonly underTable: boolean;
}

function encode(entry: Entry): string {
  const y = `${entry.underTable ? 't' : ''}${entry.y.toFixed(3)}`;
  return `${MARK}${entry.letters}@${entry.x.toFixed(3)},${y}`;
}

function decode(cell: string): Entry | null {
  const match = /^~([a-z]+)@(-?[\d.]+),(t?)(-?[\d.]+)$/.exec(cell);
  if (!match) return null;
  return {
    letters: match[1],
    x: Number(match[2]),
    underTable: match[3] === 't',
    y: Number(match[4]),
  };
}

/**
 * The captions of a page (pair keys and table header cells) as fingerprint entries. `isValue`
 * leaves out what the analysis took for a caption but a review confirmed as a value: a table's
 * status cells read as captions change with every document (a loss run's reviewed table of 14
 * rows left 17 "Open"/"Closed" entries that no shorter table of the layout printed).
 */
export function layoutFingerprint(
  { layout }: AnalysedPage,
  isValue: (caption: LayoutText) => boolean = () => false,
): string[] {
  const captions = [
    ...layout.keyValuePairs.map((pair) => pair.key),
    ...layout.tables.flatMap((table) => table.cells.filter((cell) => cell.isHeader)),
  ].filter((caption) => !isValue(caption));
  const tableFeet = layout.tables.map((table) => table.box.y1);
  const entries = new Set<string>();
  for (const caption of captions) {
    const letters = captionLetters(caption.text);
    if (letters.length < 2) continue;
    const foot = Math.max(-1, ...tableFeet.filter((y) => y <= caption.box.y0));
    entries.add(
      encode({
        letters,
        x: caption.box.x0,
        y: foot < 0 ? caption.box.y0 : caption.box.y0 - foot,
        underTable: foot >= 0,
      }),
    );
  }
  return [...entries].sort();
}

interface Candidate {
  readonly a: number;
  readonly b: number;
  readonly text: number;
  readonly dx: number;
  readonly dy: number;
  readonly x: number;
  readonly y: number;
  readonly underTable: boolean;
}

/**
 * How the second page moved against the first, as a function of place: a shift plus the small
 * turn of a skewed scan (a turn moves points further right lower down, and lower further right).
 * Fitted on the pairs surest of their text, each slope as the median of pairwise slopes so a
 * wrong pair does not bend it. Captions under a table are placed from the table's foot, not the
 * page's top, so they take no part in the turn: mixed in, two harsh scans of one declarations
 * page of draw 7028, turned 5 degrees apart, fitted a turn of the wrong sign and paired nothing.
 * They move as the page's other captions under tables moved, or else by the shift alone.
 */
function pageMovement(sure: readonly Candidate[]): (c: Candidate) => { dx: number; dy: number } {
  const onPage = sure.filter((c) => !c.underTable);
  // Too few captions over the tables, and all of them fit one movement as before.
  const apart = onPage.length >= 2;
  const fit = apart ? onPage : sure;
  const mdx = upperMedian(fit.map((c) => c.dx));
  const mdy = upperMedian(fit.map((c) => c.dy));
  const mx = upperMedian(fit.map((c) => c.x));
  const my = upperMedian(fit.map((c) => c.y));
  const slopes = (along: (c: Candidate) => number, moved: (c: Candidate) => number) => {
    const found: number[] = [];
    for (let i = 0; i < fit.length; i += 1)
      for (let j = i + 1; j < fit.length; j += 1) {
        const span = along(fit[j]) - along(fit[i]);
        if (Math.abs(span) > 0.15) found.push((moved(fit[j]) - moved(fit[i])) / span);
      }
    // Beyond about 5 degrees it is not a turn of the same page.
    return Math.max(-0.1, Math.min(0.1, upperMedian(found)));
  };
  const dyPerX = slopes(
    (c) => c.x,
    (c) => c.dy,
  );
  const dxPerY = slopes(
    (c) => c.y,
    (c) => c.dx,
  );
  const underTables = sure.filter((c) => c.underTable);
  const underTable =
    underTables.length > 0
      ? {
          dx: upperMedian(underTables.map((c) => c.dx)),
          dy: upperMedian(underTables.map((c) => c.dy)),
        }
      : { dx: mdx, dy: 0 };
  return (c) =>
    apart && c.underTable
      ? underTable
      : { dx: mdx + dxPerY * (c.y - my), dy: mdy + dyPerX * (c.x - mx) };
}

/** Pairs of entries whose letters agree and, given `within`, whose places are that near. */
function alikePairs(
  left: readonly Entry[],
  right: readonly Entry[],
  within = Number.POSITIVE_INFINITY,
): Candidate[] {
  const candidates: Candidate[] = [];
  left.forEach((p, i) =>
    right.forEach((q, j) => {
      if (p.underTable !== q.underTable) return;
      if (Math.abs(q.x - p.x) > within || Math.abs(q.y - p.y) > within) return;
      const text = lettersSimilarity(p.letters, q.letters);
      if (text < SAME_TEXT) return;
      candidates.push({
        a: i,
        b: j,
        text,
        dx: q.x - p.x,
        dy: q.y - p.y,
        x: p.x,
        y: p.y,
        underTable: p.underTable,
      });
    }),
  );
  return candidates;
}

/** The pairs that sit where the page's movement puts them, each with how far off it is. */
function placedPairs(candidates: readonly Candidate[]): Array<Candidate & { off: number }> {
  const movement = pageMovement(candidates.filter((c) => c.text >= SURE_TEXT));
  return candidates
    .map((c) => {
      const expected = movement(c);
      return { ...c, off: Math.max(Math.abs(c.dx - expected.dx), Math.abs(c.dy - expected.dy)) };
    })
    .filter((c) => c.off <= PLACE_TOLERANCE);
}

/**
 * How much of two pages' captions pair up, 0..1: letters weighted (a long caption says more
 * about a layout than "No"), each pair counted by how alike its letters are.
 */
export function layoutSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const first = a.map(decode);
  const second = b.map(decode);
  if (first.some((e) => e === null) || second.some((e) => e === null)) return 0;
  const left = first as Entry[];
  const right = second as Entry[];
  const placed = placedPairs(alikePairs(left, right)).sort(
    (p, q) => q.text - p.text || p.off - q.off,
  );
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  let paired = 0;
  for (const c of placed) {
    if (usedA.has(c.a) || usedB.has(c.b)) continue;
    usedA.add(c.a);
    usedB.add(c.b);
    paired += c.text * (weight(left[c.a]) + weight(right[c.b]));
  }
  const total = left.reduce((s, e) => s + weight(e), 0) + right.reduce((s, e) => s + weight(e), 0);
  return paired / total;
}

/** Whether a page is a remembered layout, and how surely. */
export interface LayoutMatch {
  /** How far above the bar (>= 0: it is the layout; below 0: it is not). */
  readonly margin: number;
  /**
   * Recognised from its printed words only: its captions paired too little, so a value read at a
   * remembered place may hang off a caption the analysis of either page got wrong.
   */
  readonly fromPrintedWords: boolean;
}

/**
 * Whether a page is the remembered layout: its captions pair with the memory's, or, failing
 * that, it prints most of the memory's captions at their places and pairs some. `pageText` is
 * asked for only when the second test is needed.
 */
export function sameLayout(
  fingerprint: readonly string[],
  pageText: () => readonly string[],
  remembered: readonly string[],
): LayoutMatch {
  const similarity = layoutSimilarity(fingerprint, remembered);
  const paired = similarity - SAME_LAYOUT_SIMILARITY;
  if (paired >= 0 || similarity < LEAST_SIMILARITY) {
    return { margin: paired, fromPrintedWords: false };
  }
  const covered = layoutCoverage(remembered, pageText()) - SAME_LAYOUT_COVERAGE;
  return { margin: Math.min(covered, similarity - LEAST_SIMILARITY), fromPrintedWords: true };
}

function weight(entry: Entry): number {
  return Math.min(entry.letters.length, 16);
}

/** Longest run of words on a line compared with a remembered caption. */
const MAX_RUN_WORDS = 6;
/** How far (page fractions) from a remembered caption's place its words are looked for. */
const NEAR_PLACE = 0.1;

/**
 * The page's printed text as entries: every run of up to MAX_RUN_WORDS consecutive words of a
 * line, at the run's top-left corner. A scan's layout analysis may miss captions its OCR
 * garbled; the words are still there to be found.
 */
export function pageTextEntries({ lines, layout }: AnalysedPage): string[] {
  const tableFeet = layout.tables.map((table) => table.box.y1);
  const entries = new Set<string>();
  for (const line of lines) {
    for (let start = 0; start < line.words.length; start += 1) {
      let text = '';
      for (let end = start; end < Math.min(line.words.length, start + MAX_RUN_WORDS); end += 1) {
        text += line.words[end].text;
        const letters = captionLetters(text);
        if (letters.length < 2) continue;
        const box = line.words[start].box;
        const foot = Math.max(-1, ...tableFeet.filter((y) => y <= box.y0));
        entries.add(encode({ letters, x: box.x0, y: box.y0, underTable: false }));
        if (foot >= 0)
          entries.add(encode({ letters, x: box.x0, y: box.y0 - foot, underTable: true }));
      }
    }
  }
  return [...entries];
}

/**
 * How much of a remembered page's captions this page prints at their places, 0..1 (letters
 * weighted): one-sided, over the memory's captions alone, found among the page's text entries.
 */
export function layoutCoverage(memory: readonly string[], page: readonly string[]): number {
  if (memory.length === 0 || page.length === 0) return 0;
  const left = memory.map(decode);
  if (left.some((e) => e === null)) return 0;
  const remembered = left as Entry[];
  const right = page.map(decode).filter((e): e is Entry => e !== null);
  // Only words near a caption's remembered place: a page holds hundreds of runs of words.
  const best = new Map<number, number>();
  for (const c of placedPairs(alikePairs(remembered, right, NEAR_PLACE))) {
    best.set(c.a, Math.max(best.get(c.a) ?? 0, c.text));
  }
  let found = 0;
  for (const [a, text] of best) found += text * weight(remembered[a]);
  return found / remembered.reduce((s, e) => s + weight(e), 0);
}
