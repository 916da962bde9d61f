/**
 * OCR throughput: scanned pages (a text-free PDF page holding a 200 dpi image of a typed letter
 * page) through extractTextLayer, which renders each page at ocrDpi and runs tesseract in the
 * page-runner child process. Prints pages per minute for a one-page document (start-up of the
 * runner and tesseract included, the usual upload) and for a multi-page document (steady state),
 * plus the share of drawn words read back exactly, so that speed is not bought with accuracy.
 *   node -r @swc-node/register bench/ocr.ts [--pages 4] [--ocr-dpi 200]
 */
import { parseArgs } from 'node:util';

import { extractTextLayer, TextLayerPage } from '@docket/document-processing';
import { PDFDocument } from 'pdf-lib';

import { textImage } from '../libs/document-processing/src/testing/image-fixtures';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '4' },
    'ocr-dpi': { type: 'string', default: '200' },
  },
});
const PAGES = Number(values.pages);
const OCR_DPI = Number(values['ocr-dpi']);
const SCAN_DPI = 200;
const LETTER = { width: 8.5, height: 11 };

const SENTENCES = [
  'The insured reported water damage to the kitchen ceiling on March 3.',
  'Policy number 4821-7730 covers the property at 12 Elm Street, Hamburg.',
  'An adjuster inspected the site and estimated repairs at EUR 4,250.00.',
  'Please send the invoice, photos and the signed claim form by April 30.',
];

/** A typed page: 11 pt text at 200 dpi (30 px), 26 lines, like a scanned letter. */
async function scannedPage(): Promise<{ png: Buffer; words: string[] }> {
  const fontSize = Math.round((11 / 72) * SCAN_DPI);
  const lines = Array.from({ length: 26 }, (_, index) => ({
    text: SENTENCES[index % SENTENCES.length]!,
    x: 150,
    y: 250 + index * Math.round(fontSize * 1.6),
    size: fontSize,
  }));
  const image = await textImage(LETTER.width * SCAN_DPI, LETTER.height * SCAN_DPI, lines);
  return { png: image.png, words: image.words.map((word) => word.text) };
}

async function scannedPdf(png: Buffer, pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const image = await document.embedPng(png);
  for (let index = 0; index < pages; index += 1) {
    const page = document.addPage([LETTER.width * 72, LETTER.height * 72]);
    page.drawImage(image, { x: 0, y: 0, width: LETTER.width * 72, height: LETTER.height * 72 });
  }
  return document.save();
}

async function timeOcr(pdf: Uint8Array): Promise<{ seconds: number; layer: TextLayerPage[] }> {
  const started = process.hrtime.bigint();
  const layer = await extractTextLayer(pdf, { ocrDpi: OCR_DPI });
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, layer };
}

/** Share of drawn words read back exactly, in order (longest common subsequence). */
function wordAccuracy(expected: readonly string[], actual: readonly string[]): number {
  let previous = new Array<number>(actual.length + 1).fill(0);
  for (const word of expected) {
    const current = [0];
    for (let index = 0; index < actual.length; index += 1) {
      current.push(
        word === actual[index]
          ? previous[index]! + 1
          : Math.max(previous[index + 1]!, current[index]!),
      );
    }
    previous = current;
  }
  return previous[actual.length]! / expected.length;
}

async function main(): Promise<void> {
  const page = await scannedPage();
  process.stdout.write(
    `scanned Letter page: ${page.words.length} words at ${SCAN_DPI} dpi; OCR at ${OCR_DPI} dpi\n`,
  );

  const single = await timeOcr(await scannedPdf(page.png, 1));
  const multi = await timeOcr(await scannedPdf(page.png, PAGES));
  const accuracy = multi.layer.map((layer) =>
    wordAccuracy(
      page.words,
      layer.words.map((word) => word.text),
    ),
  );
  const confidence =
    multi.layer.flatMap((layer) => layer.words).reduce((sum, word) => sum + word.confidence, 0) /
    Math.max(1, multi.layer.flatMap((layer) => layer.words).length);

  process.stdout.write(
    [
      '',
      'OCR throughput',
      `  1-page document:  ${(60 / single.seconds).toFixed(1)} pages/min (${single.seconds.toFixed(2)} s, start-up included)`,
      `  ${PAGES}-page document: ${((PAGES * 60) / multi.seconds).toFixed(1)} pages/min (${multi.seconds.toFixed(2)} s)`,
      `  words read exactly: ${(100 * Math.min(...accuracy)).toFixed(1)} % (worst page), mean confidence ${confidence.toFixed(2)}`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
