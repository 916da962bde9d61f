import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';

export type FontClass = 'sans-serif' | 'serif' | 'monospace';

// pdf.js reports each text run's total advance but not where its glyphs are. To place a word
// inside a run we split the run in proportion to typical glyph widths: Helvetica's for sans-serif,
// Times' for serif (the metrics of the standard 14 fonts, shipped inside pdf-lib), equal widths for
// monospace. Scaled to the run's true width this lands within a fraction of a glyph for most
// fonts, without loading the document's font programs.
const AVERAGE_WIDTH = 0.5;
// pdf-lib's public StandardFonts enum and the embedder's parameter type (from its internal
// metrics package) are distinct enums over the same strings.
type EmbedderFontName = Parameters<typeof StandardFontEmbedder.for>[0];
const FONTS: Readonly<Record<Exclude<FontClass, 'monospace'>, EmbedderFontName>> = {
  'sans-serif': StandardFonts.Helvetica as string as EmbedderFontName,
  serif: StandardFonts.TimesRoman as string as EmbedderFontName,
};

const embedders = new Map<FontClass, StandardFontEmbedder>();
const cache = new Map<string, number>();

/** Advance width of one character (a code point) in ems, approximated from a standard font. */
export function glyphWidth(character: string, fontClass: FontClass): number {
  if (fontClass === 'monospace') return 1;
  const key = fontClass + character;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const width = measure(character, fontClass);
  cache.set(key, width);
  return width;
}

function measure(character: string, fontClass: Exclude<FontClass, 'monospace'>): number {
  let embedder = embedders.get(fontClass);
  if (embedder === undefined) {
    embedder = StandardFontEmbedder.for(FONTS[fontClass]);
    embedders.set(fontClass, embedder);
  }
  const codePoint = character.codePointAt(0)!;
  if (!embedder.encoding.canEncodeUnicodeCodePoint(codePoint)) return AVERAGE_WIDTH;
  return embedder.widthOfTextAtSize(character, 1);
}

export function fontClassOf(fontFamily: string | undefined): FontClass {
  if (fontFamily === 'serif' || fontFamily === 'monospace') return fontFamily;
  return 'sans-serif';
}
