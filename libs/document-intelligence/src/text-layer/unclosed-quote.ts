import type { PositionedWord } from './text-layer.types';

/*
 * An opening quote OCR read before a caption from a speck or a box's edge (`‘Police Notified` on
 * harsh scans of draw 7034): read surely enough that the word alone cannot tell it from a
 * quotation (withoutGluedMarks keeps it), it made the caption no caption to the layout. The line
 * tells: a quotation closes, and a caption is a few words in capitals or title case.
 */

const OPENING_QUOTE = /^['"`‘“](?=\p{Lu})/u;
/** A word closing a quotation: its last letter followed by a quote (a mark may follow). */
const CLOSING_QUOTE = /\p{L}['"’”][.,;:!?)]*$|^['"’”]$/u;
/** A caption word: opening with a capital, or a joining word ("of", "&"). */
const CAPTION_WORD = /^(?:\p{Lu}|(?:of|and|or|to|the|&)$)/u;
/** A line longer than this is prose, where a quotation may close on a later line. */
const MAX_CAPTION_WORDS = 6;

/** The line's words, a quote glued before a caption and closed nowhere on its line cut off. */
export function withoutUnclosedQuote<W extends PositionedWord>(line: readonly W[]): W[] {
  if (line.length > MAX_CAPTION_WORDS || line.some((w) => CLOSING_QUOTE.test(w.text.trim())))
    return [...line];
  return line.map((word, i) => {
    const quote = OPENING_QUOTE.exec(word.text.trim())?.[0];
    if (!quote) return word;
    const rest = line.slice(i);
    if (!rest.every((w, k) => CAPTION_WORD.test(k === 0 ? w.text.trim().slice(1) : w.text))) {
      return word;
    }
    const text = word.text.trim();
    const width = word.box.x1 - word.box.x0;
    return {
      ...word,
      text: text.slice(quote.length),
      box: { ...word.box, x0: word.box.x0 + (width * quote.length) / text.length },
    };
  });
}
