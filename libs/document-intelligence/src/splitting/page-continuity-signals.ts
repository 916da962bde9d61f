import { groupLines } from '../text-layer/line-grouper';
import type { TextPage } from '../text-layer/text-layer.types';
import { tokenise } from '../text-layer/text-normaliser';

export interface PageOfMarker {
  readonly index: number;
  readonly total?: number;
}

/** What a page says about whether it starts a document or continues the previous one. */
export interface PageContinuitySignals {
  readonly pageNumber: number;
  /** "Page 2 of 3", "Page 2/3", "Pg. 2". */
  readonly pageOf?: PageOfMarker;
  /** "continued", "cont'd" near the top: an explicit continuation. */
  readonly continuedCue: boolean;
  /** Identifier-like tokens (policy, claim, invoice numbers) in the header region. */
  readonly headerIdentifiers: ReadonlySet<string>;
  /** Identifier-like tokens anywhere on the page. */
  readonly identifiers: ReadonlySet<string>;
  /** Header-region words with digits masked, for "same letterhead continues" comparisons. */
  readonly headerTokens: ReadonlySet<string>;
  /** Words on the page; blank pages carry no evidence either way. */
  readonly wordCount: number;
}

/** Top share of the page treated as its header. */
const HEADER_REGION = 0.2;

/** OCR reads 1 as l or I often enough that the page marker must tolerate it. */
const PAGE_OF = /\b(?:page|pg\.?)\s*([0-9lI]{1,3})\s*(?:of|\/)\s*([0-9lI]{1,3})\b/i;
const PAGE_ONLY = /\b(?:page|pg\.?)\s*([0-9]{1,3})\b(?!\s*(?:of|\/))/i;

function ocrDigits(text: string): number {
  return Number.parseInt(text.replace(/[lI]/g, '1'), 10);
}

/**
 * Tokens that look like reference numbers: at least five characters, containing a digit, not a
 * date, phone number or amount. Those stay constant across the pages of one document.
 */
export function identifierTokens(text: string): Set<string> {
  const result = new Set<string>();
  for (const raw of text.split(/\s+/)) {
    const token = raw.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '').toUpperCase();
    if (token.length < 5 || !/\d/.test(token)) continue;
    if (/^[A-Z0-9][A-Z0-9-]*$/.test(token) === false) continue;
    if (/^\d{1,4}-\d{1,2}-\d{1,4}$/.test(token)) continue;
    if (/^\d{3}-\d{3}-\d{4}$/.test(token)) continue;
    if (/^\d{5}(-\d{4})?$/.test(token)) continue;
    result.add(token);
  }
  return result;
}

export function pageContinuitySignals(page: TextPage): PageContinuitySignals {
  const lines = groupLines(page);
  const text = lines.map((l) => l.text).join('\n');
  const headerLines = lines.filter((l) => l.box.y1 <= HEADER_REGION);
  const headerText = headerLines.map((l) => l.text).join(' ');

  let pageOf: PageOfMarker | undefined;
  const full = PAGE_OF.exec(text);
  if (full) {
    const index = ocrDigits(full[1]);
    const total = ocrDigits(full[2]);
    if (index >= 1 && total >= index) pageOf = { index, total };
  } else {
    const only = PAGE_ONLY.exec(text);
    if (only) pageOf = { index: Number.parseInt(only[1], 10) };
  }

  const topText = lines
    .filter((l) => l.box.y1 <= HEADER_REGION + 0.1)
    .map((l) => l.text)
    .join(' ');
  return {
    pageNumber: page.pageNumber,
    pageOf,
    continuedCue: /\b(continued|cont'?d|continuation)\b/i.test(topText),
    headerIdentifiers: identifierTokens(headerText),
    identifiers: identifierTokens(text),
    headerTokens: new Set(tokenise(headerText).map((t) => (/\d/.test(t) ? '#' : t))),
    wordCount: page.words.length,
  };
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const value of a) if (b.has(value)) shared += 1;
  return shared / (a.size + b.size - shared);
}
