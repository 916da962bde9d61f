// The messages exchanged with runner/page-runner.mjs over the IPC channel (advanced
// serialization, so Uint8Array travels as bytes). The runner is plain JavaScript, so this file is
// the only written-down contract; the parent validates every message it receives because the
// runner handles hostile input and its output is not trusted blindly.
import { types } from 'node:util';

import { isProcessingErrorCode, ProcessingErrorCode } from '../errors/processing-error';

export type PageSourceKind = 'pdf' | 'png' | 'jpeg' | 'tiff';

export interface RunnerJob {
  readonly type: 'job';
  readonly kind: PageSourceKind;
  readonly bytes: Uint8Array;
  /** Encode each page as PNG. */
  readonly render: boolean;
  /** Produce each page's text: the PDF's own text, or OCR. */
  readonly text: boolean;
  readonly dpi: number;
  readonly ocrDpi: number;
  /** OCR resolution of a scanned PDF page whose image holds under 180 dpi; 0: ocrDpi. */
  readonly lowResolutionOcrDpi: number;
  readonly ocrLanguage: string;
  readonly minPdfTextChars: number;
  readonly maxPages: number;
  readonly maxPixelsPerPage: number;
  readonly maxTextItemsPerPage: number;
  /** Most pages the runner reads by OCR at once: it asks for a slot per page (PageSlots). */
  readonly pagesInFlight: number;
}

export type Matrix = readonly [number, number, number, number, number, number];

/** A pdf.js text run, positions in PDF user space. */
export interface RunnerTextItem {
  readonly str: string;
  readonly transform: Matrix;
  /** Advance of the whole run in user-space units. */
  readonly width: number;
  readonly height: number;
  readonly fontName: string;
  readonly dir: string;
}

/** A filled field of a fillable PDF form, its rectangle in PDF user space ([x1, y1, x2, y2]). */
export interface RunnerFormField {
  /** The value as shown: typed text, a choice's display value, or ☒ / ☐ for a tick box. */
  readonly text: string;
  readonly rect: readonly [number, number, number, number];
  /** The field's font size; 0 when the form sizes the text to fit. */
  readonly fontSize: number;
  readonly multiLine: boolean;
  /** 0 left, 1 centred, 2 right (the PDF's quadding). */
  readonly alignment: number;
}

export interface RunnerTextStyle {
  readonly fontFamily: string;
  readonly ascent: number;
  readonly descent: number;
  readonly vertical: boolean;
}

export interface RunnerPdfText {
  readonly source: 'pdf-text';
  /** The page viewport at scale 1: user space to top-left-origin page coordinates. */
  readonly viewport: {
    readonly width: number;
    readonly height: number;
    readonly transform: Matrix;
  };
  readonly items: readonly RunnerTextItem[];
  readonly styles: Readonly<Record<string, RunnerTextStyle>>;
  readonly fields: readonly RunnerFormField[];
}

export interface RunnerOcrWord {
  readonly text: string;
  /** Pixels of the OCR image. */
  readonly bbox: {
    readonly x0: number;
    readonly y0: number;
    readonly x1: number;
    readonly y1: number;
  };
  /** 0..100 as tesseract reports it. */
  readonly confidence: number;
}

export interface RunnerOcrText {
  readonly source: 'ocr';
  readonly imageWidth: number;
  readonly imageHeight: number;
  readonly words: readonly RunnerOcrWord[];
}

export interface RunnerPageMessage {
  readonly type: 'page';
  readonly pageNumber: number;
  readonly width: number;
  readonly height: number;
  readonly png?: Uint8Array;
  readonly text?: RunnerPdfText | RunnerOcrText;
}

export interface RunnerDocumentMessage {
  readonly type: 'document';
  readonly pageCount: number;
}

export interface RunnerDoneMessage {
  readonly type: 'done';
}

/** Asks for a page slot before a page is rendered for OCR; answered by RunnerSlotGrant. */
export interface RunnerSlotRequestMessage {
  readonly type: 'slot-request';
}

/** Gives back a granted slot: the engine is done with the page. */
export interface RunnerSlotReleaseMessage {
  readonly type: 'slot-release';
}

/** From the parent: one slot requested earlier is granted (in the order requested). */
export interface RunnerSlotGrant {
  readonly type: 'slot-grant';
}

export interface RunnerErrorMessage {
  readonly type: 'error';
  readonly code: ProcessingErrorCode;
  readonly message: string;
}

export type RunnerMessage =
  | RunnerDocumentMessage
  | RunnerPageMessage
  | RunnerSlotRequestMessage
  | RunnerSlotReleaseMessage
  | RunnerDoneMessage
  | RunnerErrorMessage;

export class MalformedRunnerMessage extends Error {
  override readonly name = 'MalformedRunnerMessage';
}

type Fields = Readonly<Record<string, unknown>>;

function fail(what: string): never {
  throw new MalformedRunnerMessage(`malformed runner message: ${what}`);
}

function record(value: unknown, what: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(what);
  return value as Fields;
}

function finite(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(what);
  return value;
}

function positiveInteger(value: unknown, what: string): number {
  const number = finite(value, what);
  if (!Number.isInteger(number) || number < 1) fail(what);
  return number;
}

