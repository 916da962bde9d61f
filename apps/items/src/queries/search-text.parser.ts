import { SEARCH_PREFIXES } from '@docket/contracts';

export type SearchPrefix = (typeof SEARCH_PREFIXES)[number];

export interface ParsedSearchText {
  /** Free words and "quoted phrases" left after the prefixes, for full-text search. */
  words: string;
  /** Prefix values in the order given; a prefix may repeat (each one narrows further). */
  prefixes: Array<{ prefix: SearchPrefix; value: string }>;
}

// prefix:"quoted value" | prefix:value | "quoted phrase" | word
const TOKEN = /([a-z-]+):"([^"]*)"?|([a-z-]+):(\S*)|"([^"]*)"?|(\S+)/gi;

function isPrefix(candidate: string): candidate is SearchPrefix {
  return (SEARCH_PREFIXES as readonly string[]).includes(candidate);
}

/**
 * Splits searchText into the specification's prefixes (`flow:`, `flow-id:`, `summary:`,
 * `insight:`, `field-value:`, `id:`, `display-id:`, `name:`, `reviewer:`, `date:`) and the free
 * words around them. A value runs to the next space unless quoted. Anything that only looks
 * like a prefix (`http://…`, `note:`) stays free text. Values are checked by the caller.
 */
export function parseSearchText(text: string): ParsedSearchText {
  const prefixes: ParsedSearchText['prefixes'] = [];
  const words: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const [whole, quotedPrefix, quotedValue, barePrefix, bareValue, phrase] = match;
    const name = (quotedPrefix ?? barePrefix)?.toLowerCase();
    if (name !== undefined && isPrefix(name)) {
      prefixes.push({ prefix: name, value: (quotedValue ?? bareValue ?? '').trim() });
    } else if (phrase !== undefined) {
      if (phrase.trim()) words.push(`"${phrase.trim()}"`);
    } else {
      words.push(whole);
    }
  }
  return { words: words.join(' '), prefixes };
}
