import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

import type { FontName } from './synthetic-document.types';

/** Font metrics shared by layouts (for alignment) and the PDF renderer (for truth boxes). */
export interface TextMeasurer {
  width(text: string, font: FontName, size: number): number;
  /** Glyph extent above the baseline. */
  ascent(font: FontName, size: number): number;
  /** Glyph extent below the baseline (positive). */
  descent(font: FontName, size: number): number;
}

export const STANDARD_FONT: Readonly<Record<FontName, StandardFonts>> = {
  sans: StandardFonts.Helvetica,
  'sans-bold': StandardFonts.HelveticaBold,
  mono: StandardFonts.Courier,
};

export async function createTextMeasurer(): Promise<TextMeasurer> {
  const doc = await PDFDocument.create();
  const fonts = {} as Record<FontName, PDFFont>;
  for (const name of Object.keys(STANDARD_FONT) as FontName[])
    fonts[name] = await doc.embedFont(STANDARD_FONT[name]);
  return {
    width: (text, font, size) => fonts[font].widthOfTextAtSize(text, size),
    ascent: (font, size) => fonts[font].heightAtSize(size, { descender: false }),
    descent: (font, size) =>
      fonts[font].heightAtSize(size, { descender: true }) -
      fonts[font].heightAtSize(size, { descender: false }),
  };
}
