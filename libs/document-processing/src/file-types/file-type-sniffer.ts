import { ProcessingError } from '../errors/processing-error';
import { fileTypeFromFilename, SUPPORTED_TYPES, SupportedFileType } from './file-type';

// Acrobat accepts the `%PDF-` header anywhere in the first 1024 bytes, and real scanners and mail
// gateways do prepend junk, so we accept the same window.
const PDF_HEADER_WINDOW = 1024;
const EMAIL_HEADER_WINDOW = 16 * 1024;

// At least one of these must appear in the header block before we call text an e-mail; a bare
// "Key: value" first line is too weak (a note or a CSV could start like that).
const EMAIL_HEADER_NAMES = new Set([
  'from',
  'to',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'received',
  'return-path',
  'delivered-to',
  'content-type',
]);

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function containsAscii(bytes: Uint8Array, text: string, limit: number): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, limit)).includes(text);
}

function looksLikeEmail(bytes: Uint8Array): boolean {
  const head = Buffer.from(
    bytes.buffer,
    bytes.byteOffset,
    Math.min(bytes.length, EMAIL_HEADER_WINDOW),
  );
  if (head.includes(0)) return false; // binary content, never a MIME message
  const lines = head.toString('latin1').split(/\r?\n/);
  const first = lines[0] ?? '';
  // RFC 5322 field name: printable ASCII except the colon; mbox exports may start with "From ".
  if (!/^[\x21-\x39\x3b-\x7e]+:/.test(first) && !first.startsWith('From ')) return false;
  for (const line of lines) {
    if (line === '') break; // end of the header block
    const name = /^([\x21-\x39\x3b-\x7e]+):/.exec(line)?.[1]?.toLowerCase();
    if (name !== undefined && EMAIL_HEADER_NAMES.has(name)) return true;
  }
  return false;
}

/** The supported type the content is, judged by magic bytes only (never by name). */
export function sniffFileType(bytes: Uint8Array): SupportedFileType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return SUPPORTED_TYPES.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return SUPPORTED_TYPES.jpeg;
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return SUPPORTED_TYPES.tiff;
  }
  // Local file header, or the end-of-central-directory record of an empty archive.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    return SUPPORTED_TYPES.zip;
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return SUPPORTED_TYPES.pdf;
  // Before the PDF window check: an e-mail may quote "%PDF-" in its first kilobyte.
  if (looksLikeEmail(bytes)) return SUPPORTED_TYPES.eml;
  if (containsAscii(bytes, '%PDF-', PDF_HEADER_WINDOW)) return SUPPORTED_TYPES.pdf;
  return undefined;
}

/**
 * Checks that the content is what the file name promises and returns that type. Throws
 * UNSUPPORTED_TYPE for an extension we do not process and MAGIC_MISMATCH when the bytes are
 * something else (a `.pdf` that is really a PNG).
 */
export function assertMagicMatches(filename: string, bytes: Uint8Array): SupportedFileType {
  const promised = fileTypeFromFilename(filename);
  if (promised === undefined) {
    throw new ProcessingError('UNSUPPORTED_TYPE', `"${filename}" is not a supported file type`, {
      filename,
    });
  }
  const actual = sniffFileType(bytes);
  if (actual?.kind !== promised.kind) {
    const found = actual === undefined ? 'unrecognised content' : `${actual.kind} content`;
    throw new ProcessingError(
      'MAGIC_MISMATCH',
      `"${filename}" is named as ${promised.kind} but contains ${found}`,
      { filename, expected: promised.kind, actual: actual?.kind ?? null },
    );
  }
  return promised;
}
