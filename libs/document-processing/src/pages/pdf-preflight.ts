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

/**
 * Looks for the names in the file's objects, not inside stream data: a scanned page's JPEG (or
 * any compressed stream) holds arbitrary bytes, and "/JS " turns up in them by chance, which
 * refused real scans. A stream starts at the `stream` keyword after a dictionary's `>>` and ends
 * at `endstream`; what is in compressed streams is pdf.js's to check in the page runner.
 */
function namesJavaScript(buffer: Buffer): boolean {
  let from = 0;
  while (from < buffer.length) {
    const stream = nextStreamData(buffer, from);
    if (namesJavaScriptBetween(buffer, from, stream?.start ?? buffer.length)) return true;
    if (!stream) return false;
    from = stream.end;
  }
  return false;
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
const WHITESPACE = new Set(Buffer.from('\0\t\n\f\r '));

/** The next stream's data: after `>> stream` and its end of line, up to `endstream`. */
function nextStreamData(buffer: Buffer, from: number): { start: number; end: number } | undefined {
  for (let at = buffer.indexOf(STREAM, from); at !== -1; at = buffer.indexOf(STREAM, at + 1)) {
    if (!followsDictionary(buffer, at)) continue;
    let start = at + STREAM.length;
    if (buffer[start] === 0x0d) start += 1;
    if (buffer[start] === 0x0a) start += 1;
    const end = buffer.indexOf(END_STREAM, start);
    return { start, end: end === -1 ? buffer.length : end + END_STREAM.length };
  }
  return undefined;
}

function followsDictionary(buffer: Buffer, keyword: number): boolean {
  let before = keyword - 1;
  while (before >= 0 && WHITESPACE.has(buffer[before]!)) before -= 1;
  return before >= 1 && buffer[before] === 0x3e && buffer[before - 1] === 0x3e;
}

function namesJavaScriptBetween(buffer: Buffer, start: number, end: number): boolean {
  for (
    let at = buffer.indexOf('/J', start);
    at !== -1 && at < end;
    at = buffer.indexOf('/J', at + 1)
  ) {
    for (const name of JAVASCRIPT_NAMES) {
      const nameEnd = at + name.length;
      if (nameEnd > buffer.length || buffer.compare(name, 0, name.length, at, nameEnd) !== 0)
        continue;
      const next = buffer[nameEnd];
      if (next === undefined || NAME_TERMINATORS.has(next)) return true;
    }
  }
  return false;
}
