import type { HostedModelProvider } from '@docket/document-intelligence';

import type { HostedModelMode } from './hosted-model.config';

/** A hosted model for a recipe, and how it shares the work with rules and layout memory. */
export interface HostedEngine {
  readonly provider: HostedModelProvider;
  readonly mode: HostedModelMode;
  readonly signal?: AbortSignal;
}
