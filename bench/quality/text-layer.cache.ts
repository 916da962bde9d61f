import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { TextPage } from '@docket/document-intelligence';

/**
 * Text layers kept on disk by the PDF's hash (the renderers write no dates, so one draw renders
 * the same bytes every run): iterating on the engine does not wait for OCR again. Read times
 * from the cache are the cache's, so a timed run does not use it.
 */
export function cachedReader(
  directory: string,
  read: (pdf: Uint8Array) => Promise<readonly TextPage[]>,
): (pdf: Uint8Array) => Promise<readonly TextPage[]> {
  mkdirSync(directory, { recursive: true });
  return async (pdf) => {
    const file = join(directory, `${createHash('sha256').update(pdf).digest('hex')}.json`);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as TextPage[];
    const pages = await read(pdf);
    writeFileSync(file, JSON.stringify(pages));
    return pages;
  };
}
