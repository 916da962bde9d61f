import {
  DocumentIntelligenceException,
  DocumentIntelligenceExceptionCode,
} from '../common/document-intelligence.exception';
import type { ClassifierModelStore } from './classifier-model.store';
import {
  createNaiveBayesModel,
  type LabelledExample,
  type NaiveBayesModel,
  parseNaiveBayesModel,
  trainNaiveBayes,
} from './naive-bayes-classifier';

export interface ClassifierFeedbackOptions {
  /** Reload-and-retry attempts after a version conflict. Default 3. */
  readonly maxAttempts?: number;
  readonly now?: () => Date;
}

function isConflict(error: unknown): boolean {
  return (
    error instanceof DocumentIntelligenceException &&
    error.code === DocumentIntelligenceExceptionCode.MODEL_VERSION_CONFLICT
  );
}

/**
 * Adds reviewer confirmations and corrections to a project's model: load, train, save with the
 * loaded version, and on a conflict start again from the newer stored model, so concurrent
 * reviews both land. Returns the saved model.
 */
export async function applyClassifierFeedback(
  store: ClassifierModelStore,
  projectId: string,
  examples: readonly LabelledExample[],
  options: ClassifierFeedbackOptions = {},
): Promise<NaiveBayesModel> {
  const maxAttempts = options.maxAttempts ?? 3;
  for (let attempt = 1; ; attempt += 1) {
    const stored = await store.load(projectId);
    // Parse even trusted storage: a model written by an older format must fail loudly here.
    const current = stored === null ? createNaiveBayesModel() : parseNaiveBayesModel(stored);
    const next = trainNaiveBayes(current, examples, options.now?.() ?? new Date());
    try {
      await store.save(projectId, next, current.version);
      return next;
    } catch (error) {
      if (!isConflict(error) || attempt >= maxAttempts) throw error;
    }
  }
}
