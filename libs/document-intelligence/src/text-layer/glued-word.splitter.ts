import type { TextWord } from './text-layer.types';

/**
 * "Name:Marcus" -> "Name:" + "Marcus". Text layers glue a label to its value when the gap
 * between two drawn runs is about one space (and OCR does when the space is narrow); a label
 * must be its own word for label matching to see where it ends. Times ("10:30"), URLs and
 * ratios are left alone: the part before the colon must be letters, or a caption's tail that
 * is a number sign ("Policy #:TMU81" -> "#:" + "TMU81").
 */
const GLUED_LABEL = /^((?:[A-Za-z][A-Za-z#.'/()-]*|#|No\.|Nº):)([^\s/:].*)$/;

/**
 * A dot leader run into the value it leads to ("..........152", "On.......April"): the leader
 * is a caption's mark, and a value that starts with it is read as neither a leader nor a value.
 * The leader is split off the text before and after it; an ellipsis at a word's end stays.
 */
const GLUED_LEADER = /^(.*?)([._…·]{3,})([\p{L}\p{N}].*)$/u;

/** The word cut into `parts`, each with its share of the box by characters. */
function cutInto(word: TextWord, parts: readonly string[]): TextWord[] {
  // Without glyph widths, characters share the box evenly; close enough to separate them.
  const width = (word.box.x1 - word.box.x0) / word.text.length;
  let at = 0;
  return parts.flatMap((text) => {
    const x0 = word.box.x0 + width * at;
    at += text.length;
    return text.length === 0
      ? []
      : [{ ...word, text, box: { ...word.box, x0, x1: x0 + width * text.length } }];
  });
}

export function splitGluedWord(word: TextWord): TextWord[] {
  const label = GLUED_LABEL.exec(word.text);
  if (label) return cutInto(word, [label[1], label[2]]);
  const leader = GLUED_LEADER.exec(word.text);
  if (leader) return cutInto(word, [leader[1], leader[2], leader[3]]);
  return [word];
}
