import { HostedModelException } from '@docket/document-intelligence';

import { NodeError } from '../node-error';

/**
 * A hosted model's failure as the node's: timeouts, 429, 5xx and malformed answers are retried
 * by the activity's retry policy; a refused key, a bad request or a truncated answer are not.
 */
export function hostedModelFailure(error: unknown): unknown {
  if (!(error instanceof HostedModelException)) return error;
  return new NodeError(
    `HOSTED_MODEL_${error.code}`,
    `The hosted model failed: ${error.message}`,
    error.retryable,
  );
}
