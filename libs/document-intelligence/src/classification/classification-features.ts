import type { CornerBox } from '@docket/platform';

import type { TextPage } from '../text-layer/text-layer.types';
import { labelTokens } from '../text-layer/text-normaliser';

export interface PageToken {
  readonly token: string;
  readonly pageNumber: number;
  readonly box: CornerBox;
}

/** Tokens of every word in reading order (as stored), each tied to its word's box. */
export function pageTokens(page: TextPage): PageToken[] {
  const tokens: PageToken[] = [];
  for (const word of page.words) {
    for (const token of labelTokens(word.text)) {
      tokens.push({ token, pageNumber: page.pageNumber, box: word.box });
    }
  }
  return tokens;
}

/** The top of a first page is where titles sit; tokens there are first-page cues. */
export const TITLE_REGION_BOTTOM = 0.3;

/**
 * Identifiers and amounts differ between every document of a class, so each would be a feature
 * seen once. Their shape ("has digits") generalises; the exact value would only add noise.
 */
function tokenShape(token: string): string {
  if (/^\d+$/.test(token)) return `<num${Math.min(token.length, 5)}>`;
  if (/\d/.test(token)) return '<alnum>';
  return token;
}

/**
 * Binary bag of unigrams and bigrams plus title-region unigrams. Presence rather than counts:
 * a long loss run repeating "claim" fifty times should not drown the rest of the evidence.
 */
export function documentFeatures(pages: readonly TextPage[]): Set<string> {
  const features = new Set<string>();
  pages.forEach((page, pageIndex) => {
    const tokens = pageTokens(page);
    let previous: string | undefined;
    for (const { token, box } of tokens) {
      const shaped = tokenShape(token);
      features.add(shaped);
      if (previous !== undefined) features.add(`${previous} ${shaped}`);
      if (pageIndex === 0 && box.y1 <= TITLE_REGION_BOTTOM && !shaped.startsWith('<')) {
        features.add(`title:${shaped}`);
      }
      previous = shaped;
    }
  });
  return features;
}
