interface Waiting<T> {
  item: T;
  resolve(): void;
  reject(reason: unknown): void;
}

/**
 * Group commit for a read model fed by many small events: the calls that arrive while a write
 * is under way (or in the same turn of the event loop) are written together, in one statement
 * and one commit, and each caller's promise settles when the write holding its item does. One
 * write at a time, so two batches never lock the same rows in opposite orders.
 *
 * A batch that fails is written again item by item: one bad item (a value the database refuses)
 * then fails alone, and the others still land.
 */
export class WriteBatcher<T> {
  private waiting: Waiting<T>[] = [];
  private writing = false;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly maxBatch = 100,
  ) {}

  /** Resolves once the item is written, rejects with the error of its own write. */
  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        // After the current turn: the other events of the same network read join this batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      await this.writeBatch(batch);
    }
    this.writing = false;
  }

  private async writeBatch(batch: Waiting<T>[]): Promise<void> {
    try {
      await this.write(batch.map((w) => w.item));
      for (const w of batch) w.resolve();
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
    }
    for (const w of batch) {
      await this.write([w.item]).then(w.resolve, w.reject);
    }
  }
}
