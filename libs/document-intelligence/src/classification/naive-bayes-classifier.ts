import {
  DocumentIntelligenceException,
  DocumentIntelligenceExceptionCode,
} from '../common/document-intelligence.exception';
import type { TextPage } from '../text-layer/text-layer.types';
import type { ClassScore } from './classification.types';
import { documentFeatures } from './classification-features';

export const NAIVE_BAYES_MODEL_KIND = 'multinomial-naive-bayes';
export const NAIVE_BAYES_FORMAT_VERSION = 1;

export interface NaiveBayesClassStatistics {
  /** Training documents seen for the class. */
  readonly documents: number;
  /** Sum of `features` values; kept so prediction need not re-add them. */
  readonly featureTotal: number;
  readonly features: Readonly<Record<string, number>>;
}

/**
 * A multinomial naive Bayes model over binary token features. It stores raw counts, not
 * probabilities, so one reviewer's confirmation can be added (or a correction moved between
 * classes) without the original training set. Plain JSON: stored per project as is.
 */
export interface NaiveBayesModel {
  readonly kind: typeof NAIVE_BAYES_MODEL_KIND;
  readonly formatVersion: typeof NAIVE_BAYES_FORMAT_VERSION;
  /** Incremented by every training call; the store's optimistic-concurrency token. */
  readonly version: number;
  readonly smoothing: number;
  readonly vocabularySize: number;
  readonly classes: Readonly<Record<string, NaiveBayesClassStatistics>>;
  readonly updatedAt: string;
}

export interface LabelledExample {
  readonly pages: readonly TextPage[];
  readonly label: string;
  /**
   * The label this document was previously trained under, when a reviewer corrects an earlier
   * confirmation. Its counts move from that class to `label`.
   */
  readonly replacesLabel?: string;
}

export interface NaiveBayesOptions {
  /** Additive (Laplace) smoothing. */
  readonly smoothing?: number;
}

export function createNaiveBayesModel(options: NaiveBayesOptions = {}): NaiveBayesModel {
  return {
    kind: NAIVE_BAYES_MODEL_KIND,
    formatVersion: NAIVE_BAYES_FORMAT_VERSION,
    version: 0,
    smoothing: options.smoothing ?? 1,
    vocabularySize: 0,
    classes: {},
    updatedAt: new Date(0).toISOString(),
  };
}

type MutableClass = { documents: number; featureTotal: number; features: Record<string, number> };

function addCounts(target: MutableClass, features: ReadonlySet<string>, sign: 1 | -1): void {
  if (sign === -1 && target.documents === 0) return;
  target.documents += sign;
  for (const feature of features) {
    const next = (target.features[feature] ?? 0) + sign;
    // Clamp: removing an example that was never added must not create negative evidence.
    if (next <= 0) delete target.features[feature];
    else target.features[feature] = next;
  }
  target.featureTotal = Object.values(target.features).reduce((a, b) => a + b, 0);
}

/**
 * Returns a new model with the examples added and `version` incremented; the input is not
 * modified, so a failed save leaves the caller's copy intact for a retry.
 */
export function trainNaiveBayes(
  model: NaiveBayesModel,
  examples: readonly LabelledExample[],
  now: Date = new Date(),
): NaiveBayesModel {
  const classes: Record<string, MutableClass> = {};
  for (const [label, stats] of Object.entries(model.classes)) {
    classes[label] = {
      documents: stats.documents,
      featureTotal: stats.featureTotal,
      features: { ...stats.features },
    };
  }
  const ensure = (label: string): MutableClass =>
    (classes[label] ??= { documents: 0, featureTotal: 0, features: {} });

  for (const example of examples) {
    const features = documentFeatures(example.pages);
    if (example.replacesLabel !== undefined && example.replacesLabel !== example.label) {
      const previous = classes[example.replacesLabel];
      if (previous) addCounts(previous, features, -1);
    }
    addCounts(ensure(example.label), features, 1);
  }

  const vocabulary = new Set<string>();
  for (const stats of Object.values(classes)) {
    for (const feature of Object.keys(stats.features)) vocabulary.add(feature);
  }
  return {
    ...model,
    version: model.version + 1,
    vocabularySize: vocabulary.size,
    classes,
    updatedAt: now.toISOString(),
  };
}

