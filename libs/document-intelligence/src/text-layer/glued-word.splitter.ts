import type { TextWord } from './text-layer.types';

/**
 * "Name:Marcus" -> "Name:" + "Marcus". Text layers glue a label to its value when the gap
 * between two drawn runs is about one space (and OCR does when the space is narrow); a label
 * must be its own word for label matching to see where it ends. Times ("10:30"), URLs and
 * ratios are left alone: the part before the colon must be letters, or a caption's tail that
 * is a number sign ("Policy #:TMU81" -> "#:" + "TMU81").
 */
const GLUED_LABEL = /^((?:[A-Za-z][A-Za-z#.'/()-]*|#|No\.|Nº):)([^\s/:].*)$/;

export function splitGluedWord(word: TextWord): TextWord[] {
  const match = GLUED_LABEL.exec(word.text);
  if (!match) return [word];
  const [, label, value] = match;
  // Without glyph widths, characters share the box evenly; close enough to separate the two.
  const cut = word.box.x0 + ((word.box.x1 - word.box.x0) * label.length) / word.text.length;
  return [
    { ...word, text: label, box: { ...word.box, x1: cut } },
    { ...word, text: value, box: { ...word.box, x0: cut } },
  ];
}