function string(value: unknown, what: string): string {
  if (typeof value !== 'string') fail(what);
  return value;
}

function array(value: unknown, what: string): readonly unknown[] {
  if (!Array.isArray(value)) fail(what);
  return value;
}

function matrix(value: unknown, what: string): Matrix {
  const values = array(value, what);
  if (values.length !== 6) fail(what);
  const [a, b, c, d, e, f] = values.map((entry) => finite(entry, what));
  return [a!, b!, c!, d!, e!, f!];
}

function textItem(value: unknown): RunnerTextItem {
  const item = record(value, 'text item');
  return {
    str: string(item.str, 'text item str'),
    transform: matrix(item.transform, 'text item transform'),
    width: finite(item.width, 'text item width'),
    height: finite(item.height, 'text item height'),
    fontName: string(item.fontName, 'text item fontName'),
    dir: string(item.dir, 'text item dir'),
  };
}

function textStyle(value: unknown): RunnerTextStyle {
  const style = record(value, 'text style');
  return {
    fontFamily: string(style.fontFamily, 'style fontFamily'),
    ascent: finite(style.ascent, 'style ascent'),
    descent: finite(style.descent, 'style descent'),
    vertical: style.vertical === true,
  };
}

function formField(value: unknown): RunnerFormField {
  const field = record(value, 'form field');
  const rect = array(field.rect, 'form field rect');
  if (rect.length !== 4) fail('form field rect');
  const [x1, y1, x2, y2] = rect.map((entry) => finite(entry, 'form field rect'));
  return {
    text: string(field.text, 'form field text'),
    rect: [x1!, y1!, x2!, y2!],
    fontSize: finite(field.fontSize, 'form field fontSize'),
    multiLine: field.multiLine === true,
    alignment: finite(field.alignment, 'form field alignment'),
  };
}

function pdfText(text: Fields): RunnerPdfText {
  const viewport = record(text.viewport, 'viewport');
  const styles = record(text.styles, 'styles');
  return {
    source: 'pdf-text',
    viewport: {
      width: finite(viewport.width, 'viewport width'),
      height: finite(viewport.height, 'viewport height'),
      transform: matrix(viewport.transform, 'viewport transform'),
    },
    items: array(text.items, 'text items').map(textItem),
    styles: Object.fromEntries(
      Object.entries(styles).map(([name, style]) => [name, textStyle(style)]),
    ),
    fields: array(text.fields, 'form fields').map(formField),
  };
}

function ocrWord(value: unknown): RunnerOcrWord {
  const word = record(value, 'ocr word');
  const bbox = record(word.bbox, 'ocr bbox');
  return {
    text: string(word.text, 'ocr word text'),
    bbox: {
      x0: finite(bbox.x0, 'bbox x0'),
      y0: finite(bbox.y0, 'bbox y0'),
      x1: finite(bbox.x1, 'bbox x1'),
      y1: finite(bbox.y1, 'bbox y1'),
    },
    confidence: finite(word.confidence, 'ocr confidence'),
  };
}

function ocrText(text: Fields): RunnerOcrText {
  return {
    source: 'ocr',
    imageWidth: positiveInteger(text.imageWidth, 'ocr imageWidth'),
    imageHeight: positiveInteger(text.imageHeight, 'ocr imageHeight'),
    words: array(text.words, 'ocr words').map(ocrWord),
  };
}

function pageMessage(message: Fields): RunnerPageMessage {
  // util.types instead of instanceof: the bytes are deserialised in Node's main realm, which is
  // not the realm a test runner (jest) evaluates this module in.
  const png = message.png;
  if (png !== undefined && !types.isUint8Array(png)) fail('png');
  let text: RunnerPdfText | RunnerOcrText | undefined;
  if (message.text !== undefined) {
    const fields = record(message.text, 'text');
    if (fields.source === 'pdf-text') text = pdfText(fields);
    else if (fields.source === 'ocr') text = ocrText(fields);
    else fail('text source');
  }
  return {
    type: 'page',
    pageNumber: positiveInteger(message.pageNumber, 'pageNumber'),
    width: positiveInteger(message.width, 'width'),
    height: positiveInteger(message.height, 'height'),
    ...(types.isUint8Array(png) ? { png } : {}),
    ...(text === undefined ? {} : { text }),
  };
}

/** Validates a message from the runner; throws MalformedRunnerMessage when it is not one. */
export function parseRunnerMessage(value: unknown): RunnerMessage {
  const message = record(value, 'not an object');
  switch (message.type) {
    case 'document':
      return { type: 'document', pageCount: positiveInteger(message.pageCount, 'pageCount') };
    case 'page':
      return pageMessage(message);
    case 'slot-request':
      return { type: 'slot-request' };
    case 'slot-release':
      return { type: 'slot-release' };
    case 'done':
      return { type: 'done' };
    case 'error':
      return {
        type: 'error',
        code: isProcessingErrorCode(message.code) ? message.code : 'PROCESSING_FAILED',
        message: string(message.message, 'error message'),
      };
    default:
      return fail(`unknown type ${String(message.type)}`);
  }
}
