import type { HostedModelMode } from '@docket/contracts';
import type { HostedModelProvider } from '@docket/document-intelligence';

/** A hosted model for a recipe, and how it shares the work with rules and layout memory. */
export interface HostedEngine {
  readonly provider: HostedModelProvider;
  readonly mode: HostedModelMode;
  readonly signal?: AbortSignal;
}
