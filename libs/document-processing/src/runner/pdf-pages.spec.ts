import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { resolvePageProcessingOptions } from '../pages/page-processing-options';
import { textImage } from '../testing/image-fixtures';
import { scannedPdf } from '../testing/pdf-fixtures';

// pdf.js renders here (no OCR), in a Node process of its own.
jest.setTimeout(120_000);

const LETTER = { width: 612, height: 792 };
let directory: string;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'pdf-pages-'));
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

/**
 * A one-page PDF whose image is a Letter page scanned at `dpi` dots per inch, drawn over the
 * whole of a page of `pageSize` points.
 */
async function scanAt(dpi: number, pageSize = LETTER): Promise<string> {
  const width = Math.round((LETTER.width / 72) * dpi);
  const height = Math.round((LETTER.height / 72) * dpi);
  const image = await textImage(width, height, [
    { text: 'Policy number 48213', x: width / 10, y: height / 5, size: dpi / 6 },
  ]);
  const file = join(directory, `scan-${dpi}-${pageSize.width}x${pageSize.height}.pdf`);
  writeFileSync(file, await scannedPdf(image.png, pageSize));
  return file;
}

interface OcrImageSize {
  readonly width: number;
  readonly height: number;
  readonly lowResolution: boolean;
  /** Its form rules and lone specks are erased before OCR (form-rules.mjs, lone-specks.mjs). */
  readonly formRules: boolean;
  readonly loneSpecks: boolean;
}

/**
 * The size of the image the page runner's PDF pages give OCR (the runner's modules are ES
 * modules for Node itself, so this runs there, as the runner does).
 */
function ocrImageSize(file: string, options: { lowResolutionOcrDpi?: number } = {}): OcrImageSize {
  const job = { ...resolvePageProcessingOptions(options), pageSlots: undefined };
  const script = `
    import { readFileSync } from 'node:fs';
    import { openPdfPages } from ${JSON.stringify(join(__dirname, 'pdf-pages.mjs'))};
    const job = { ...${JSON.stringify(job)}, bytes: new Uint8Array(readFileSync(${JSON.stringify(file)})) };
    const source = await openPdfPages(job);
    const page = await source.page(1);
    const { canvas, lowResolution, formRules, loneSpecks } = await page.renderForOcr();
    process.stdout.write(JSON.stringify({
      width: canvas.width, height: canvas.height, lowResolution,
      formRules: formRules === true, loneSpecks: loneSpecks === true,
    }));
    page.close();
    await source.close();
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script]);
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return JSON.parse(result.stdout.toString()) as OcrImageSize;
}

describe('the image a scanned PDF page is read from', () => {
  it('is rendered at the OCR resolution (200 dpi) when the scan holds 200 dpi', async () => {
    expect(ocrImageSize(await scanAt(200))).toEqual({
      width: 1700,
      height: 2200,
      lowResolution: false,
      formRules: false,
      loneSpecks: false,
    });
  });

  it('is rendered at 300 dpi, its form rules and lone specks to be erased, when the scan holds under 180 dpi (a 150-dpi scan, a fax)', async () => {
    expect(ocrImageSize(await scanAt(150))).toEqual({
      width: 2550,
      height: 3300,
      lowResolution: true,
      formRules: true,
      loneSpecks: true,
    });
    expect(ocrImageSize(await scanAt(179))).toEqual({
      width: 2550,
      height: 3300,
      lowResolution: true,
      formRules: true,
      loneSpecks: true,
    });
  });

  it('stays at the OCR resolution from 180 dpi up', async () => {
    expect(ocrImageSize(await scanAt(180))).toEqual({
      width: 1700,
      height: 2200,
      lowResolution: false,
      formRules: false,
      loneSpecks: false,
    });
  });

  it('is rendered at the OCR resolution when enlarging low-resolution scans is turned off', async () => {
    expect(ocrImageSize(await scanAt(150), { lowResolutionOcrDpi: 0 })).toEqual({
      width: 1700,
      height: 2200,
      lowResolution: false,
      formRules: false,
      loneSpecks: false,
    });
  });

  it('is not enlarged for an image that is not the whole page (its shape is not the page’s)', async () => {
    // A Letter-shaped image stretched over a square page: not a scanned page.
    const file = await scanAt(150, { width: 612, height: 612 });

    expect(ocrImageSize(file)).toEqual({
      width: 1700,
      height: 1700,
      lowResolution: false,
      formRules: false,
      loneSpecks: false,
    });
  });
});