/** True when the model has seen at least one example of at least two classes. */
export function isNaiveBayesModelUsable(model: NaiveBayesModel): boolean {
  return Object.values(model.classes).filter((c) => c.documents > 0).length >= 2;
}

/**
 * Posterior class probabilities for the given labels. Naive Bayes multiplies hundreds of
 * correlated feature likelihoods as if independent, which pushes posteriors to 0 or 1; dividing
 * the log-likelihood by a temperature that grows with the number of features gives confidences
 * that still rank correctly but leave room for "unsure".
 */
export function predictNaiveBayes(
  model: NaiveBayesModel,
  pages: readonly TextPage[],
  labels: readonly string[],
): ClassScore[] {
  const features = documentFeatures(pages);
  const totalDocuments = labels.reduce((sum, l) => sum + (model.classes[l]?.documents ?? 0), 0);
  const known = [...features].filter((f) =>
    labels.some((label) => (model.classes[label]?.features[f] ?? 0) > 0),
  );
  const temperature = Math.max(1, known.length / 10);
  const alpha = model.smoothing;
  const vocabulary = Math.max(1, model.vocabularySize);

  const logScores = labels.map((label) => {
    const stats = model.classes[label];
    if (!stats || stats.documents === 0) return -Infinity;
    const prior = Math.log((stats.documents + alpha) / (totalDocuments + alpha * labels.length));
    const denominator = Math.log(stats.featureTotal + alpha * vocabulary);
    let likelihood = 0;
    for (const feature of known) {
      likelihood += Math.log((stats.features[feature] ?? 0) + alpha) - denominator;
    }
    return prior + likelihood / temperature;
  });

  const max = Math.max(...logScores);
  if (!Number.isFinite(max)) return labels.map((label) => ({ label, confidence: 0 }));
  const masses = logScores.map((s) => (Number.isFinite(s) ? Math.exp(s - max) : 0));
  const total = masses.reduce((a, b) => a + b, 0);
  return labels
    .map((label, i) => ({ label, confidence: masses[i] / total }))
    .sort((a, b) => b.confidence - a.confidence);
}

export function serialiseNaiveBayesModel(model: NaiveBayesModel): string {
  return JSON.stringify(model);
}

function invalid(reason: string): never {
  throw new DocumentIntelligenceException(
    `Stored classifier model is invalid: ${reason}`,
    DocumentIntelligenceExceptionCode.INVALID_MODEL,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonNegative(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    invalid(`${what} must be a non-negative number`);
  return value;
}

/** Validates stored JSON (a string or an already parsed value) back into a model. */
export function parseNaiveBayesModel(input: unknown): NaiveBayesModel {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      invalid('not JSON');
    }
  }
  if (!isRecord(value)) invalid('not an object');
  if (value.kind !== NAIVE_BAYES_MODEL_KIND) invalid(`unknown kind ${String(value.kind)}`);
  if (value.formatVersion !== NAIVE_BAYES_FORMAT_VERSION) {
    invalid(`unsupported format version ${String(value.formatVersion)}`);
  }
  if (!Number.isInteger(value.version) || (value.version as number) < 0)
    invalid('version must be a non-negative integer');
  if (!isRecord(value.classes)) invalid('classes must be an object');
  const classes: Record<string, NaiveBayesClassStatistics> = {};
  for (const [label, stats] of Object.entries(value.classes)) {
    if (!isRecord(stats) || !isRecord(stats.features)) invalid(`class ${label} is malformed`);
    const features: Record<string, number> = {};
    for (const [feature, count] of Object.entries(stats.features)) {
      features[feature] = nonNegative(count, `count of ${feature}`);
    }
    classes[label] = {
      documents: nonNegative(stats.documents, `documents of ${label}`),
      featureTotal: nonNegative(stats.featureTotal, `featureTotal of ${label}`),
      features,
    };
  }
  return {
    kind: NAIVE_BAYES_MODEL_KIND,
    formatVersion: NAIVE_BAYES_FORMAT_VERSION,
    version: value.version as number,
    smoothing: value.smoothing === undefined ? 1 : nonNegative(value.smoothing, 'smoothing'),
    vocabularySize: nonNegative(value.vocabularySize, 'vocabularySize'),
    classes,
    updatedAt: typeof value.updatedAt === 'string' ? value.updatedAt : new Date(0).toISOString(),
  };
}
