/**
 * Thrown by an event handler whose event cannot be applied yet because it waits for another
 * (a run's end for its last step, say): the event comes back after `delayMs`, without the
 * warning and the growing back-off of a failure. It still counts toward `maxDeliver`, so a
 * handler that waits decides from `delivery.deliveryCount` when to stop waiting.
 */
export class RedeliverLater extends Error {
  constructor(
    readonly delayMs: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'RedeliverLater';
  }
}
