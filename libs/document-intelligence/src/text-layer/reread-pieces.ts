import { verticalOverlapRatio } from './box-geometry';
import type { PositionedWord } from './text-layer.types';

/*
 * OCR that reads a page twice (a second pass over unsure regions, docs/benchmarks.md) may read
 * the edge of one word again as a word of its own: the "E" of "DATE" where a region's crop cut
 * through it, boxed inside "DATE". Such a piece starts inside the word it repeats, where no
 * printed word can start, and splits the line it stands in (line-grouper.ts: a word starting
 * inside the word before it begins another line), so "DATE OF NOTICE" and the caption beside
 * it were read as two lines on a harsh scan of draw 7028.
 */

/** The piece lies within the word's span, to this share of a glyph's width (page fraction). */
const EDGE_SLACK = 0.002;
/** And on its baseline: this much of the shorter height shared. */
const SAME_LINE = 0.5;

/**
 * The piece repeats part of the word, inside its box, read no surer than the word was: a piece
 * OCR was surer of than of the word around it ("he" at 0.60 inside "The" at 0.49) may be the
 * better reading, and a mark alone ("_" inside "8-17-88_") is no glyph read twice.
 */
function repeats(piece: PositionedWord, word: PositionedWord): boolean {
  if (piece === word || piece.text.length >= word.text.length) return false;
  if (!/[\p{L}\p{N}]/u.test(piece.text)) return false;
  if (piece.confidence > word.confidence) return false;
  return (
    word.text.toLowerCase().includes(piece.text.toLowerCase()) &&
    piece.box.x0 >= word.box.x0 - EDGE_SLACK &&
    piece.box.x1 <= word.box.x1 + EDGE_SLACK &&
    verticalOverlapRatio(piece.box, word.box) >= SAME_LINE
  );
}

/** The words without those that repeat part of another word, inside its box. */
export function withoutRereadPieces<W extends PositionedWord>(words: readonly W[]): W[] {
  return words.filter((piece) => !words.some((word) => repeats(piece, word)));
}
