/*
 * What a value's characters say it is not, whatever field asks for it and however it was
 * found (at a caption, by meaning, at a remembered place): one place for these rules, which the
 * extractor's value doubts and the layout memory's both ask.
 */

/**
 * A caption's tail: a colon, a number sign or "No." ends a caption ("Certificate No.", "Ref #",
 * "Insured:"), never a value. A value read so is most often the next caption.
 */
const CAPTION_TAIL = /(?:\bNo\.|#|:)$/i;

/** Text with letters that ends as a caption does. */
export function endsAsCaption(text: string): boolean {
  return /\p{L}{2}/u.test(text) && CAPTION_TAIL.test(text.trim());
}

/** Why a value read so is doubted. */
export const CAPTION_SHAPED_DOUBT =
  'reads as a caption, not a value: another caption may have been read';

const BRACKET_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
];

/**
 * A bracket without its pair: values print brackets in pairs ("(Pty) Ltd", "(555) 010-2000"),
 * and a lone one is OCR's reading of a letter or a mark (`23-54243-B)` for ...-BJ on a harsh
 * scan of draw 7026, read at 0.85 and sent straight through one-shot).
 */
export function hasUnpairedBracket(text: string): boolean {
  return BRACKET_PAIRS.some(([open, close]) => {
    let depth = 0;
    for (const char of text) {
      if (char === open) depth += 1;
      else if (char === close) depth -= 1;
      if (depth < 0) return true;
    }
    return depth !== 0;
  });
}

/** Why a value read so is doubted. */
export const UNPAIRED_BRACKET_DOUBT =
  'holds a bracket without its pair: OCR may have read a letter or a mark for it';
