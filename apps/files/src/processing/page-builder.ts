import {
  PageSlots,
  PROCESS_PAGE_SLOTS,
  processPages,
  TextLayerPage,
} from '@docket/document-processing';
import { BlobStore } from '@docket/storage';
import { Injectable } from '@nestjs/common';

import { FileEntity, PageEntity } from '../database/files.entities';
import { FilesConfig } from '../files.config';
import { pageImageBlobPath } from '../storage/blob-paths';

/**
 * Renders a PDF, TIFF, PNG or JPEG into PNG page images (stored next to the file in the
 * organization's container) and its word-level text layer (PDF text, else OCR).
 */
@Injectable()
export class PageBuilder {
  /** Shared by every file this process builds pages of: the OCR pages read at once. */
  private readonly pageSlots: PageSlots;

  constructor(
    private readonly blobs: BlobStore,
    private readonly config: FilesConfig,
  ) {
    this.pageSlots =
      config.ocrPagesAtOnce === 0 ? PROCESS_PAGE_SLOTS : new PageSlots(config.ocrPagesAtOnce);
  }

  async build(file: FileEntity, bytes: Buffer, signal: AbortSignal): Promise<PageEntity[]> {
    const { pages, textLayer } = await processPages(bytes, {
      dpi: this.config.pageRenderDpi,
      pageSlots: this.pageSlots,
      signal,
    });
    const textByPage = new Map<number, TextLayerPage>(textLayer.map((t) => [t.pageNumber, t]));
    const rows: PageEntity[] = [];
    // Sequential on purpose: page uploads are small and the processing slots bound memory.
    for (const page of pages) {
      const imageBlobPath = pageImageBlobPath(file.id, page.pageNumber);
      await this.blobs.write(file.organizationId, imageBlobPath, page.png, 'image/png');
      const text = textByPage.get(page.pageNumber);
      rows.push(
        Object.assign(new PageEntity(), {
          fileId: file.id,
          pageNumber: page.pageNumber,
          organizationId: file.organizationId,
          width: page.width,
          height: page.height,
          imageBlobPath,
          textSource: text?.source ?? 'ocr',
          words: (text?.words ?? []).map((word) => ({
            text: word.text,
            box: { x0: word.box.x0, y0: word.box.y0, x1: word.box.x1, y1: word.box.y1 },
            confidence: word.confidence,
          })),
        } satisfies PageEntity),
      );
    }
    return rows;
  }
}
