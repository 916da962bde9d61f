import type { DocumentLayout } from './layout.types';
import { ALL_LAYOUTS } from './layouts/layout.registry';
import { SeededRandom } from './seeded-random';
import type { GeneratedDocument, LayoutSet } from './synthetic-document.types';
import type { TextMeasurer } from './text-measurer';

export interface GenerationRequest {
  readonly set: LayoutSet;
  readonly perLayout: number;
  /** Share of documents built long enough to run over several pages. */
  readonly longShare: number;
  readonly seed: number;
}

/** Deterministic documents for every layout of a set; `seed` separates training from test data. */
export function generateDocuments(
  request: GenerationRequest,
  measure: TextMeasurer,
  layouts: readonly DocumentLayout[] = ALL_LAYOUTS,
): GeneratedDocument[] {
  const documents: GeneratedDocument[] = [];
  layouts
    .filter((layout) => layout.set === request.set)
    .forEach((layout, layoutIndex) => {
      const rng = new SeededRandom(request.seed * 7919 + layoutIndex * 104729);
      const longCount = Math.round(request.perLayout * request.longShare);
      for (let i = 0; i < request.perLayout; i += 1) {
        const size = i < longCount ? 'long' : 'short';
        const built = layout.build(rng.fork(i), measure, size);
        documents.push({
          id: `${layout.id}-${request.seed}-${i}`,
          type: layout.type,
          layoutId: layout.id,
          layoutSet: layout.set,
          pages: built.pages,
          truth: built.truth,
        });
      }
    });
  return documents;
}
