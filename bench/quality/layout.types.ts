import type { SeededRandom } from './seeded-random';
import type {
  DocumentTruth,
  DocumentType,
  LayoutPage,
  LayoutSet,
} from './synthetic-document.types';
import type { TextMeasurer } from './text-measurer';

export interface LayoutResult {
  readonly pages: LayoutPage[];
  readonly truth: DocumentTruth;
}

/** One visual design of a document type. */
export interface DocumentLayout {
  readonly id: string;
  readonly type: DocumentType;
  /** dev: used while building the engine; eval: held out, only measured. */
  readonly set: LayoutSet;
  /** `size` scales content (line items, claims) for multi-page documents. */
  build(rng: SeededRandom, measure: TextMeasurer, size: 'short' | 'long'): LayoutResult;
}
