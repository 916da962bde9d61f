/** At most `limit` holders at once; the others wait in arrival order. */
export class Semaphore {
  private held = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async acquire(): Promise<void> {
    if (this.held < this.limit) {
      this.held += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot straight to the next waiter, or frees it. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held -= 1;
  }
}
