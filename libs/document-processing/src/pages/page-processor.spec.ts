import zlib from 'node:zlib';

import type { CornerBox } from '@docket/platform';
import { createCanvas, loadImage } from '@napi-rs/canvas';

import { emailWith } from '../testing/email-fixtures';
import { grayscaleTiff, TextImage, textImage } from '../testing/image-fixtures';
import {
  digitalPdf,
  DrawnText,
  filledFormPdf,
  helveticaWidth,
  LETTER,
  passwordProtectedPdf,
  pdfWithJavaScript,
  scannedPdf,
} from '../testing/pdf-fixtures';
import { zipOf } from '../testing/zip-fixtures';
import type { TextLayerPage, TextWord } from '../text-layer/text-layer';
import { extractTextLayer, processPages, renderPages } from './page-processor';

// These tests start the real page runner (pdf.js, canvas, tesseract in a child process).
jest.setTimeout(60_000);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const PDF_PAGES: DrawnText[][] = [
  [
    { text: 'Claim number 2024-0815', x: 72, y: 720, size: 18 },
    { text: 'Insured: Jane Doe, Hamburg', x: 72, y: 690, size: 12 },
  ],
  [{ text: 'Damage estimate EUR 1,250.00', x: 150, y: 400, size: 14 }],
  [{ text: 'Signed by the adjuster on 2024-03-01', x: 300, y: 100, size: 10 }],
];

const SCAN_LINES = [
  { text: 'Policy number 48213', x: 40, y: 90, size: 44 },
  { text: 'Insured Jane Doe', x: 40, y: 200, size: 44 },
];

/** Where a word of a drawn line lands on the page, normalised, from Helvetica's true metrics. */
async function expectedBox(line: DrawnText, wordIndex: number): Promise<CornerBox> {
  const words = line.text.split(' ');
  const before = words
    .slice(0, wordIndex)
    .map((word) => `${word} `)
    .join('');
  const x0 = line.x + (await helveticaWidth(before, line.size));
  const x1 = x0 + (await helveticaWidth(words[wordIndex]!, line.size));
  const baseline = LETTER.height - line.y;
  return {
    x0: x0 / LETTER.width,
    x1: x1 / LETTER.width,
    // The em box: ascenders near the font size above the baseline, descenders a fifth below.
    y0: (baseline - line.size) / LETTER.height,
    y1: (baseline + 0.2 * line.size) / LETTER.height,
  };
}

function expectBoxNear(actual: CornerBox, expected: CornerBox, tolerance: number): void {
  expect(Math.abs(actual.x0 - expected.x0)).toBeLessThan(tolerance);
  expect(Math.abs(actual.x1 - expected.x1)).toBeLessThan(tolerance);
  expect(Math.abs(actual.y0 - expected.y0)).toBeLessThan(tolerance);
  expect(Math.abs(actual.y1 - expected.y1)).toBeLessThan(tolerance);
}

/** The darkest pixel of a page image inside a normalised box: text is dark, paper is white. */
async function darkestIn(png: Buffer, box: CornerBox): Promise<number> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const x = Math.floor(box.x0 * image.width);
  const y = Math.floor(box.y0 * image.height);
  const width = Math.max(1, Math.ceil((box.x1 - box.x0) * image.width));
  const height = Math.max(1, Math.ceil((box.y1 - box.y0) * image.height));
  const { data } = context.getImageData(x, y, width, height);
  let darkest = 255;
  for (let index = 0; index < data.length; index += 4) darkest = Math.min(darkest, data[index]!);
  return darkest;
}

/** OCR words against the words drawn into a test image. */
function expectOcrMatches(page: TextLayerPage, image: TextImage, tolerance: number): void {
  expect(page.source).toBe('ocr');
  expect(page.words.map((word) => word.text)).toEqual(image.words.map((word) => word.text));
  page.words.forEach((word: TextWord, index) => {
    const drawn = image.words[index]!;
    expect(word.confidence).toBeGreaterThan(0.7);
    expect(word.confidence).toBeLessThanOrEqual(1);
    expect(Math.abs(word.box.x0 - drawn.x0 / image.width)).toBeLessThan(tolerance);
    expect(Math.abs(word.box.x1 - drawn.x1 / image.width)).toBeLessThan(tolerance);
    // The box spans the text's height around its baseline.
    expect(word.box.y0).toBeLessThan(drawn.baseline / image.height);
    expect(word.box.y1).toBeGreaterThan((drawn.baseline - drawn.size / 2) / image.height);
  });
}

