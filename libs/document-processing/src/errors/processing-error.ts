// One error type for everything this library refuses or fails to do, so that callers (the files
// service) can map a machine code to their own error registry without parsing messages.
export const PROCESSING_ERROR_CODES = {
  /** The file type is not one we process (by extension or content). */
  UNSUPPORTED_TYPE: 'UNSUPPORTED_TYPE',
  /** The extension promises one type, the bytes are another. */
  MAGIC_MISMATCH: 'MAGIC_MISMATCH',
  /** The content is malformed or truncated. */
  CORRUPT_FILE: 'CORRUPT_FILE',
  /** A zip archive has password-protected entries. */
  ENCRYPTED_ARCHIVE: 'ENCRYPTED_ARCHIVE',
  /** A PDF needs a password to open. */
  ENCRYPTED_DOCUMENT: 'ENCRYPTED_DOCUMENT',
  /** A PDF declares JavaScript. */
  ACTIVE_CONTENT: 'ACTIVE_CONTENT',
  /** A zip entry expands far more than its compressed size (compression-ratio cap). */
  ZIP_BOMB: 'ZIP_BOMB',
  /** Total unpacked bytes, or a page's pixel count, exceed a cap. */
  TOO_LARGE: 'TOO_LARGE',
  /** A container has more entries (files or attachments) than allowed. */
  TOO_MANY_ENTRIES: 'TOO_MANY_ENTRIES',
  /** An e-mail has more MIME parts than allowed. */
  TOO_MANY_PARTS: 'TOO_MANY_PARTS',
  /** A document has more pages than allowed. */
  TOO_MANY_PAGES: 'TOO_MANY_PAGES',
  /** Containers are nested deeper than allowed. */
  TOO_DEEP: 'TOO_DEEP',
  /** A zip entry is absolute, escapes with `..`, or is a symbolic link. */
  UNSAFE_PATH: 'UNSAFE_PATH',
  /** Page processing took longer than allowed. */
  TIMEOUT: 'TIMEOUT',
  /** Page processing ran out of memory. */
  RESOURCE_EXHAUSTED: 'RESOURCE_EXHAUSTED',
  /** The caller aborted page processing. */
  CANCELED: 'CANCELED',
  /** Anything else: a bug or an environment problem, not a property of the file. */
  PROCESSING_FAILED: 'PROCESSING_FAILED',
} as const;

export type ProcessingErrorCode =
  (typeof PROCESSING_ERROR_CODES)[keyof typeof PROCESSING_ERROR_CODES];

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(PROCESSING_ERROR_CODES));

export function isProcessingErrorCode(value: unknown): value is ProcessingErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

export class ProcessingError extends Error {
  override readonly name = 'ProcessingError';

  constructor(
    readonly code: ProcessingErrorCode,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isProcessingError(error: unknown): error is ProcessingError {
  return error instanceof ProcessingError;
}
