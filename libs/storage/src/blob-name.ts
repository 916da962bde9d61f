const MAX_SEGMENT_LENGTH = 120;

/**
 * One path segment of a blob name built from untrusted text (an uploaded file name, a zip entry).
 * Only a conservative character set survives, so the name can never contain a separator, a
 * `..` segment, a query or fragment, or anything a URL parser would normalise away.
 */
export function safeBlobSegment(untrusted: string, fallback = 'file'): string {
  const cleaned = untrusted
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '.')
    .slice(-MAX_SEGMENT_LENGTH)
    .replace(/^[._-]+/, '');
  return cleaned.length > 0 ? cleaned : fallback;
}

/** Joins segments that are already safe; refuses anything that is not. */
export function blobPathOf(...segments: string[]): string {
  for (const segment of segments) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(segment) || segment.includes('..')) {
      throw new Error(`unsafe blob path segment: ${JSON.stringify(segment)}`);
    }
  }
  return segments.join('/');
}