describe('page processing of a digital PDF', () => {
  let result: Awaited<ReturnType<typeof processPages>>;

  beforeAll(async () => {
    result = await processPages(await digitalPdf(PDF_PAGES));
  });

  it('renders every page to PNG at 150 DPI', () => {
    expect(
      result.pages.map(({ pageNumber, width, height }) => ({ pageNumber, width, height })),
    ).toEqual([
      { pageNumber: 1, width: 1275, height: 1650 },
      { pageNumber: 2, width: 1275, height: 1650 },
      { pageNumber: 3, width: 1275, height: 1650 },
    ]);
    for (const page of result.pages) expect(page.png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  });

  it("takes the text layer from the PDF's own text, word by word", () => {
    expect(result.textLayer.map((page) => page.source)).toEqual([
      'pdf-text',
      'pdf-text',
      'pdf-text',
    ]);
    expect(result.textLayer.map((page) => page.words.map((word) => word.text).join(' '))).toEqual(
      PDF_PAGES.map((lines) => lines.map((line) => line.text).join(' ')),
    );
    expect(result.textLayer[0]).toMatchObject({ pageNumber: 1, width: 1275, height: 1650 });
    expect(
      result.textLayer.flatMap((page) => page.words).every((word) => word.confidence === 1),
    ).toBe(true);
  });

  it('puts each word box where the word was drawn', async () => {
    for (const [pageIndex, lines] of PDF_PAGES.entries()) {
      const words = result.textLayer[pageIndex]!.words;
      let next = 0;
      for (const line of lines) {
        for (const [wordIndex] of line.text.split(' ').entries()) {
          // Within 0.5 % of the page: about 3 points, a fraction of a glyph.
          expectBoxNear(words[next]!.box, await expectedBox(line, wordIndex), 0.005);
          next += 1;
        }
      }
    }
  });

  it('draws the text inside the word boxes of the page image', async () => {
    const [first] = result.textLayer[0]!.words;
    expect(await darkestIn(result.pages[0]!.png, first!.box)).toBeLessThan(100);
    // And paper between the two lines' boxes.
    const gap = { x0: 0.2, x1: 0.3, y0: 0.1, y1: 0.11 };
    expect(await darkestIn(result.pages[0]!.png, gap)).toBeGreaterThan(200);
  });
});

describe('page processing of a rotated PDF page', () => {
  it('renders the page turned and puts the word boxes on the turned text', async () => {
    // Long enough (>= 20 visible characters) to count as a text page rather than a scan.
    const pdf = await digitalPdf(
      [[{ text: 'Rotated heading of the page', x: 72, y: 700, size: 24 }]],
      {
        rotation: 90,
      },
    );

    const { pages, textLayer } = await processPages(pdf);

    expect(pages[0]).toMatchObject({ width: 1650, height: 1275 });
    const [rotated, heading] = textLayer[0]!.words;
    expect([rotated!.text, heading!.text]).toEqual(['Rotated', 'heading']);
    // Turned clockwise: the line runs down the right-hand side of the image.
    expect(rotated!.box.x0).toBeGreaterThan(0.8);
    expect(heading!.box.y0).toBeGreaterThan(rotated!.box.y1);
    expect(await darkestIn(pages[0]!.png, rotated!.box)).toBeLessThan(100);
  });
});

describe('page processing of a filled fillable PDF form', () => {
  let result: Awaited<ReturnType<typeof processPages>>;

  beforeAll(async () => {
    result = await processPages(
      await filledFormPdf(
        [
          { text: 'Notice of loss', x: 72, y: 720, size: 16 },
          { text: 'Policy number:', x: 72, y: 680, size: 10 },
          { text: 'Loss description:', x: 72, y: 640, size: 10 },
          { text: 'Police report filed', x: 96, y: 580, size: 10 },
          { text: 'Injuries', x: 96, y: 560, size: 10 },
        ],
        [
          { name: 'policy', value: 'HO-4471 2209', x: 160, y: 675, width: 160, height: 18 },
          {
            name: 'description',
            value: 'Pipe burst in kitchen\nwater under the floor',
            x: 160,
            y: 600,
            width: 260,
            height: 50,
            multiline: true,
          },
          { name: 'police', value: true, x: 72, y: 577, width: 12, height: 12 },
          { name: 'injuries', value: false, x: 72, y: 557, width: 12, height: 12 },
        ],
      ),
    );
  });

  it('reads the values typed into the fields as words of the page, after its printed text', () => {
    const [page] = result.textLayer;
    expect(page!.source).toBe('pdf-text');
    expect(page!.words.map((word) => word.text)).toEqual([
      ...'Notice of loss Policy number: Loss description: Police report filed Injuries'.split(' '),
      'HO-4471',
      '2209',
      ...'Pipe burst in kitchen water under the floor'.split(' '),
      '☒',
      '☐',
    ]);
  });

  it('counts filled fields against the per-page text-item limit, at the limit and one past it', async () => {
    const captions = [
      { text: 'Policy number:', x: 72, y: 680, size: 10 },
      { text: 'Date of loss:', x: 72, y: 650, size: 10 },
    ];
    const field = (name: string, y: number) => ({
      name,
      value: 'A-1',
      x: 160,
      y,
      width: 90,
      height: 16,
    });
    const printedOnly = await filledFormPdf(captions, []);
    const filled = await filledFormPdf(captions, [
      field('a', 675),
      field('b', 645),
      field('c', 615),
    ]);
    const passes = (pdf: Uint8Array, limit: number) =>
      extractTextLayer(pdf, { maxTextItemsPerPage: limit }).then(
        () => true,
        (error: { code?: string }) => {
          expect(error.code).toBe('TOO_LARGE');
          return false;
        },
      );
    let runs = 1;
    while (runs < 50 && !(await passes(printedOnly, runs))) runs += 1;
    expect(runs).toBeLessThan(50);
    expect(await passes(filled, runs + 3)).toBe(true);
    expect(await passes(filled, runs + 2)).toBe(false);
  });

  it('puts a field’s words inside the field, where the viewer draws them', async () => {
    const words = result.textLayer[0]!.words;
    const at = (text: string) => words.find((word) => word.text === text)!;
    const caption = at('number:');
    const value = at('HO-4471');
    // On the caption's line, right of it, inside the field's rectangle (x 160..320 pt).
    expect(value.box.x0).toBeGreaterThanOrEqual(160 / LETTER.width);
    expect(value.box.x1).toBeLessThan(at('2209').box.x0);
    expect(at('2209').box.x1).toBeLessThanOrEqual(320 / LETTER.width);
    expect(value.box.y0).toBeLessThan(caption.box.y1);
    expect(value.box.y1).toBeGreaterThan(caption.box.y0);
    // A multi-line field keeps its lines in order, one under the other.
    expect(at('water').box.y0).toBeGreaterThanOrEqual(at('Pipe').box.y1 - 0.001);
    // The rendered page shows ink where the value's box says it is.
    expect(await darkestIn(result.pages[0]!.png, value.box)).toBeLessThan(100);
  });
});

describe('page processing of images and scans', () => {
  let scan: TextImage;

  beforeAll(async () => {
    scan = await textImage(1000, 300, SCAN_LINES);
  });

  it('reads a text-free scanned PDF page by OCR, with word boxes and confidence', async () => {
    // 1000 x 300 pixels over 480 x 144 points: the scan's own resolution is 150 dpi.
    const pdf = await scannedPdf(scan.png, { width: 480, height: 144 });

    const [page, ...rest] = await extractTextLayer(pdf);

    expect(rest).toEqual([]);
    expect(page).toMatchObject({ pageNumber: 1, width: 1000, height: 300 });
    expectOcrMatches(page!, scan, 0.02);
  });

  it('treats a PNG as one page at its own size, read by OCR', async () => {
    const { pages, textLayer } = await processPages(scan.png);

    expect(pages.map(({ pageNumber, width, height }) => ({ pageNumber, width, height }))).toEqual([
      { pageNumber: 1, width: 1000, height: 300 },
    ]);
    expectOcrMatches(textLayer[0]!, scan, 0.02);
  });

  it('treats a JPEG as one page at its own size', async () => {
    const pages = await renderPages(scan.jpeg);

    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ pageNumber: 1, width: 1000, height: 300 });
    const image = await loadImage(pages[0]!.png);
    expect([image.width, image.height]).toEqual([1000, 300]);
  });

  it('reads a page scanned 2.5 degrees askew, each word boxed where it lies on the scan', async () => {
    const straight = await textImage(1600, 900, [
      { text: 'Claim number 2024-0815 reported on March 3', x: 60, y: 160, size: 40 },
      { text: 'Reserve 12,450.00 paid 3,118.25 open', x: 60, y: 360, size: 40 },
      { text: 'Insured Jane Doe of Hamburg', x: 60, y: 560, size: 40 },
      { text: 'Adjuster Erik Lund signed 2024-03-01', x: 60, y: 760, size: 40 },
    ]);
    const angle = (2.5 * Math.PI) / 180;
    const askew = createCanvas(straight.width, straight.height);
    const context = askew.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, askew.width, askew.height);
    context.translate(askew.width / 2, askew.height / 2);
    context.rotate(angle);
    context.translate(-askew.width / 2, -askew.height / 2);
    context.drawImage(await loadImage(straight.png), 0, 0);
    // Where each drawn word's centre went when the page turned.
    const onScan = (x: number, y: number) => {
      const dx = x - straight.width / 2;
      const dy = y - straight.height / 2;
      return {
        x: (straight.width / 2 + dx * Math.cos(angle) - dy * Math.sin(angle)) / straight.width,
        y: (straight.height / 2 + dx * Math.sin(angle) + dy * Math.cos(angle)) / straight.height,
      };
    };

    const [page] = await extractTextLayer(askew.encodeSync('png'));

    expect(page!.words.map((word) => word.text)).toEqual(straight.words.map((word) => word.text));
    page!.words.forEach((word, index) => {
      const drawn = straight.words[index]!;
      const expected = onScan((drawn.x0 + drawn.x1) / 2, drawn.baseline - drawn.size * 0.35);
      expect(Math.abs((word.box.x0 + word.box.x1) / 2 - expected.x)).toBeLessThan(0.01);
      expect(Math.abs((word.box.y0 + word.box.y1) / 2 - expected.y)).toBeLessThan(0.02);
    });
  });

  it('reads a dotted leader as one word of dots between its caption and its answer', async () => {
    const form = await textImage(1000, 120, [
      {
        text: 'Date of loss ................................ April 5, 2024',
        x: 20,
        y: 70,
        size: 30,
      },
    ]);

    const [page] = await extractTextLayer(form.png);

    const texts = page!.words.map((w) => w.text);
    expect(texts.filter((t) => /[a-z0-9]/i.test(t))).toEqual([
      'Date',
      'of',
      'loss',
      'April',
      '5,',
      '2024',
    ]);
    const leader = page!.words.find((w) => /^\.{10,}$/.test(w.text));
    expect(texts.indexOf(leader!.text)).toBe(3);
    const loss = page!.words[2]!;
    // The leader has the height of its line, as a PDF's own text gives it.
    expect(leader!.box.y0).toBeCloseTo(loss.box.y0, 2);
    expect(leader!.box.x0).toBeGreaterThan(loss.box.x1);
  });

  it('splits a multi-page TIFF into pages scaled to the DPI and reads each by OCR', async () => {
    const blank = new Uint8Array(scan.gray.length).fill(255);
    const tiff = grayscaleTiff([
      { width: scan.width, height: scan.height, gray: scan.gray, dpi: 300 },
      { width: scan.width, height: scan.height, gray: blank, dpi: 300 },
    ]);

    const { pages, textLayer } = await processPages(tiff);

    // 300 dpi scans come out at 150 dpi: half the pixels on each axis.
    expect(pages.map(({ width, height }) => [width, height])).toEqual([
      [500, 150],
      [500, 150],
    ]);
    expect(textLayer.map(({ width, height }) => [width, height])).toEqual([
      [500, 150],
      [500, 150],
    ]);
    expectOcrMatches(textLayer[0]!, scan, 0.02);
    expect(textLayer[1]).toMatchObject({ pageNumber: 2, source: 'ocr', words: [] });
  });
});

