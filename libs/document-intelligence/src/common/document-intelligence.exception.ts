export const DocumentIntelligenceExceptionCode = {
  INVALID_CONFIGURATION: 'INVALID_CONFIGURATION',
  INVALID_MODEL: 'INVALID_MODEL',
  MODEL_VERSION_CONFLICT: 'MODEL_VERSION_CONFLICT',
} as const;

export type DocumentIntelligenceExceptionCode =
  (typeof DocumentIntelligenceExceptionCode)[keyof typeof DocumentIntelligenceExceptionCode];

/**
 * Errors in the caller's input or stored state. None of them is retryable as such, except a
 * version conflict, which callers resolve by reloading the model (see `applyClassifierFeedback`).
 */
export class DocumentIntelligenceException extends Error {
  constructor(
    message: string,
    readonly code: DocumentIntelligenceExceptionCode,
  ) {
    super(message);
    this.name = 'DocumentIntelligenceException';
  }
}
