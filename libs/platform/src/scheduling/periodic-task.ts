import type { Logger } from 'pino';

import { createLogger } from '../logging/logger';

export interface PeriodicTaskOptions {
  /** What the task does, as a failed run's log line names it ("reconcile pending uploads"). */
  readonly name: string;
  readonly everyMs: number;
  /** The owner's logger, so a failure is logged under the owner's component. */
  readonly logger?: Logger;
}

/**
 * Work a service repeats on a timer (sweeps, relays, lease checks), said once: it runs every
 * `everyMs`, never twice at once (a tick that finds a run in progress is skipped), and a failed
 * run is logged with the task's name and then tried again at the next tick. `poke()` asks for a
 * run now, for the owner that knows new work has arrived (after a commit, say): a poke during a
 * run is kept and runs right after it. `stop()`, on shutdown, ends the ticks and waits for the run
 * in progress; nothing starts after it. The timer does not hold the process open.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopping = true;
  private readonly logger: Logger;

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly options: PeriodicTaskOptions,
  ) {
    this.logger = options.logger ?? createLogger('periodic-task');
  }

  /** Ticks from now on; `runNow` also runs the task at once rather than a period from now. */
  start({ runNow = false }: { runNow?: boolean } = {}): void {
    if (!this.stopping) return;
    this.stopping = false;
    this.timer = setInterval(() => {
      if (!this.running) this.poke();
    }, this.options.everyMs);
    this.timer.unref();
    if (runNow) this.poke();
  }

  /** Runs the task now, or right after the run in progress. */
  poke(): void {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runOnce().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.poke();
      }
    });
  }

  /** True from `stop()` on (and before `start()`): long work checks it between its steps. */
  get stopped(): boolean {
    return this.stopping;
  }

  /** Ends the ticks and waits for the run in progress. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.again = false;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async runOnce(): Promise<void> {
    try {
      await this.work();
    } catch (error) {
      this.logger.warn(
        { err: error, task: this.options.name, nextRunInMs: this.options.everyMs },
        `${this.options.name} failed; it runs again at the next tick`,
      );
    }
  }
}
