import type {
  Matrix,
  RunnerPdfText,
  RunnerTextItem,
  RunnerTextStyle,
} from '../runner/runner-protocol';
import { wordsFromFormFields } from './form-field-words';
import { fontClassOf, glyphWidth } from './glyph-widths';
import { normalisedBox, TextWord } from './text-layer';

type Vector = readonly [number, number];

// Fallbacks when pdf.js reports no font metrics (typical Latin values), and the sane range for
// reported ones: broken fonts claim ascents of 0 or 10 em.
const DEFAULT_ASCENT = 0.8;
const DEFAULT_DESCENT = -0.2;
const ASCENT_RANGE: Vector = [0.5, 1.2];
const DESCENT_RANGE: Vector = [-0.5, 0];

// pdf.js inserts a space between runs whose gap exceeds about a tenth of the font size, so runs
// that follow each other without whitespace and without more than this gap are one word split
// across runs (kerned or individually positioned glyphs).
const MAX_JOIN_GAP = 0.25;
const MAX_JOIN_OFFSET = 0.3;

/** A word, or a piece of one, in page coordinates (top-left origin, PDF points). */
interface Piece {
  text: string;
  xs: number[];
  ys: number[];
  /** Baseline points where the piece starts and ends. */
  start: Vector;
  end: Vector;
  direction: Vector;
  fontHeight: number;
  /** The run's font: a word split into runs for kerning keeps its font. */
  font: string;
  /** Touches the start / end of its run with no whitespace: may continue a neighbouring run. */
  openStart: boolean;
  openEnd: boolean;
}

/**
 * Splits the PDF's text runs into words with their own boxes, normalised to the page, followed by
 * the values filled into the page's form fields.
 */
export function wordsFromPdfText(text: RunnerPdfText): TextWord[] {
  const { width, height, transform } = text.viewport;
  const pieces: Piece[] = [];
  for (const item of text.items) {
    if (isSpaceRun(item)) {
      closeLastWord(pieces);
      continue;
    }
    for (const piece of splitRun(item, text.styles[item.fontName], transform)) {
      const previous = pieces[pieces.length - 1];
      if (previous !== undefined && continues(previous, piece)) join(previous, piece);
      else pieces.push(piece);
    }
  }
  const printed = pieces.map((piece) => ({
    text: piece.text,
    box: normalisedBox(piece.xs, piece.ys, width, height),
    confidence: 1,
  }));
  return [...printed, ...wordsFromFormFields(text.fields, text.viewport)];
}

function splitRun(
  item: RunnerTextItem,
  style: RunnerTextStyle | undefined,
  viewport: Matrix,
): Piece[] {
  const characters = Array.from(item.str);
  if (item.width <= 0 || !/\S/.test(item.str)) return [];
  const m = multiply(viewport, item.transform);
  // Text space x is the advance direction, text space y the "up" direction; both mapped to the
  // page, which also covers rotated, mirrored and skewed text.
  const alongLength = Math.hypot(m[0], m[1]);
  const upLength = Math.hypot(m[2], m[3]);
  if (alongLength === 0 || upLength === 0) return [];
  const direction: Vector = [m[0] / alongLength, m[1] / alongLength];
  const up: Vector = [m[2] / upLength, m[3] / upLength];
  const linear = Math.hypot(viewport[0], viewport[1]);
  const advance = item.width * linear;
  const ascent = clamp(style?.ascent || DEFAULT_ASCENT, ASCENT_RANGE) * upLength;
  const descent = clamp(style?.descent || DEFAULT_DESCENT, DESCENT_RANGE) * upLength;

  const fontClass = fontClassOf(style?.fontFamily);
  const offsets = [0];
  for (const character of characters) {
    offsets.push(offsets[offsets.length - 1]! + glyphWidth(character, fontClass));
  }
  const total = offsets[characters.length]!;
  const rtl = item.dir === 'rtl';
  // pdf.js gives right-to-left runs in logical order, drawn from the left: mirror positions.
  const position = (index: number): number => {
    const fraction = total > 0 ? offsets[index]! / total : index / characters.length;
    return (rtl ? 1 - fraction : fraction) * advance;
  };
  const at = (distance: number, rise: number): Vector => [
    m[4] + direction[0] * distance + up[0] * rise,
    m[5] + direction[1] * distance + up[1] * rise,
  ];

  const pieces: Piece[] = [];
  for (const match of item.str.matchAll(/\S+/g)) {
    // Offsets are per code point, match indices per UTF-16 unit: convert.
    const first = Array.from(item.str.slice(0, match.index)).length;
    const last = first + Array.from(match[0]).length;
    const [from, to] = rtl ? [position(last), position(first)] : [position(first), position(last)];
    const corners = [at(from, ascent), at(from, descent), at(to, ascent), at(to, descent)];
    pieces.push({
      text: match[0],
      xs: corners.map(([x]) => x),
      ys: corners.map(([, y]) => y),
      start: at(from, 0),
      end: at(to, 0),
      direction,
      fontHeight: upLength,
      font: item.fontName,
      openStart: first === 0,
      openEnd: last === characters.length,
    });
  }
  return pieces;
}

/**
 * pdf.js puts a run of spaces between two runs where it saw a word's gap, even when the gap is
 * narrower than MAX_JOIN_GAP (a caption in one font, its value in another a space later): the
 * word before it ends there.
 */
function isSpaceRun(item: RunnerTextItem): boolean {
  return item.str.length > 0 && !/\S/.test(item.str);
}

function closeLastWord(pieces: Piece[]): void {
  const last = pieces[pieces.length - 1];
  if (last !== undefined) last.openEnd = false;
}

/**
 * Two runs touching where the font changes from a small letter to a capital are two words: a
 * value long enough to reach the next caption (`Lakeshore General Insurance` set against `Policy
 * No.` in the caption's bold on a declarations page of draw 7026 read `InsurancePolicy`). A word
 * split into runs for kerning keeps its font; one set in two fonts mid-word changes case rarely.
 */
function startsAnotherWord(previous: Piece, next: Piece): boolean {
  return (
    previous.font !== next.font && /\p{Ll}$/u.test(previous.text) && /^\p{Lu}/u.test(next.text)
  );
}

function continues(previous: Piece, next: Piece): boolean {
  if (!previous.openEnd || !next.openStart || startsAnotherWord(previous, next)) return false;
  const sameDirection =
    previous.direction[0] * next.direction[0] + previous.direction[1] * next.direction[1] > 0.999;
  const height = Math.max(previous.fontHeight, next.fontHeight);
  if (!sameDirection || Math.abs(previous.fontHeight - next.fontHeight) > 0.3 * height) {
    return false;
  }
  const dx = next.start[0] - previous.end[0];
  const dy = next.start[1] - previous.end[1];
  const along = dx * previous.direction[0] + dy * previous.direction[1];
  const across = Math.abs(dx * previous.direction[1] - dy * previous.direction[0]);
  return (
    along > -MAX_JOIN_OFFSET * height &&
    along < MAX_JOIN_GAP * height &&
    across < MAX_JOIN_OFFSET * height
  );
}

function join(previous: Piece, next: Piece): void {
  previous.text += next.text;
  previous.xs.push(...next.xs);
  previous.ys.push(...next.ys);
  previous.end = next.end;
  previous.openEnd = next.openEnd;
}

/** pdf.js' Util.transform: the matrix product m1 · m2 in PDF's [a b c d e f] notation. */
function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

function clamp(value: number, [low, high]: Vector): number {
  return Math.min(high, Math.max(low, value));
}
