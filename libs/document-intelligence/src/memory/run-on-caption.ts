import type { AnalysedPage } from '../layout/analysed-page';
import { captionShaped, isUpperCase } from '../layout/layout-text';
import type { PositionedWord } from '../text-layer/line-grouper';

/**
 * Capitals shorter than this (letters) are as likely the value's own words as a caption: a
 * company's `LLC`, a state's `NY` (on draw 7007 `Holloway Logistics LLC` ran past a shorter
 * reviewed name by its `LLC`).
 */
const MIN_CAPTION_LETTERS = 5;

/** How far (page widths) past the reviewed value's end a word must start to be past it. */
const PAST_END = 0.004;

/**
 * Why a value read on an OCR page may have run on into the next column's caption: it reads on
 * past where the reviewed value ended, and it ends in words printed as a caption (capitals, no
 * figure: `318 Elm Ct. Savannah, GA 31401 POLICY NO.` on a harsh scan of draw 7006, the
 * caption's column gap lost to OCR and its field anchored elsewhere on the reviewed scan),
 * while the value before them is not in capitals itself. A longer value of the value's own
 * kind runs on freely.
 */
export function runOnCaptionDoubts(
  page: AnalysedPage,
  words: readonly PositionedWord[],
  reviewedEnd: number,
): string[] {
  const last = words.at(-1);
  if (page.page.source !== 'ocr' || !last || last.box.x0 <= reviewedEnd + PAST_END) return [];
  const text = (from: number, to?: number) =>
    words
      .slice(from, to)
      .map((w) => w.text)
      .join(' ');
  const printedAsCaption = (from: number) => captionShaped(text(from)) && isUpperCase(text(from));
  let start = words.length;
  while (start > 1 && printedAsCaption(start - 1)) start -= 1;
  if (start === words.length || isUpperCase(text(0, start))) return [];
  const caption = text(start);
  const letters = [...caption].filter((c) => /\p{L}/u.test(c)).length;
  return letters >= MIN_CAPTION_LETTERS
    ? [`the value runs on past the reviewed value's end into "${caption}", printed as a caption`]
    : [];
}
