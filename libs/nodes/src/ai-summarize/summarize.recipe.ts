import {
  ItemSummary,
  ItemSummaryInput,
  summariseItem,
  summariseWithProvider,
  SummaryOptions,
} from '@docket/document-intelligence';

import type { HostedEngine } from '../hosted/hosted-engine';
import type { SummarizeConfig } from './summarize.node';

/**
 * The ai.summarize recipe: the configuration's templates, or a hosted model that writes the
 * summary from the item's classes and fields ("primary": always; "fallback": when no template
 * covers any of the item's classes, where the templates would only list the fields).
 */
export function summariseWithConfig(
  input: ItemSummaryInput,
  config: SummarizeConfig,
  hosted?: HostedEngine,
): Promise<ItemSummary> {
  const templated = input.documents.some(
    (document) => document.label !== null && config.templates?.[document.label] !== undefined,
  );
  if (hosted && (hosted.mode === 'primary' || !templated)) {
    return summariseWithProvider(hosted.provider, input, { signal: hosted.signal });
  }
  const options: SummaryOptions = { templates: config.templates, classNames: config.classNames };
  return Promise.resolve(summariseItem(input, options));
}
