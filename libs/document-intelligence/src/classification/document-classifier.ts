import {
  DocumentIntelligenceException,
  DocumentIntelligenceExceptionCode,
} from '../common/document-intelligence.exception';
import type { TextPage } from '../text-layer/text-layer.types';
import type {
  ClassDefinition,
  ClassificationConfig,
  ClassificationMethod,
  ClassificationResult,
  ClassScore,
  DocumentClassification,
  PageClassification,
} from './classification.types';
import { KeywordClassifier } from './keyword-classifier';
import {
  isNaiveBayesModelUsable,
  type NaiveBayesModel,
  predictNaiveBayes,
} from './naive-bayes-classifier';

/** Scores from a hosted model; implemented in the hosted module and injected here. */
export type HostedClassifier = (
  pages: readonly TextPage[],
  classes: readonly ClassDefinition[],
) => Promise<ClassScore[]>;

export interface ClassifierResources {
  /** The project's learned model; the `model` method is skipped while it is absent or untrained. */
  readonly model?: NaiveBayesModel | null;
  readonly hosted?: HostedClassifier;
}

const DEFAULT_MIN_CONFIDENCE = 0.5;

function validate(config: ClassificationConfig): void {
  if (config.classes.length === 0) {
    throw new DocumentIntelligenceException(
      'Classification needs at least one class',
      DocumentIntelligenceExceptionCode.INVALID_CONFIGURATION,
    );
  }
  const labels = new Set(config.classes.map((c) => c.label));
  if (labels.size !== config.classes.length) {
    throw new DocumentIntelligenceException(
      'Class labels must be unique',
      DocumentIntelligenceExceptionCode.INVALID_CONFIGURATION,
    );
  }
  if (config.methods.length === 0) {
    throw new DocumentIntelligenceException(
      'Classification needs at least one method',
      DocumentIntelligenceExceptionCode.INVALID_CONFIGURATION,
    );
  }
}

/** Weighted mean of each method's per-class scores. */
export function combineScores(
  labels: readonly string[],
  runs: ReadonlyArray<{ method: ClassificationMethod; scores: readonly ClassScore[] }>,
  weights: Partial<Record<ClassificationMethod, number>> = {},
): ClassScore[] {
  const totalWeight = runs.reduce((sum, run) => sum + (weights[run.method] ?? 1), 0);
  return labels
    .map((label) => {
      const weighted = runs.reduce((sum, run) => {
        const score = run.scores.find((s) => s.label === label)?.confidence ?? 0;
        return sum + score * (weights[run.method] ?? 1);
      }, 0);
      return { label, confidence: totalWeight > 0 ? weighted / totalWeight : 0 };
    })
    .sort((a, b) => b.confidence - a.confidence);
}

type MethodRun = { method: ClassificationMethod; scores: readonly ClassScore[] };

function localRuns(
  pages: readonly TextPage[],
  config: ClassificationConfig,
  model: NaiveBayesModel | null | undefined,
): MethodRun[] {
  const labels = config.classes.map((c) => c.label);
  const runs: MethodRun[] = [];
  if (config.methods.includes('rules')) {
    runs.push({
      method: 'rules',
      scores: new KeywordClassifier(config.classes).classify(pages).scores,
    });
  }
  if (config.methods.includes('model') && model && isNaiveBayesModelUsable(model)) {
    runs.push({ method: 'model', scores: predictNaiveBayes(model, pages, labels) });
  }
  return runs;
}

function resultOf(config: ClassificationConfig, runs: readonly MethodRun[]): ClassificationResult {
  const labels = config.classes.map((c) => c.label);
  const scores = combineScores(labels, runs, config.methodWeights);
  const best = scores[0];
  const minConfidence = config.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  return {
    label: best && best.confidence >= minConfidence ? best.label : null,
    confidence: best?.confidence ?? 0,
    scores,
    methods: runs.map((r) => r.method),
  };
}

/**
 * Classifies with the rules and the learned model (the synchronous, local methods). Used for
 * per-page classification, where a hosted call per page would cost too much.
 */
export function classifyLocally(
  pages: readonly TextPage[],
  config: ClassificationConfig,
  model?: NaiveBayesModel | null,
): ClassificationResult {
  validate(config);
  return resultOf(config, localRuns(pages, config, model));
}

export function classifyPages(
  pages: readonly TextPage[],
  config: ClassificationConfig,
  model?: NaiveBayesModel | null,
): PageClassification[] {
  validate(config);
  return pages.map((page) => ({
    ...resultOf(config, localRuns([page], config, model)),
    pageNumber: page.pageNumber,
  }));
}

/**
 * Document-level class (all pages together, plus the hosted model when configured) and a class
 * per page. Pages use only the local methods; when none is available they inherit the
 * document's result.
 */
export async function classifyDocument(
  pages: readonly TextPage[],
  config: ClassificationConfig,
  resources: ClassifierResources = {},
): Promise<DocumentClassification> {
  validate(config);
  const runs = localRuns(pages, config, resources.model);
  const pagesHaveLocalMethod = runs.length > 0;
  if (config.methods.includes('hosted') && resources.hosted) {
    runs.push({ method: 'hosted', scores: await resources.hosted(pages, config.classes) });
  }
  const document = resultOf(config, runs);
  const pageResults = pagesHaveLocalMethod
    ? classifyPages(pages, config, resources.model)
    : pages.map((page) => ({ ...document, pageNumber: page.pageNumber }));
  return { ...document, pages: pageResults };
}
