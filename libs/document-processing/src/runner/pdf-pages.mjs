import { createRequire } from 'node:module';
import path from 'node:path';

import { createPageCanvas, fitScale, pdfCanvasModule } from './canvas-module.mjs';
import { RunnerError } from './runner-error.mjs';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const POINTS_PER_INCH = 72;
/**
 * A page read by OCR whose scanned image holds fewer dots per inch than this (a 150-dpi scan, a
 * fax, a phone export) is drawn for OCR at the job's lowResolutionOcrDpi (default 300) and
 * read with a threshold per neighbourhood (ocr-engine.mjs). Enlarged alone, such a noisy page
 * read no more words and fewer numbers (its noise enlarged is read as junk); enlarged and
 * thresholded locally it read 82 % of words exactly against 76 %, and harsh scans' table
 * headers came back (docs/benchmarks.md, "OCR engine choice"; docs/quality-benchmark.md,
 * "Issue 28 item 1"). It costs about 1.5x the CPU on those pages only: scans of 200 dpi and
 * more, and digital pages, are read exactly as before.
 *
 * Such a page also has its form rules erased before OCR (form-rules.mjs), as small raster scans
 * do: the edges of a boxed form's fields, roughened by noise and JPEG, were read as "|" and ":"
 * beside captions and glued to answers ("|1182464USD." for 11,824.64 USD). Measured on harsh
 * scans of development draws (bench/ocr/ocr-preparation.ts --source families --seed 7001, 8
 * pages): words read right among those read 69.3 -> 79.3 %, words read exactly 84.9 -> 85.4 %.
 * And its lone specks are erased (lone-specks.mjs), read as ":" "." "©" between fields: then
 * 79.3 -> 85.5 % read right, 85.4 -> 87.8 % words and 79.9 -> 83.6 % numbers read exactly.
 */
const LOW_RESOLUTION_SCAN_DPI = 180;
/** An image within this share of the page's aspect ratio is taken to be the scanned page. */
const PAGE_ASPECT_TOLERANCE = 0.03;

/**
 * Opens a PDF with pdf.js and returns its pages. The options make pdf.js a pure function of the
 * bytes: no eval of font programs (`isEvalSupported: false`), no system fonts and no font
 * loading into the process (`disableFontFace`, glyphs are drawn as paths), no range or stream
 * fetching, and every helper file (standard fonts, CMaps, ICC profiles, wasm decoders) read from
 * the local pdfjs-dist package. `stopAtErrors` turns damaged content into an error instead of
 * a silently blank page, which is the better outcome for documents people act on.
 * @param {import('./page-runner.mjs').Job} job
 */
export async function openPdfPages(job) {
  // The legacy build is the one pdf.js supports on Node.js.
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: job.bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    disableRange: true,
    disableStream: true,
    disableAutoFetch: true,
    stopAtErrors: true,
    maxImageSize: job.maxPixelsPerPage,
    standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
    cMapUrl: `${pdfjsRoot}/cmaps/`,
    cMapPacked: true,
    iccUrl: `${pdfjsRoot}/iccs/`,
    wasmUrl: `${pdfjsRoot}/wasm/`,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  }).promise;

  try {
    await assertNoDocumentJavaScript(document);
    if (document.numPages > job.maxPages) {
      throw new RunnerError(
        'TOO_MANY_PAGES',
        `the PDF has ${document.numPages} pages; at most ${job.maxPages} are processed`,
      );
    }
  } catch (error) {
    await document.destroy();
    throw error;
  }

  return {
    pageCount: document.numPages,
    /** @param {number} pageNumber */
    page: (pageNumber) => openPage(document, pageNumber, job),
    close: () => document.destroy(),
  };
}

/**
 * Document-level scripts (the JavaScript name tree, the open action, catalog actions) and form
 * field scripts. We never run them, but a PDF that carries them is refused: it was made to do
 * something when opened, and the people downstream open these files in real viewers.
 */
async function assertNoDocumentJavaScript(document) {
  const [documentActions, fieldActions] = await Promise.all([
    document.getJSActions(),
    document.hasJSActions(),
  ]);
  if (documentActions !== null || fieldActions) {
    throw new RunnerError('ACTIVE_CONTENT', 'the PDF contains JavaScript');
  }
}

async function openPage(document, pageNumber, job) {
  const page = await document.getPage(pageNumber);
  const pageActions = await page.getJSActions();
  if (pageActions !== null && Object.keys(pageActions).length > 0) {
    throw new RunnerError('ACTIVE_CONTENT', `page ${pageNumber} of the PDF contains JavaScript`);
  }
  const base = page.getViewport({ scale: 1 });
  const scaleFor = (dpi) =>
    fitScale(base.width, base.height, dpi / POINTS_PER_INCH, job.maxPixelsPerPage);
  const renderScale = scaleFor(job.dpi);
  return {
    width: Math.max(1, Math.round(base.width * renderScale)),
    height: Math.max(1, Math.round(base.height * renderScale)),
    canvasModule: pdfCanvasModule(),
    render: () => renderAt(page, renderScale),
    /**
     * The page drawn at the OCR resolution, or at the low-resolution one when it turns out to
     * be a scan holding too few dots per inch (known once pdf.js has decoded its images, so
     * only such a page is drawn twice).
     * @param {import('@napi-rs/canvas').Canvas} [rendered] the page image, if drawn already
     * @returns {Promise<import('./ocr-engine.mjs').OcrCanvas>}
     */
    renderForOcr: async (rendered) => {
      const ocrScale = scaleFor(job.ocrDpi);
      const canvas =
        rendered !== undefined && ocrScale === renderScale
          ? rendered
          : await renderAt(page, ocrScale);
      if (!(job.lowResolutionOcrDpi > job.ocrDpi)) return { canvas, lowResolution: false };
      const scanned = scanResolution(page, base);
      if (scanned === undefined || scanned >= LOW_RESOLUTION_SCAN_DPI) {
        return { canvas, lowResolution: false };
      }
      return {
        canvas: await renderAt(page, scaleFor(job.lowResolutionOcrDpi)),
        lowResolution: true,
        formRules: true,
        loneSpecks: true,
      };
    },
    pdfText: () => pdfText(page, base, job),
    close: () => page.cleanup(),
  };
}

