/**
 * Runs work at the end of the current event-loop turn, all of a turn's work in one callback.
 *
 * Why: our clients' libraries (nats.js, ioredis with auto-pipelining) write what they buffered
 * at the next microtask or nextTick checkpoint, and Node passes one between every two I/O
 * callbacks. Under load, each request's publish or script call was therefore a socket write of
 * its own: write system calls were the largest single cost of a call in the profiles
 * (docs/benchmarks.md). Queued here, the work of every request read in the same turn is started
 * in one callback (setImmediate, after the turn's I/O callbacks), so the library writes it all
 * at once. Nothing waits for a timer: work queued alone still starts within the same turn.
 */
export class TurnEndQueue {
  private queued: Array<() => void> = [];

  /** `work` starts at the end of this turn; its result or error is the returned promise's. */
  run<T>(work: () => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queued.push(() => {
        try {
          Promise.resolve(work()).then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      });
      if (this.queued.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const queued = this.queued;
    this.queued = [];
    for (const start of queued) start();
  }
}
