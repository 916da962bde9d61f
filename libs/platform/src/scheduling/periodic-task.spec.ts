import { Writable } from 'node:stream';

import pino from 'pino';

import { PeriodicTask } from './periodic-task';

/** A logger whose lines are kept, parsed, to be read by the test. */
function recordingLogger(): { logger: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ messageKey: 'message' }, stream), lines };
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('PeriodicTask', () => {
  let task: PeriodicTask | undefined;
  afterEach(async () => task?.stop());

  it('runs at every tick once started, and not before', async () => {
    let runs = 0;
    task = new PeriodicTask(async () => void runs++, { name: 'count', everyMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(0);
    task.start();
    await until(() => runs >= 3);
  });

  it('runs at once when started with runNow', async () => {
    let runs = 0;
    task = new PeriodicTask(async () => void runs++, { name: 'count', everyMs: 60_000 });
    task.start({ runNow: true });
    await until(() => runs === 1);
  });

  it('never runs twice at once: ticks during a slow run are skipped', async () => {
    let active = 0;
    let mostActive = 0;
    let runs = 0;
    const slow = gate();
    task = new PeriodicTask(
      async () => {
        active++;
        mostActive = Math.max(mostActive, active);
        runs++;
        if (runs === 1) await slow.opened;
        active--;
      },
      { name: 'slow', everyMs: 5 },
    );
    task.start({ runNow: true });
    // Many ticks pass while the first run waits.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBe(1);
    slow.open();
    await until(() => runs >= 3);
    expect(mostActive).toBe(1);
  });

  it('keeps a poke made during a run and runs once more right after it', async () => {
    const first = gate();
    let runs = 0;
    task = new PeriodicTask(
      async () => {
        runs++;
        if (runs === 1) await first.opened;
      },
      { name: 'poked', everyMs: 60_000 },
    );
    task.start({ runNow: true });
    await until(() => runs === 1);
    task.poke();
    task.poke();
    first.open();
    await until(() => runs === 2);
    // The two pokes were one request: no third run follows.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(2);
  });

  it('logs a failed run with the task name and keeps ticking', async () => {
    const { logger, lines } = recordingLogger();
    let runs = 0;
    task = new PeriodicTask(
      async () => {
        runs++;
        if (runs === 1) throw new Error('database away');
      },
      { name: 'sweep deferrals', everyMs: 10, logger },
    );
    task.start({ runNow: true });
    await until(() => runs >= 2);
    expect(lines[0]).toMatchObject({
      level: 40,
      task: 'sweep deferrals',
      nextRunInMs: 10,
      message: 'sweep deferrals failed; it runs again at the next tick',
      err: { message: 'database away' },
    });
  });

  it('waits on stop for the run in progress, and runs nothing after', async () => {
    const slow = gate();
    let runs = 0;
    let finished = false;
    task = new PeriodicTask(
      async () => {
        runs++;
        await slow.opened;
        finished = true;
      },
      { name: 'slow', everyMs: 5 },
    );
    task.start({ runNow: true });
    await until(() => runs === 1);
    task.poke();
    const stopped = task.stop();
    expect(task.stopped).toBe(true);
    slow.open();
    await stopped;
    expect(finished).toBe(true);
    task.poke();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(1);
  });

  it('can be started again after a stop', async () => {
    let runs = 0;
    task = new PeriodicTask(async () => void runs++, { name: 'count', everyMs: 60_000 });
    task.start({ runNow: true });
    await until(() => runs === 1);
    await task.stop();
    task.start({ runNow: true });
    await until(() => runs === 2);
  });
});
