import { dirname, join } from 'node:path';

import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { ZipFile } from 'yazl';

// A font shipped with pdfjs-dist, so drawn scans look the same on every machine.
const FONT_FAMILY = 'E2E Sans';
GlobalFonts.registerFromPath(
  join(
    dirname(require.resolve('pdfjs-dist/package.json')),
    'standard_fonts',
    'LiberationSans-Regular.ttf',
  ),
  FONT_FAMILY,
);

/** A digital PDF: one page per entry, each with the given line of text near the top. */
export async function textPdf(pageTexts: string[]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const text of pageTexts) {
    const page = document.addPage([612, 792]);
    page.drawText(text, { x: 72, y: 700, size: 14, font });
  }
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/** Black text on white, like a clean scan. */
export async function textPng(lines: string[], width = 1200, height = 500): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.font = `48px "${FONT_FAMILY}"`;
  lines.forEach((line, index) => context.fillText(line, 60, 100 + index * 90));
  // Synchronous: @napi-rs/canvas's async encode lets a garbage collection free the canvas while
  // the thread pool still reads it, which crashed the jest worker with SIGSEGV.
  return canvas.encodeSync('png');
}

/** An image-only PDF (a scan): no text of its own, so its words come from OCR. */
export async function scannedPdf(lines: string[]): Promise<Buffer> {
  const png = await textPng(lines, 1700, 2200);
  const document = await PDFDocument.create();
  const image = await document.embedPng(png);
  const page = document.addPage([612, 792]);
  page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  return Buffer.from(await document.save());
}

/** A PDF that runs JavaScript when opened. */
export async function pdfWithJavaScript(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage().drawText('Open me', { x: 72, y: 700, size: 12, font });
  const action = document.context.obj({
    Type: 'Action',
    S: 'JavaScript',
    JS: PDFString.of('app.alert("hello")'),
  });
  document.catalog.set(PDFName.of('OpenAction'), document.context.register(action));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

export interface ZipEntry {
  /** Ending in `/`: a directory entry. */
  name: string;
  data: Buffer;
  compress?: boolean;
  /** Unix mode with file type bits (0o120777 = symbolic link). */
  mode?: number;
}

export function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const entry of entries) {
    if (entry.name.endsWith('/')) {
      zip.addEmptyDirectory(entry.name);
      continue;
    }
    zip.addBuffer(entry.data, entry.name, {
      compress: entry.compress ?? true,
      ...(entry.mode === undefined ? {} : { mode: entry.mode }),
    });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** yazl refuses unsafe names, so a same-length placeholder is swapped for the hostile one. */
export function withEntryName(zip: Buffer, placeholder: string, hostile: string): Buffer {
  if (placeholder.length !== hostile.length) throw new Error('names must have the same length');
  const patched = Buffer.from(zip);
  const from = Buffer.from(placeholder, 'latin1');
  for (let at = patched.indexOf(from); at !== -1; at = patched.indexOf(from, at + 1)) {
    patched.write(hostile, at, 'latin1');
  }
  return patched;
}

/** Sets the "encrypted" flag of every entry, as a password-protected zip has it. */
export function markEncrypted(zip: Buffer): Buffer {
  const patched = Buffer.from(zip);
  for (let at = 0; at + 4 <= patched.length; at += 1) {
    const signature = patched.readUInt32LE(at);
    if (signature === 0x04034b50) patched.writeUInt16LE(patched.readUInt16LE(at + 6) | 1, at + 6);
    if (signature === 0x02014b50) patched.writeUInt16LE(patched.readUInt16LE(at + 8) | 1, at + 8);
  }
  return patched;
}

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** multipart/mixed with a text body and base64 attachments. */
export function emailWith(attachments: Attachment[]): Buffer {
  const boundary = 'e2e-mixed-boundary';
  const parts = attachments.map((a) =>
    [
      `--${boundary}`,
      `Content-Type: ${a.contentType}; name="${a.filename}"`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment; filename="${a.filename}"`,
      '',
      a.content.toString('base64').replace(/.{76}/g, '$&\r\n'),
    ].join('\r\n'),
  );
  return Buffer.from(
    [
      ...emailHeaders(`multipart/mixed; boundary="${boundary}"`),
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Please find the claim documents attached.',
      ...parts,
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

/** An e-mail with `count` tiny text parts. */
export function emailWithParts(count: number): Buffer {
  const boundary = 'e2e-many-parts';
  const parts = Array.from({ length: count }, (_, i) =>
    [`--${boundary}`, 'Content-Type: text/plain', '', `part ${i}`].join('\r\n'),
  );
  return Buffer.from(
    [
      ...emailHeaders(`multipart/mixed; boundary="${boundary}"`),
      '',
      ...parts,
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

function emailHeaders(contentType: string): string[] {
  return [
    'From: Claims Desk <claims@example.com>',
    'To: intake@example.com',
    'Subject: Claim 4711',
    'Date: Tue, 02 Jan 2024 10:00:00 +0000',
    'Message-ID: <claim-4711@example.com>',
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}`,
  ];
}

/** A few bytes that are a valid .docx only by name: enough for an unsupported attachment. */
export function fakeDocx(): Buffer {
  return Buffer.from('PK\u0003\u0004 not really a word document');
}
