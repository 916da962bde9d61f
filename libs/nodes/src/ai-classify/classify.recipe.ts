import type { AiClassifyMethod } from '@docket/contracts';
import {
  ClassificationConfig,
  classifyDocument,
  createHostedClassifier,
  DocumentClassification,
  isNaiveBayesModelUsable,
  NaiveBayesModel,
  TextPage,
} from '@docket/document-intelligence';

import type { HostedEngine } from '../hosted/hosted-engine';
import type { ClassifyConfig } from './classify.node';

/** Rules and the project's learned model, unless the configuration (or a preview) says which. */
export const DEFAULT_CLASSIFY_METHODS: readonly AiClassifyMethod[] = ['rules', 'model'];

/** A document's class as an ai.classify node decides it, and which learned model took part. */
export interface ClassifyOutcome extends DocumentClassification {
  /** The learned model's version when it took part, else 0. */
  readonly modelVersion: number;
}

/** An ai.classify node ready to classify documents: its methods and the model they need. */
export interface ClassifyRecipe {
  readonly methods: readonly AiClassifyMethod[];
  classify(pages: readonly TextPage[]): Promise<ClassifyOutcome>;
}

/**
 * The ai.classify recipe, the same for a run and for the builder's preview: `methods` (a
 * preview's override, else the configuration's, else rules and model) decide whether the
 * project's model is loaded; a model that cannot classify yet (under two classes) is skipped.
 * A hosted model classifies alone ("primary") or what the local methods leave ("fallback").
 */
export async function prepareClassify(
  config: ClassifyConfig,
  loadModel: () => Promise<NaiveBayesModel | null>,
  methodsOverride?: readonly AiClassifyMethod[],
  hosted?: HostedEngine,
): Promise<ClassifyRecipe> {
  const methods = [...new Set(methodsOverride ?? config.methods ?? DEFAULT_CLASSIFY_METHODS)];
  const stored = methods.includes('model') ? await loadModel() : null;
  const model = stored && isNaiveBayesModelUsable(stored) ? stored : null;
  const classification: ClassificationConfig = {
    classes: config.classes,
    methods,
    minConfidence: config.minConfidence,
  };
  const byHosted = hosted && {
    config: { ...classification, methods: ['hosted' as const] },
    resources: { hosted: createHostedClassifier(hosted.provider, { signal: hosted.signal }) },
  };
  return {
    methods,
    async classify(pages) {
      // A hosted model in "primary" decides alone; in "fallback" only what the others leave.
      if (byHosted && hosted.mode === 'primary') {
        return {
          ...(await classifyDocument(pages, byHosted.config, byHosted.resources)),
          modelVersion: 0,
        };
      }
      const result = await classifyDocument(pages, classification, { model });
      if (byHosted && result.label === null) {
        return {
          ...(await classifyDocument(pages, byHosted.config, byHosted.resources)),
          modelVersion: 0,
        };
      }
      const modelVersion = result.methods.includes('model') && model ? model.version : 0;
      return { ...result, modelVersion };
    },
  };
}
