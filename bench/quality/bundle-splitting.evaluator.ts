import { type NaiveBayesModel, splitDocuments, type TextPage } from '@docket/document-intelligence';

import { CLASSIFICATION } from './insurance-node.config';
import type { SeededRandom } from './seeded-random';
import type { DocumentType } from './synthetic-document.types';

export interface BundleSource {
  readonly type: DocumentType;
  readonly pages: readonly TextPage[];
}

export interface SplitEvaluation {
  readonly bundles: number;
  readonly pages: number;
  /** Boundaries are page indexes where a document starts (the first page excluded). */
  readonly boundaryTp: number;
  readonly boundaryFp: number;
  readonly boundaryFn: number;
  /** Documents whose exact page range was recovered. */
  readonly exactSegments: number;
  readonly trueSegments: number;
  /** Of the exactly recovered documents, how many got the right class. */
  readonly correctlyClassifiedSegments: number;
}

/**
 * Concatenates the text layers of several documents (as if scanned as one file), splits them,
 * and compares the page ranges with the truth.
 */
export function evaluateSplitting(
  sources: readonly BundleSource[],
  rng: SeededRandom,
  model: NaiveBayesModel | null,
): SplitEvaluation {
  const shuffled = rng.shuffle(sources);
  const result = {
    bundles: 0,
    pages: 0,
    boundaryTp: 0,
    boundaryFp: 0,
    boundaryFn: 0,
    exactSegments: 0,
    trueSegments: 0,
    correctlyClassifiedSegments: 0,
  };
  for (let start = 0; start < shuffled.length;) {
    const size = Math.min(rng.int(3, 5), shuffled.length - start);
    const members = shuffled.slice(start, start + size);
    start += size;
    const pages: TextPage[] = [];
    const truth: Array<{ start: number; end: number; type: DocumentType }> = [];
    for (const member of members) {
      const first = pages.length + 1;
      member.pages.forEach((page) => pages.push({ ...page, pageNumber: pages.length + 1 }));
      truth.push({ start: first, end: pages.length, type: member.type });
    }
    const { segments } = splitDocuments(pages, CLASSIFICATION, { model });
    const trueStarts = new Set(truth.slice(1).map((t) => t.start));
    const predictedStarts = new Set(segments.slice(1).map((s) => s.startPage));
    for (const s of predictedStarts)
      if (trueStarts.has(s)) result.boundaryTp += 1;
      else result.boundaryFp += 1;
    for (const s of trueStarts) if (!predictedStarts.has(s)) result.boundaryFn += 1;
    for (const t of truth) {
      const match = segments.find((s) => s.startPage === t.start && s.endPage === t.end);
      if (!match) continue;
      result.exactSegments += 1;
      if (match.label === t.type) result.correctlyClassifiedSegments += 1;
    }
    result.trueSegments += truth.length;
    result.bundles += 1;
    result.pages += pages.length;
  }
  return result;
}
