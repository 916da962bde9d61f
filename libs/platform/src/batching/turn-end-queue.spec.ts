import { TurnEndQueue } from './turn-end-queue';

describe('TurnEndQueue', () => {
  it("starts a turn's work together, after the turn's own code, in the order it was queued", async () => {
    const queue = new TurnEndQueue();
    const log: string[] = [];
    const done = [1, 2, 3].map((n) => queue.run(() => log.push(`work ${n}`)));
    log.push('rest of the turn');
    await Promise.resolve();
    log.push('microtasks of the turn');
    await Promise.all(done);
    expect(log).toEqual([
      'rest of the turn',
      'microtasks of the turn',
      'work 1',
      'work 2',
      'work 3',
    ]);
  });

  it('starts every queued piece of work in one callback, with no checkpoint in between', async () => {
    const queue = new TurnEndQueue();
    const log: string[] = [];
    await Promise.all(
      [1, 2].map((n) =>
        queue.run(() => {
          log.push(`work ${n}`);
          process.nextTick(() => log.push(`tick after ${n}`));
        }),
      ),
    );
    expect(log).toEqual(['work 1', 'work 2', 'tick after 1', 'tick after 2']);
  });

  it("gives each caller its own work's result or error", async () => {
    const queue = new TurnEndQueue();
    const results = await Promise.allSettled([
      queue.run(() => 'sync'),
      queue.run(async () => 'async'),
      queue.run(() => {
        throw new Error('thrown');
      }),
      queue.run(() => Promise.reject(new Error('rejected'))),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'sync' },
      { status: 'fulfilled', value: 'async' },
      { status: 'rejected', reason: new Error('thrown') },
      { status: 'rejected', reason: new Error('rejected') },
    ]);
  });

  it('keeps working across turns', async () => {
    const queue = new TurnEndQueue();
    await expect(queue.run(() => 1)).resolves.toBe(1);
    await expect(queue.run(() => 2)).resolves.toBe(2);
  });
});
