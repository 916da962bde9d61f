import { PageSlots, PROCESS_PAGE_SLOTS } from '../runner/page-slots';

export interface PageProcessingOptions {
  /** Resolution of PDF and TIFF page images (PNG and JPEG keep their own pixels). Default 150. */
  readonly dpi?: number;
  /** Resolution PDF pages are rendered at for OCR; tesseract reads small print better above 150. Default 200. */
  readonly ocrDpi?: number;
  /**
   * Resolution a PDF page is rendered at for OCR when it is a scan holding under 180 dpi (a fax,
   * a phone app's export): tesseract reads such pages better enlarged. 0 reads them at ocrDpi.
   * Default 300.
   */
  readonly lowResolutionOcrDpi?: number;
  /** Tesseract language; its data must be installed as the npm package @tesseract.js-data/<language>. Default "eng". */
  readonly ocrLanguage?: string;
  /** A PDF page with fewer non-blank characters of its own text is OCR'd instead (scans with a stamped page number). Default 20. */
  readonly minPdfTextChars?: number;
  /** Documents with more pages are refused (TOO_MANY_PAGES). Default 500. */
  readonly maxPages?: number;
  /**
   * Pixel cap per page image. PDF pages that would exceed it are rendered at a lower resolution;
   * PNG, JPEG and TIFF images above it, and PDF-embedded images above it, are refused (TOO_LARGE).
   * Default 40 million (A4 at 600 dpi is 35 million).
   */
  readonly maxPixelsPerPage?: number;
  /** PDF pages with more text runs are refused (TOO_LARGE). Default 100,000. */
  readonly maxTextItemsPerPage?: number;
  /** Wall-clock limit for one document (TIMEOUT). Default 5 minutes. */
  readonly timeoutMs?: number;
  /** Limit without a page finishing (TIMEOUT). Default 60 seconds. */
  readonly pageTimeoutMs?: number;
  /** Heap cap of the page runner process in MiB (RESOURCE_EXHAUSTED). Default 1024. */
  readonly memoryLimitMb?: number;
  /** Aborting kills the page runner and rejects with CANCELED. */
  readonly signal?: AbortSignal;
  /**
   * The slots pages read by OCR take, shared with every document processed at the same time:
   * at most that many pages are read at once. Default: the process's, one per core.
   */
  readonly pageSlots?: PageSlots;
}

type Limits = Required<Omit<PageProcessingOptions, 'signal' | 'pageSlots'>>;

export type ResolvedPageProcessingOptions = Limits & {
  readonly signal?: AbortSignal;
  readonly pageSlots: PageSlots;
};

export const DEFAULT_PAGE_PROCESSING_OPTIONS: Readonly<Limits> = Object.freeze({
  dpi: 150,
  ocrDpi: 200,
  lowResolutionOcrDpi: 300,
  ocrLanguage: 'eng',
  minPdfTextChars: 20,
  maxPages: 500,
  maxPixelsPerPage: 40_000_000,
  maxTextItemsPerPage: 100_000,
  timeoutMs: 5 * 60_000,
  pageTimeoutMs: 60_000,
  memoryLimitMb: 1024,
});

// Tesseract language codes: "eng", "deu", "chi_sim". The code becomes part of a module path in
// the runner, so nothing else gets through.
const LANGUAGE_CODE = /^[a-z]{3}(?:_[a-z]+)*$/;
const DPI_RANGE = [18, 1200] as const;

export function resolvePageProcessingOptions(
  options: PageProcessingOptions = {},
): ResolvedPageProcessingOptions {
  const { signal, pageSlots = PROCESS_PAGE_SLOTS, ...overrides } = options;
  const resolved: Limits = { ...DEFAULT_PAGE_PROCESSING_OPTIONS, ...overrides };
  for (const [name, value] of Object.entries(resolved)) {
    if (name === 'ocrLanguage') continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      throw new RangeError(
        `page processing option ${name} must be a non-negative integer, got ${value}`,
      );
    }
  }
  for (const name of ['dpi', 'ocrDpi', 'lowResolutionOcrDpi'] as const) {
    const value = resolved[name];
    if (name === 'lowResolutionOcrDpi' && value === 0) continue;
    if (value < DPI_RANGE[0] || value > DPI_RANGE[1]) {
      throw new RangeError(
        `page processing option ${name} must be within ${DPI_RANGE.join('..')}, got ${value}`,
      );
    }
  }
  if (!LANGUAGE_CODE.test(resolved.ocrLanguage)) {
    throw new RangeError(
      `ocrLanguage must be a tesseract language code, got "${resolved.ocrLanguage}"`,
    );
  }
  return signal === undefined ? { ...resolved, pageSlots } : { ...resolved, signal, pageSlots };
}
