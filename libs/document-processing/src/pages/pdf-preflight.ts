import { ProcessingError } from '../errors/processing-error';

// Acrobat requires the end-of-file marker within the last 1024 bytes; a file without one was cut
// short in transfer. pdf.js would try to reconstruct it and might render a subset of the pages,
// which for a claim document is worse than refusing.
const EOF_WINDOW = 1024;
const JAVASCRIPT_NAMES = [Buffer.from('/JavaScript'), Buffer.from('/JS')];
// Bytes that end a PDF name: whitespace and delimiters. `/JSON` is another name.
const NAME_TERMINATORS = new Set(Buffer.from('\0\t\n\f\r ()<>[]{}/%'));

/**
 * Checks a PDF before it reaches pdf.js: refuses a truncated file (CORRUPT_FILE) and one whose
 * uncompressed objects name a JavaScript action (ACTIVE_CONTENT). Objects inside compressed
 * object streams are invisible here; the page runner asks pdf.js about those.
 */
export function preflightPdf(bytes: Uint8Array): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tail = buffer.subarray(Math.max(0, buffer.length - EOF_WINDOW));
  if (!tail.includes('%%EOF')) {
    throw new ProcessingError('CORRUPT_FILE', 'the PDF is truncated: it has no end-of-file marker');
  }
  if (namesJavaScript(buffer)) {
    throw new ProcessingError('ACTIVE_CONTENT', 'the PDF contains JavaScript');
  }
}

function namesJavaScript(buffer: Buffer): boolean {
  for (let at = buffer.indexOf('/J'); at !== -1; at = buffer.indexOf('/J', at + 1)) {
    for (const name of JAVASCRIPT_NAMES) {
      const end = at + name.length;
      if (end > buffer.length || buffer.compare(name, 0, name.length, at, end) !== 0) continue;
      const next = buffer[end];
      if (next === undefined || NAME_TERMINATORS.has(next)) return true;
    }
  }
  return false;
}
