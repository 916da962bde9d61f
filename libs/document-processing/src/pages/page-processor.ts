import { ProcessingError } from '../errors/processing-error';
import { sniffFileType } from '../file-types/file-type-sniffer';
import { runPageJob } from '../runner/runner-client';
import type { PageSourceKind, RunnerJob, RunnerPageMessage } from '../runner/runner-protocol';
import { wordsFromOcr } from '../text-layer/ocr-words';
import { wordsFromPdfText } from '../text-layer/pdf-text-words';
import type { TextLayerPage } from '../text-layer/text-layer';
import { assertPixelCap, readImageDimensions } from './image-dimensions';
import {
  PageProcessingOptions,
  ResolvedPageProcessingOptions,
  resolvePageProcessingOptions,
} from './page-processing-options';
import { preflightPdf } from './pdf-preflight';

export interface RenderedPage {
  /** 1-based. */
  readonly pageNumber: number;
  readonly width: number;
  readonly height: number;
  readonly png: Buffer;
}

export interface ProcessedPages {
  readonly pages: readonly RenderedPage[];
  readonly textLayer: readonly TextLayerPage[];
}

/**
 * Renders every page of a PDF, TIFF, PNG or JPEG to PNG: PDF and TIFF at `dpi` (default 150),
 * PNG and JPEG at their own size. The type is judged from the bytes, never a name.
 */
export async function renderPages(
  bytes: Uint8Array,
  options?: PageProcessingOptions,
): Promise<RenderedPage[]> {
  return (await run(bytes, options, { render: true, text: false })).pages;
}

/**
 * The text layer of every page: the PDF's own words where a page has text, OCR otherwise (and
 * always for images). Page width and height are those of the page image at `dpi`.
 */
export async function extractTextLayer(
  bytes: Uint8Array,
  options?: PageProcessingOptions,
): Promise<TextLayerPage[]> {
  return (await run(bytes, options, { render: false, text: true })).textLayer;
}

/** Both at once, in one pass over the document (a page is rendered once for both). */
export async function processPages(
  bytes: Uint8Array,
  options?: PageProcessingOptions,
): Promise<ProcessedPages> {
  return run(bytes, options, { render: true, text: true });
}

async function run(
  bytes: Uint8Array,
  options: PageProcessingOptions | undefined,
  want: { readonly render: boolean; readonly text: boolean },
): Promise<{ pages: RenderedPage[]; textLayer: TextLayerPage[] }> {
  const resolved = resolvePageProcessingOptions(options);
  const kind = pageSourceKind(bytes);
  preflight(kind, bytes, resolved);
  const pages: RenderedPage[] = [];
  const textLayer: TextLayerPage[] = [];
  await runPageJob(toJob(kind, bytes, resolved, want), resolved, (page) => {
    if (want.render) pages.push(renderedPage(page));
    if (want.text) textLayer.push(textLayerPage(page));
  });
  return { pages, textLayer };
}

function pageSourceKind(bytes: Uint8Array): PageSourceKind {
  const type = sniffFileType(bytes);
  if (type === undefined || type.role !== 'pages') {
    throw new ProcessingError(
      'UNSUPPORTED_TYPE',
      `pages can be produced from PDF, TIFF, PNG and JPEG, not from ${type?.kind ?? 'unrecognised content'}`,
    );
  }
  return type.kind as PageSourceKind;
}

function preflight(
  kind: PageSourceKind,
  bytes: Uint8Array,
  options: ResolvedPageProcessingOptions,
): void {
  if (kind === 'pdf') preflightPdf(bytes);
  if (kind === 'png' || kind === 'jpeg') {
    assertPixelCap(readImageDimensions(kind, bytes), options.maxPixelsPerPage);
  }
  // TIFF headers are checked in the runner, which has the decoder's view of the directories.
}

/** The runner's job for a document (exported for bench/ocr.ts, which runs other builds' runners). */
export function toJob(
  kind: PageSourceKind,
  bytes: Uint8Array,
  options: ResolvedPageProcessingOptions,
  want: { readonly render: boolean; readonly text: boolean },
): RunnerJob {
  return {
    type: 'job',
    kind,
    bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    render: want.render,
    text: want.text,
    dpi: options.dpi,
    ocrDpi: options.ocrDpi,
    lowResolutionOcrDpi: options.lowResolutionOcrDpi,
    ocrLanguage: options.ocrLanguage,
    minPdfTextChars: options.minPdfTextChars,
    maxPages: options.maxPages,
    maxPixelsPerPage: options.maxPixelsPerPage,
    maxTextItemsPerPage: options.maxTextItemsPerPage,
    pagesInFlight: options.pageSlots.capacity,
  };
}

function renderedPage(page: RunnerPageMessage): RenderedPage {
  if (page.png === undefined) throw missing('image', page.pageNumber);
  const { png } = page;
  return {
    pageNumber: page.pageNumber,
    width: page.width,
    height: page.height,
    png: Buffer.from(png.buffer, png.byteOffset, png.byteLength),
  };
}

/** A page's text layer from the runner's message (exported for bench/ocr.ts). */
export function textLayerPage(page: RunnerPageMessage): TextLayerPage {
  if (page.text === undefined) throw missing('text', page.pageNumber);
  const words = page.text.source === 'ocr' ? wordsFromOcr(page.text) : wordsFromPdfText(page.text);
  return {
    pageNumber: page.pageNumber,
    width: page.width,
    height: page.height,
    source: page.text.source,
    words,
  };
}

function missing(what: string, pageNumber: number): ProcessingError {
  return new ProcessingError(
    'PROCESSING_FAILED',
    `page runner sent page ${pageNumber} without its ${what}`,
  );
}
