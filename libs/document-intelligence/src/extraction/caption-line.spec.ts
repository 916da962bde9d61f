import type { TextPage } from '../text-layer/text-layer.types';
import { extractDocumentFields } from './field-extractor';

/** An OCR page of placed words: [text, x, y, confidence]. */
function ocrPage(words: ReadonlyArray<readonly [string, number, number, number]>): TextPage {
  return {
    pageNumber: 1,
    width: 612,
    height: 792,
    source: 'ocr',
    words: words.map(([text, x, y, confidence]) => ({
      text,
      confidence,
      box: { x0: x / 612, y0: y / 792, x1: (x + text.length * 5.5) / 612, y1: (y + 10) / 792 },
    })),
  };
}

describe('a caption line under a caption', () => {
  it('is not the value of a field whose own value, read unsurely, stands right after its caption', () => {
    const page = ocrPage([
      ['Holder:', 60, 100, 0.95],
      ['Priya', 104, 100, 0.55],
      ['Raman', 137, 100, 0.55],
      // A caption run into its value at one word space: one phrase the layout leaves whole.
      ['Date', 60, 114, 0.96],
      ['Reported', 85, 114, 0.96],
      ['03/02/2026', 134, 114, 0.96],
    ]);
    const [holder] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'holder', type: 'string', label: 'Holder' }] },
    );
    expect(holder.value).toBe('Priya Raman');
  });
});
