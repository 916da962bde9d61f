import type { ClassDefinition, ClassScore } from '../classification/classification.types';
import type { HostedClassifier } from '../classification/document-classifier';
import type { TextPage } from '../text-layer/text-layer.types';
import { renderDocumentText } from './document-text.renderer';
import { HostedModelException, HostedModelExceptionCode } from './hosted-model.exception';
import type { HostedModelProvider } from './hosted-model.provider';

export interface HostedClassifierOptions {
  readonly signal?: AbortSignal;
  /** Classification needs the first pages only; default 8000 characters. */
  readonly maxInputCharacters?: number;
}

/** Adapts a provider to the classifier's hosted method. */
export function createHostedClassifier(
  provider: HostedModelProvider,
  options: HostedClassifierOptions = {},
): HostedClassifier {
  return async (
    pages: readonly TextPage[],
    classes: readonly ClassDefinition[],
  ): Promise<ClassScore[]> => {
    const labels = classes.map((c) => c.label);
    const catalogue = classes.map((c) => `- ${c.label}: ${c.description ?? ''}`.trim()).join('\n');
    const completion = await provider.completeStructured(
      {
        purpose: 'classify',
        instructions: `Classify the insurance document into exactly one of these classes, or null if none fits:\n${catalogue}`,
        input: renderDocumentText(pages, options.maxInputCharacters ?? 8000),
        schemaName: 'document_class',
        schema: {
          type: 'object',
          properties: {
            label: { type: ['string', 'null'], enum: [...labels, null] },
            confidence: { type: 'number', description: 'Probability 0..1 that the label is right' },
          },
          required: ['label', 'confidence'],
          additionalProperties: false,
        },
      },
      { signal: options.signal },
    );
    const value = completion.value as { label?: unknown; confidence?: unknown } | null;
    const label = value?.label;
    const confidence = value?.confidence;
    if (
      (label !== null && (typeof label !== 'string' || !labels.includes(label))) ||
      typeof confidence !== 'number'
    ) {
      throw new HostedModelException(
        'Model answered with an unknown class',
        HostedModelExceptionCode.INVALID_RESPONSE,
      );
    }
    const clamped = Math.min(1, Math.max(0, confidence));
    return labels
      .map((l) => ({ label: l, confidence: l === label ? clamped : 0 }))
      .sort((a, b) => b.confidence - a.confidence);
  };
}
