import type { CornerBox } from '@docket/platform';
export interface WeightedKeyword {
  readonly term: string;
  /** Default 1. Title-like terms ("First Notice of Loss") deserve more than generic ones. */
  readonly weight?: number;
}

export interface WeightedPattern {
  /** A JavaScript regular expression source, matched case-insensitively. */
  readonly pattern: string;
  readonly weight?: number;
}

export interface ClassDefinition {
  readonly label: string;
  readonly description?: string;
  readonly keywords?: ReadonlyArray<string | WeightedKeyword>;
  readonly patterns?: ReadonlyArray<string | WeightedPattern>;
}

export type LocalClassificationMethod = 'rules' | 'model';
export type ClassificationMethod = LocalClassificationMethod | 'hosted';

/** Per-node classification settings. */
export interface ClassificationConfig {
  readonly classes: readonly ClassDefinition[];
  /**
   * Methods to combine, in order of preference. Scores of all listed methods that are available
   * are averaged with `methodWeights`; a method that cannot run (no model trained yet) is skipped.
   */
  readonly methods: readonly ClassificationMethod[];
  readonly methodWeights?: Partial<Record<ClassificationMethod, number>>;
  /** Below this the label is null ("unclassified"). Default 0.5. */
  readonly minConfidence?: number;
}

export interface ClassScore {
  readonly label: string;
  /** 0..1; the scores of one result sum to at most 1 (the remainder is "none of these"). */
  readonly confidence: number;
}

export interface ClassificationResult {
  /** Null when no class reaches the configured minimum confidence. */
  readonly label: string | null;
  readonly confidence: number;
  /** Every configured class, best first. */
  readonly scores: readonly ClassScore[];
  readonly methods: readonly ClassificationMethod[];
}

export interface PageClassification extends ClassificationResult {
  readonly pageNumber: number;
}

export interface DocumentClassification extends ClassificationResult {
  readonly pages: readonly PageClassification[];
}

/** Where a rule fired; kept so reviewers can see why a page got its class. */
export interface RuleEvidence {
  readonly label: string;
  readonly term: string;
  readonly pageNumber: number;
  readonly box?: CornerBox;
  readonly weight: number;
}
