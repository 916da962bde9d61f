// Errors the runner reports to its parent. `code` is one of the ProcessingError codes
// (errors/processing-error.ts); the parent maps unknown codes to PROCESSING_FAILED.
export class RunnerError extends Error {
  /**
   * @param {string} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/**
 * Translates whatever a document library threw into a RunnerError. Failures while reading a
 * document are almost always caused by the document, so the default is CORRUPT_FILE.
 * @param {unknown} error
 * @returns {RunnerError}
 */
export function toRunnerError(error) {
  if (error instanceof RunnerError) return error;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    return new RunnerError('ENCRYPTED_DOCUMENT', 'the PDF is password-protected');
  }
  if (/exceeded maximum allowed size/i.test(message)) {
    return new RunnerError(
      'TOO_LARGE',
      `the document contains an image that is too large: ${message}`,
    );
  }
  return new RunnerError('CORRUPT_FILE', `the document cannot be read: ${message}`);
}
