/**
 * Where a scanned page's CPU goes, stage by stage: the page runner's own modules run in this
 * process one stage at a time and one page after another, so the process's CPU clock between
 * two stages is that stage's alone (the engine's worker thread runs while this thread waits).
 * The page runner overlaps these stages across threads; their sum is what a page costs.
 */
import path from 'node:path';

import { resolvePageProcessingOptions } from '../../libs/document-processing/src/pages/page-processing-options';
import {
  parseRunnerMessage,
  RunnerOcrText,
} from '../../libs/document-processing/src/runner/runner-protocol';
import { wordsFromOcr } from '../../libs/document-processing/src/text-layer/ocr-words';

const RUNNER_FOLDER = path.join(__dirname, '../../libs/document-processing/src/runner');

export interface StageSeconds {
  /** Opening the page, reading its (absent) text, rendering it for OCR. */
  readonly render: number;
  /** Grayscale image, dotted leaders erased. */
  readonly prepare: number;
  /** The engine: tesseract on its worker thread (the first page includes starting it). */
  readonly recognise: number;
  /** The runner's message checked and turned into the text layer's words. */
  readonly textLayer: number;
}

interface OcrImage {
  readonly width: number;
  readonly height: number;
}
interface OcrPool {
  prestart(): void;
  recognize(image: OcrImage): Promise<RunnerOcrText>;
  close(): Promise<void>;
}
interface RunnerPage {
  readonly width: number;
  readonly height: number;
  pdfText(): Promise<unknown>;
  readonly canvasModule: unknown;
  renderForOcr(): Promise<{ canvas: unknown; lowResolution: boolean }>;
  close(): void;
}
interface PageSource {
  readonly pageCount: number;
  page(pageNumber: number): Promise<RunnerPage>;
  close(): Promise<void>;
}

async function runnerModule<T>(file: string): Promise<T> {
  return (await import(path.join(RUNNER_FOLDER, file))) as T;
}

const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Each page of a scanned PDF through every stage in turn; CPU seconds per stage and page. */
export async function profileStages(pdf: Uint8Array, ocrDpi: number): Promise<StageSeconds[]> {
  const { openPdfPages } = await runnerModule<{
    openPdfPages(job: object): Promise<PageSource>;
  }>('pdf-pages.mjs');
  const { createOcrPool, prepareOcrImage } = await runnerModule<{
    createOcrPool(language: string, size: number): OcrPool;
    prepareOcrImage(
      canvas: unknown,
      canvasModule: unknown,
      drawn?: { lowResolution: boolean },
    ): OcrImage;
  }>('ocr-engine.mjs');
  const options = resolvePageProcessingOptions({ ocrDpi });
  // A copy: pdf.js may take over the buffer it is given.
  const source = await openPdfPages({ ...options, bytes: pdf.slice() });
  const pool = createOcrPool(options.ocrLanguage, 1);
  const stages: StageSeconds[] = [];
  try {
    for (let pageNumber = 1; pageNumber <= source.pageCount; pageNumber += 1) {
      let started = cpuSeconds();
      const lap = (): number => {
        const now = cpuSeconds();
        const seconds = now - started;
        started = now;
        return seconds;
      };
      const page = await source.page(pageNumber);
      if ((await page.pdfText()) !== undefined) throw new Error('the page is not a scan');
      const { canvas, lowResolution } = await page.renderForOcr();
      page.close();
      const render = lap();
      const image = prepareOcrImage(canvas, page.canvasModule, { lowResolution });
      const prepare = lap();
      const text = await pool.recognize(image);
      const recognise = lap();
      const message = parseRunnerMessage({ type: 'page', pageNumber, width: 1, height: 1, text });
      if (message.type !== 'page' || message.text?.source !== 'ocr') throw new Error('no OCR text');
      wordsFromOcr(message.text);
      stages.push({ render, prepare, recognise, textLayer: lap() });
    }
  } finally {
    await pool.close();
    await source.close();
  }
  return stages;
}
