import { PageSlots } from '../runner/page-slots';
import { grayscaleTiff, TextImage, textImage } from '../testing/image-fixtures';
import type { TextLayerPage } from '../text-layer/text-layer';
import { extractTextLayer } from './page-processor';

// These tests start the real page runner (pdf.js, canvas, tesseract in a child process).
jest.setTimeout(120_000);

const SCAN_DPI = 200;

/** A scanned page of its own words; the first is the longest, so it finishes last. */
function pageLines(pageNumber: number): { text: string; x: number; y: number; size: number }[] {
  const count = pageNumber === 1 ? 6 : 1;
  return Array.from({ length: count }, (_, line) => ({
    text: `Page ${pageNumber} claim ${4800 + pageNumber * 10 + line}`,
    x: 40,
    y: 70 + line * 80,
    size: 44,
  }));
}

async function scans(pageCount: number): Promise<TextImage[]> {
  return Promise.all(
    Array.from({ length: pageCount }, (_, index) =>
      textImage(900, index === 0 ? 520 : 120, pageLines(index + 1)),
    ),
  );
}

function tiffOf(images: readonly TextImage[]): Buffer {
  return grayscaleTiff(
    images.map((image) => ({
      width: image.width,
      height: image.height,
      gray: image.gray,
      dpi: SCAN_DPI,
    })),
  );
}

/** Each page's words read, page by page, against each page's words drawn. */
function expectWordsOf(layer: readonly TextLayerPage[], drawn: readonly TextImage[]): void {
  expect(layer.map((page) => page.pageNumber)).toEqual(drawn.map((_, index) => index + 1));
  expect(layer.map((page) => page.words.map((word) => word.text))).toEqual(
    drawn.map((image) => image.words.map((word) => word.text)),
  );
}

describe('pages of one document read in parallel', () => {
  let images: TextImage[];

  beforeAll(async () => {
    images = await scans(5);
  });

  // Two slots: pages are read two at a time (the peak) and still come back in page order,
  // although page 1 takes longest. One slot: one at a time, the same words.
  it.each([2, 1])(
    'with %i page slots reads that many pages at once, in page order',
    async (slots) => {
      const pageSlots = new PageSlots(slots);

      const layer = await extractTextLayer(tiffOf(images), { pageSlots });

      expectWordsOf(layer, images);
      expect(pageSlots.peak).toBe(slots);
      expect(pageSlots.inUse).toBe(0);
    },
  );

  it('shares the slots between documents read at the same time', async () => {
    const pageSlots = new PageSlots(2);
    const other = await scans(3);

    const [first, second] = await Promise.all([
      extractTextLayer(tiffOf(images), { pageSlots }),
      extractTextLayer(tiffOf(other), { pageSlots }),
    ]);

    expectWordsOf(first, images);
    expectWordsOf(second, other);
    expect(pageSlots.peak).toBe(2);
    expect(pageSlots.inUse).toBe(0);
  });

  it('fails the document when one page fails, and gives its slots back', async () => {
    const pageSlots = new PageSlots(2);
    // Page 3 is larger than the pixel cap allows; pages 1, 2 and 4 are within it.
    const tooLarge = await textImage(1400, 600, pageLines(3));
    const tiff = tiffOf([images[0]!, images[1]!, tooLarge, images[3]!]);

    await expect(
      extractTextLayer(tiff, { pageSlots, maxPixelsPerPage: 600_000 }),
    ).rejects.toMatchObject({
      name: 'ProcessingError',
      code: 'TOO_LARGE',
      message: expect.stringContaining('1400 x 600 pixels'),
    });
    expect(pageSlots.inUse).toBe(0);
  });
});
