import { availableParallelism } from 'node:os';

/**
 * Slots for pages being read by OCR, shared by every document a process works on: a page
 * runner asks for one before it renders a page for OCR and gives it back when the engine is
 * done with it. With one slot per core, the pages of one document are read on every core when
 * it is alone, and documents processed at the same time share the cores instead of each
 * starting as many engines as there are cores (a slot is granted in the order asked, so they
 * take turns). Rendering and preparing a page happen inside its slot, so the slots also bound
 * the page images waiting in memory.
 */
export class PageSlots {
  private used = 0;
  private highest = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`page slots need a capacity of at least 1, got ${capacity}`);
    }
  }

  /** Slots granted and not yet released. */
  get inUse(): number {
    return this.used;
  }

  /** Requests waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** The most slots that were ever in use at once. */
  get peak(): number {
    return this.highest;
  }

  /** Resolves once a slot is granted; an abort withdraws a request not yet granted. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted === true) return Promise.reject(signal.reason);
    if (this.used < this.capacity && this.waiting.length === 0) {
      this.take();
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const grant = (): void => {
        signal?.removeEventListener('abort', withdraw);
        this.take();
        resolve();
      };
      const withdraw = (): void => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', withdraw, { once: true });
      this.waiting.push(grant);
    });
  }

  release(): void {
    if (this.used === 0) throw new Error('a page slot was released that was not granted');
    this.used -= 1;
    this.waiting.shift()?.();
  }

  private take(): void {
    this.used += 1;
    this.highest = Math.max(this.highest, this.used);
  }
}

/** The slots of this process: one per core the process may use. */
export const PROCESS_PAGE_SLOTS = new PageSlots(availableParallelism());
