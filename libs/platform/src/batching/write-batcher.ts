interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(reason: unknown): void;
}

/**
 * Group commit for many small writes (a read model's events, upload records): the calls that
 * arrive while a write is under way (or in the same turn of the event loop) are written
 * together, in one statement and one commit, and each caller's promise settles when the write
 * holding its item does, so nobody is answered before their row is committed. Under load the
 * batches grow, which is the point: the database pays for one statement and one commit per
 * batch, not per call.
 *
 * `writesInFlight` bounds the writes under way at once. One (the default) for writes that may
 * touch the same rows, so two batches never lock them in opposite orders; more for inserts of
 * new rows, so that a slow commit (an fsync) does not hold every other caller back.
 *
 * A batch that fails is written again item by item: one bad item (a value the database refuses)
 * then fails alone, and the others still land.
 *
 * A write may answer each item (one result per item, in the batch's order), e.g. whether its
 * change was applied; each caller's promise then resolves with its own item's result.
 */
export interface WriteBatcherOptions {
  /** Items per write at most (default 100). */
  maxBatch?: number;
  /** Writes under way at once at most (default 1). */
  writesInFlight?: number;
}

export class WriteBatcher<T, R = void> {
  private waiting: Waiting<T, R>[] = [];
  /** Every item added and not yet settled, for `settled()`. */
  private readonly unsettled = new Set<Promise<unknown>>();
  private inFlight = 0;
  private startScheduled = false;
  private readonly maxBatch: number;
  private readonly writesInFlight: number;

  constructor(
    private readonly write: (items: T[]) => Promise<void | readonly R[]>,
    options: WriteBatcherOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 100;
    this.writesInFlight = options.writesInFlight ?? 1;
  }

  /** Resolves once the item is written (with its result), rejects with its own write's error. */
  add(item: T): Promise<R> {
    const written = this.enqueue(item);
    const settled = written.then(
      () => undefined,
      () => undefined,
    );
    this.unsettled.add(settled);
    void settled.then(() => this.unsettled.delete(settled));
    return written;
  }

  /**
   * Resolves once every item added before the call is written or has failed: a writer whose
   * rows depend on this batcher's (a run's end on its steps) waits for them first.
   */
  settled(): Promise<void> {
    if (this.unsettled.size === 0) return Promise.resolve();
    return Promise.all([...this.unsettled]).then(() => undefined);
  }

  private enqueue(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.startScheduled && this.inFlight < this.writesInFlight) {
        this.startScheduled = true;
        // After the current turn: the other calls of the same network read join this batch.
        setImmediate(() => {
          this.startScheduled = false;
          this.startWrites();
        });
      }
      // Every writer busy: the calls wait for the first write to finish, and go together then.
    });
  }

  private startWrites(): void {
    while (this.waiting.length > 0 && this.inFlight < this.writesInFlight) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.inFlight += 1;
      void this.writeBatch(batch).then(() => {
        this.inFlight -= 1;
        this.startWrites();
      });
    }
  }

  /** Settles every caller of the batch; never rejects. */
  private async writeBatch(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await this.write(batch.map((w) => w.item));
      batch.forEach((w, index) => w.resolve(results?.[index] as R));
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
    }
    for (const w of batch) {
      await this.write([w.item]).then((results) => w.resolve(results?.[0] as R), w.reject);
    }
  }
}
