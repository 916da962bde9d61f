import type { TextPage, TextWord } from '@docket/document-intelligence';
import { renderPages } from '@docket/document-processing';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

/**
 * A second OCR path for diagnosis: the same page images (rendered by document-processing) read
 * by a long-lived tesseract.js worker with automatic page segmentation (PSM 3). tesseract.js
 * defaults to PSM 6 ("one uniform block"), which drops values inside ruled form cells; comparing
 * the two paths separates OCR losses from engine losses.
 */
export class DirectOcrReader {
  private worker?: Promise<Worker>;

  constructor(private readonly dpi = 200) {}

  async read(pdf: Uint8Array): Promise<TextPage[]> {
    this.worker ??= this.start();
    const worker = await this.worker;
    const rendered = await renderPages(pdf, { dpi: this.dpi });
    const pages: TextPage[] = [];
    for (const page of rendered) {
      const { data } = await worker.recognize(page.png, {}, { blocks: true, text: false });
      const words: TextWord[] = (data.blocks ?? [])
        .flatMap((block) =>
          block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words)),
        )
        .map((word) => ({
          text: word.text,
          box: {
            x0: word.bbox.x0 / page.width,
            y0: word.bbox.y0 / page.height,
            x1: word.bbox.x1 / page.width,
            y1: word.bbox.y1 / page.height,
          },
          confidence: Math.min(1, Math.max(0, word.confidence / 100)),
        }));
      pages.push({
        pageNumber: page.pageNumber,
        width: page.width,
        height: page.height,
        source: 'ocr',
        words,
      });
    }
    return pages;
  }

  private async start(): Promise<Worker> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS data package without types
    const eng = require('@tesseract.js-data/eng') as { langPath: string };
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: `${eng.langPath}_best_int`,
      gzip: true,
      cacheMethod: 'none',
    });
    await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
    return worker;
  }

  async close(): Promise<void> {
    if (this.worker) await (await this.worker).terminate();
  }
}
