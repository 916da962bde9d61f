/**
 * An expected node failure: a code for the execution record and a message fit for the API.
 * `retryable` says whether another attempt could succeed (a timeout might; a bad expression
 * will not), which becomes the activity's retry decision. Workflow code throws it too (the pure
 * nodes), so this module stays free of I/O.
 */
export class NodeError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'NodeError';
  }
}