async function renderAt(page, scale) {
  const viewport = page.getViewport({ scale });
  const { canvas, context } = createPageCanvas(
    pdfCanvasModule(),
    Math.max(1, Math.round(viewport.width)),
    Math.max(1, Math.round(viewport.height)),
  );
  await page.render({ canvas, canvasContext: context, viewport, background: '#ffffff' }).promise;
  return canvas;
}

/**
 * Dots per inch of a scanned page's image: the largest image pdf.js decoded for the page (so
 * the page must have been drawn), when its aspect ratio is the page's (a scanner's page image
 * drawn over the whole page); undefined for any other page.
 * @param {import('pdfjs-dist').PDFPageProxy} page
 * @param {import('pdfjs-dist').PageViewport} base the page at scale 1 (points)
 */
function scanResolution(page, base) {
  let largest;
  for (const [, data] of page.objs) {
    if (!(Number.isFinite(data?.width) && Number.isFinite(data?.height))) continue;
    if (largest === undefined || data.width * data.height > largest.width * largest.height) {
      largest = data;
    }
  }
  if (largest === undefined || largest.width <= 0 || largest.height <= 0) return undefined;
  const imageAspect = largest.width / largest.height;
  const pageAspect = base.width / base.height;
  if (Math.abs(imageAspect / pageAspect - 1) > PAGE_ASPECT_TOLERANCE) return undefined;
  return (largest.width / base.width) * POINTS_PER_INCH;
}

/**
 * The page's own text runs, or undefined when the page has too little text to trust (a scan,
 * or a scan with a stamped page number) and should be read by OCR instead.
 */
async function pdfText(page, viewport, job) {
  const content = await page.getTextContent();
  const runs = content.items.filter((item) => typeof item.str === 'string');
  const fields = await formFields(page);
  if (runs.length + fields.length > job.maxTextItemsPerPage) {
    throw new RunnerError(
      'TOO_LARGE',
      `page ${page.pageNumber} has ${runs.length + fields.length} text runs and form fields; at most ${job.maxTextItemsPerPage} are processed`,
    );
  }
  const visible = [...runs.map((item) => item.str), ...fields.map((field) => field.text)].reduce(
    (count, text) => count + text.replace(/\s/g, '').length,
    0,
  );
  if (visible < job.minPdfTextChars) return undefined;
  const styles = {};
  for (const [name, style] of Object.entries(content.styles)) {
    styles[name] = {
      fontFamily: String(style.fontFamily),
      ascent: Number(style.ascent) || 0,
      descent: Number(style.descent) || 0,
      vertical: style.vertical === true,
    };
  }
  return {
    source: 'pdf-text',
    viewport: {
      width: viewport.width,
      height: viewport.height,
      transform: Array.from(viewport.transform),
    },
    items: runs.map((item) => ({
      str: item.str,
      transform: Array.from(item.transform),
      width: item.width,
      height: item.height,
      fontName: item.fontName,
      dir: item.dir,
    })),
    styles,
    fields,
  };
}

const CHECKED_BOX = '☒';
const EMPTY_BOX = '☐';

/**
 * What a fillable form (AcroForm) holds in its fields. pdf.js draws field values from the
 * widgets' appearances and leaves them out of the page's text content, yet they are the form's
 * answers: each visible field is returned with its rectangle (user space) for the text layer to
 * place as words. Tick boxes and radio buttons become a ticked or empty box character, which is
 * how a printed form's boxes reach the text layer too; choice fields give their shown value.
 */
async function formFields(page) {
  const annotations = await page.getAnnotations({ intent: 'display' });
  const fields = [];
  for (const annotation of annotations) {
    if (annotation.subtype !== 'Widget' || annotation.hidden || annotation.noView) continue;
    const text = fieldText(annotation);
    const rect = Array.isArray(annotation.rect) ? annotation.rect.map(Number) : [];
    // A damaged widget without a usable rectangle has nowhere to be shown: leave it out.
    if (text === undefined || rect.length !== 4 || !rect.every(Number.isFinite)) continue;
    fields.push({
      text,
      rect,
      fontSize: Number(annotation.defaultAppearanceData?.fontSize) || 0,
      multiLine: annotation.multiLine === true,
      alignment: Number(annotation.textAlignment) || 0,
    });
  }
  return fields;
}

function fieldText(annotation) {
  const value = annotation.fieldValue;
  switch (annotation.fieldType) {
    case 'Tx':
      return typeof value === 'string' && /\S/.test(value) ? value : undefined;
    case 'Ch': {
      const chosen = (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string');
      const shown = chosen.map(
        (v) => annotation.options?.find((o) => o.exportValue === v)?.displayValue ?? v,
      );
      const text = shown.join(', ');
      return /\S/.test(text) ? text : undefined;
    }
    case 'Btn':
      if (annotation.checkBox) {
        return value === annotation.exportValue && value !== 'Off' ? CHECKED_BOX : EMPTY_BOX;
      }
      if (annotation.radioButton) {
        return value === annotation.buttonValue && value !== 'Off' ? CHECKED_BOX : EMPTY_BOX;
      }
      return undefined;
    default:
      return undefined;
  }
}
