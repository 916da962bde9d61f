// Test fixtures built in code, so that no binary documents live in the repository.
import { degrees, PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

export interface DrawnText {
  readonly text: string;
  /** PDF points from the left edge. */
  readonly x: number;
  /** Baseline, PDF points from the bottom edge. */
  readonly y: number;
  readonly size: number;
}

export const LETTER = { width: 612, height: 792 } as const;

/** A digital PDF with Helvetica text; one array of lines per page. */
export async function digitalPdf(
  pages: readonly (readonly DrawnText[])[],
  options: { useObjectStreams?: boolean; rotation?: 0 | 90 | 180 | 270 } = {},
): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = document.addPage([LETTER.width, LETTER.height]);
    page.setRotation(degrees(options.rotation ?? 0));
    for (const line of lines)
      page.drawText(line.text, { x: line.x, y: line.y, size: line.size, font });
  }
  return document.save({ useObjectStreams: options.useObjectStreams ?? true });
}

export interface FilledField {
  readonly name: string;
  /** Typed text, or true / false for a tick box. */
  readonly value: string | boolean;
  /** The field's rectangle: PDF points from the left and bottom edges. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly multiline?: boolean;
}

/**
 * A fillable PDF form (AcroForm) with printed captions and fields filled in, as a viewer saves
 * it: the values live in the fields, not in the page's text.
 */
export async function filledFormPdf(
  captions: readonly DrawnText[],
  fields: readonly FilledField[],
): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([LETTER.width, LETTER.height]);
  for (const line of captions) {
    page.drawText(line.text, { x: line.x, y: line.y, size: line.size, font });
  }
  const form = document.getForm();
  for (const field of fields) {
    const place = { x: field.x, y: field.y, width: field.width, height: field.height };
    if (typeof field.value === 'boolean') {
      const box = form.createCheckBox(field.name);
      box.addToPage(page, place);
      if (field.value) box.check();
      continue;
    }
    const text = form.createTextField(field.name);
    if (field.multiline) text.enableMultiline();
    text.setText(field.value);
    text.addToPage(page, { ...place, font });
    text.setFontSize(10);
  }
  return document.save();
}

/** Width of text drawn by digitalPdf, in points: the ground truth for word boxes. */
export async function helveticaWidth(text: string, size: number): Promise<number> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  return font.widthOfTextAtSize(text, size);
}

/** A PDF whose only page is an image (a scan), drawn over the whole page. */
export async function scannedPdf(
  png: Uint8Array,
  pageSize: { width: number; height: number },
): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const image = await document.embedPng(png);
  const page = document.addPage([pageSize.width, pageSize.height]);
  page.drawImage(image, { x: 0, y: 0, width: pageSize.width, height: pageSize.height });
  return document.save();
}

/** A PDF that runs JavaScript when opened (an OpenAction of type JavaScript). */
export async function pdfWithJavaScript(options: {
  useObjectStreams: boolean;
}): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage().drawText('Open me', { x: 72, y: 700, size: 12, font });
  const action = document.context.obj({
    Type: 'Action',
    S: 'JavaScript',
    JS: PDFString.of('app.alert("hello")'),
  });
  document.catalog.set(PDFName.of('OpenAction'), document.context.register(action));
  return document.save({ useObjectStreams: options.useObjectStreams });
}

/**
 * A PDF that needs a password to open. pdf-lib cannot encrypt, so this appends an incremental
 * update whose trailer adds a standard security handler (RC4, revision 2) with a /U entry that
 * the empty password does not match: a reader must ask for a password.
 */
export async function passwordProtectedPdf(): Promise<Buffer> {
  const original = Buffer.from(
    await digitalPdf([[{ text: 'Secret', x: 72, y: 700, size: 12 }]], { useObjectStreams: false }),
  );
  const text = original.toString('latin1');
  const root = /\/Root (\d+ \d+ R)/.exec(text)![1];
  const size = Number(/\/Size (\d+)/.exec(text)![1]);
  const previousXref = Number(/startxref\s+(\d+)/.exec(text)![1]);
  const hex = (byte: string): string => `<${byte.repeat(32)}>`;
  const encryptObject = `${size} 0 obj\n<< /Filter /Standard /V 1 /R 2 /O ${hex('ab')} /U ${hex('cd')} /P -4 >>\nendobj\n`;
  const objectOffset = original.length + 1;
  const xrefOffset = objectOffset + encryptObject.length;
  const update = [
    '\n',
    encryptObject,
    'xref\n',
    `${size} 1\n`,
    `${String(objectOffset).padStart(10, '0')} 00000 n \n`,
    'trailer\n',
    `<< /Size ${size + 1} /Root ${root} /Prev ${previousXref} /Encrypt ${size} 0 R `,
    `/ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] >>\n`,
    `startxref\n${xrefOffset}\n%%EOF\n`,
  ].join('');
  return Buffer.concat([original, Buffer.from(update, 'latin1')]);
}
