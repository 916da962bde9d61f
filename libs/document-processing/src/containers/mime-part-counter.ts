// Stop collecting boundaries after this many: a message declaring more boundaries than any cap we
// would accept is refused by the count anyway, and the scan stays linear.
const MAX_BOUNDARIES = 10_000;

/**
 * Counts the MIME parts of a raw message without parsing it: one for the top-level entity plus
 * one per delimiter line (`--boundary`) of any boundary the message declares. This is the same
 * splitting rule the parser applies, so a message cannot hide parts from the count; it can only
 * over-count (a quoted "boundary=" in a text part), which errs on the safe side.
 */
export function countMimeParts(bytes: Uint8Array): number {
  // latin1 maps every byte to one code unit, so the scan never trips over invalid UTF-8.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const boundaries = new Set<string>();
  const declaration = /boundary\s*=\s*(?:"([^"\r\n]+)"|([^\s;"]+))/gi;
  for (const match of text.matchAll(declaration)) {
    boundaries.add(match[1] ?? match[2]!);
    if (boundaries.size >= MAX_BOUNDARIES) break;
  }
  if (boundaries.size === 0) return 1;
  let parts = 1;
  for (const line of text.split('\n')) {
    if (!line.startsWith('--')) continue;
    // Delimiters may carry trailing whitespace ("transport padding"); the closing delimiter
    // `--boundary--` does not start a part and does not match.
    if (boundaries.has(line.slice(2).trimEnd())) parts += 1;
  }
  return parts;
}