describe('page processing options', () => {
  it('renders at a requested DPI', async () => {
    const pages = await renderPages(await digitalPdf([PDF_PAGES[0]!]), { dpi: 72 });
    expect(pages.map(({ width, height }) => [width, height])).toEqual([[612, 792]]);
  });

  it('refuses documents with more pages than allowed', async () => {
    await expect(renderPages(await digitalPdf(PDF_PAGES), { maxPages: 2 })).rejects.toMatchObject({
      name: 'ProcessingError',
      code: 'TOO_MANY_PAGES',
    });
  });

  it('refuses nonsensical options', async () => {
    const pdf = await digitalPdf([PDF_PAGES[0]!]);
    await expect(renderPages(pdf, { dpi: 5000 })).rejects.toThrow(RangeError);
    await expect(extractTextLayer(pdf, { ocrLanguage: '../../etc' })).rejects.toThrow(RangeError);
  });
});

describe('page processing of hostile input', () => {
  it('refuses a truncated PDF', async () => {
    const pdf = await digitalPdf(PDF_PAGES);
    await expect(renderPages(pdf.subarray(0, Math.floor(pdf.length * 0.6)))).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
      message: expect.stringContaining('truncated'),
    });
  });

  it('refuses a PDF whose body is damaged', async () => {
    const damaged = Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nnonsense\n%%EOF\n',
    );
    await expect(renderPages(damaged)).rejects.toMatchObject({ code: 'CORRUPT_FILE' });
  });

  it('refuses a PDF with JavaScript, also when it hides in a compressed object stream', async () => {
    for (const useObjectStreams of [false, true]) {
      await expect(
        extractTextLayer(await pdfWithJavaScript({ useObjectStreams })),
      ).rejects.toMatchObject({
        code: 'ACTIVE_CONTENT',
      });
    }
  });

  it('refuses a password-protected PDF', async () => {
    await expect(renderPages(await passwordProtectedPdf())).rejects.toMatchObject({
      code: 'ENCRYPTED_DOCUMENT',
    });
  });

  it('refuses an image whose header claims a gigantic size, before decoding it', async () => {
    const { png } = await textImage(10, 10, []);
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    await expect(renderPages(bomb)).rejects.toMatchObject({ code: 'TOO_LARGE' });
  });

  it('reports an image whose data is damaged as corrupt', async () => {
    const { png } = await textImage(400, 100, [{ text: 'Hello', x: 10, y: 60, size: 40 }]);
    const damaged = Buffer.concat([png.subarray(0, 60), Buffer.alloc(200, 7)]);
    await expect(renderPages(damaged)).rejects.toMatchObject({ code: 'CORRUPT_FILE' });
  });

  it('reports a PNG whose pixels are garbage but whose chunks are well formed as corrupt', async () => {
    const { png } = await textImage(40, 10, []);
    // IHDR is bytes 8..33; replace everything after it with one IDAT of garbage and an IEND.
    const chunk = (type: string, data: Buffer): Buffer => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const garbage = Buffer.concat([
      png.subarray(0, 33),
      chunk('IDAT', Buffer.alloc(300, 0x5a)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    await expect(renderPages(garbage)).rejects.toMatchObject({ code: 'CORRUPT_FILE' });
  });

  it('reports a truncated JPEG as corrupt', async () => {
    const { jpeg } = await textImage(400, 100, [{ text: 'Hello', x: 10, y: 60, size: 40 }]);
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    await expect(renderPages(truncated)).rejects.toMatchObject({ code: 'CORRUPT_FILE' });
  });

  it('refuses a TIFF whose image directories loop', async () => {
    const looping = grayscaleTiff([{ width: 2, height: 2, gray: new Uint8Array(4), dpi: 72 }]);
    // Point the last directory's "next" link back at the first directory.
    looping.writeUInt32LE(8, 8 + 2 + 10 * 12);
    await expect(renderPages(looping)).rejects.toMatchObject({ code: 'CORRUPT_FILE' });
  });

  it('produces no pages from containers or unknown content', async () => {
    await expect(renderPages(await zipOf([]))).rejects.toMatchObject({ code: 'UNSUPPORTED_TYPE' });
    await expect(renderPages(Buffer.from(emailWith([])))).rejects.toMatchObject({
      code: 'UNSUPPORTED_TYPE',
    });
    await expect(renderPages(Buffer.from('plain text'))).rejects.toMatchObject({
      code: 'UNSUPPORTED_TYPE',
    });
  });
});
