import { WriteBatcher } from './write-batcher';

describe('WriteBatcher', () => {
  it('writes the calls of one turn together, and the calls made meanwhile in the next write', async () => {
    const writes: number[][] = [];
    let release: () => void = () => undefined;
    const batcher = new WriteBatcher<number>(async (items) => {
      writes.push(items);
      if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = [1, 2, 3].map((n) => batcher.add(n));
    await new Promise((resolve) => setImmediate(resolve));
    // The first write is under way: these wait for it, then go together.
    const second = [4, 5].map((n) => batcher.add(n));
    expect(writes).toEqual([[1, 2, 3]]);
    release();
    await Promise.all([...first, ...second]);
    expect(writes).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('never writes more than its batch size at once', async () => {
    const writes: number[][] = [];
    const batcher = new WriteBatcher<number>(
      async (items) => {
        writes.push(items);
      },
      { maxBatch: 2 },
    );
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.add(n)));
    expect(writes).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('writes a failed batch again item by item, so only the bad item fails', async () => {
    const writes: number[][] = [];
    const batcher = new WriteBatcher<number>(async (items) => {
      writes.push(items);
      if (items.includes(2)) throw new Error('refused: 2');
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => batcher.add(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused: 2'));
    expect(writes).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it("answers each caller with its own item's result, also when a failed batch is written again", async () => {
    const batcher = new WriteBatcher<number, string>(async (items) => {
      if (items.includes(2) && items.length > 1) throw new Error('refused in a batch');
      return items.map((n) => `wrote ${n}`);
    });
    await expect(Promise.all([1, 3].map((n) => batcher.add(n)))).resolves.toEqual([
      'wrote 1',
      'wrote 3',
    ]);
    await expect(Promise.all([1, 2, 3].map((n) => batcher.add(n)))).resolves.toEqual([
      'wrote 1',
      'wrote 2',
      'wrote 3',
    ]);
  });

  it('tells when everything added so far is written or failed, not waiting for later items', async () => {
    const releases: Array<() => void> = [];
    const batcher = new WriteBatcher<number>(async (items) => {
      await new Promise<void>((resolve) => releases.push(resolve));
      if (items.includes(2)) throw new Error('refused');
    });
    await expect(batcher.settled()).resolves.toBeUndefined();
    const first = [batcher.add(1), batcher.add(2).catch(() => 'failed')];
    let settled = false;
    void batcher.settled().then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    // Added after the call, while the first write is under way: it is not waited for.
    let thirdWritten = false;
    const third = batcher.add(3).then(() => (thirdWritten = true));
    expect(settled).toBe(false);
    // The batch of 1 and 2 fails, then each is written alone (2 fails again).
    while (!settled) {
      releases.splice(0).forEach((release) => release());
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect(Promise.all(first)).resolves.toEqual([undefined, 'failed']);
    expect(thirdWritten).toBe(false);
    releases.splice(0).forEach((release) => release());
    await third;
    expect(thirdWritten).toBe(true);
  });

  it('keeps writing after a failure', async () => {
    const batcher = new WriteBatcher<number>(async (items) => {
      if (items.includes(0)) throw new Error('refused');
    });
    await expect(batcher.add(0)).rejects.toThrow('refused');
    await expect(batcher.add(1)).resolves.toBeUndefined();
  });

  it('keeps up to writesInFlight writes under way, and what arrives meanwhile waits for the first to end', async () => {
    const writes: number[][] = [];
    const releases: Array<() => void> = [];
    const batcher = new WriteBatcher<number>(
      async (items) => {
        writes.push(items);
        await new Promise<void>((resolve) => releases.push(resolve));
      },
      { writesInFlight: 2 },
    );
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const settled: number[] = [];
    const track = (n: number) => batcher.add(n).then(() => settled.push(n));
    const first = [track(1), track(2)];
    await turn();
    const second = [track(3)];
    await turn();
    // Two writes under way: the first turn's batch, then the next turn's call on its own.
    expect(writes).toEqual([[1, 2], [3]]);
    const third = [track(4), track(5)];
    await turn();
    expect(writes).toHaveLength(2);
    releases[1]();
    await turn();
    // A writer came free: what waited goes together, while [1, 2] is still under way.
    expect(writes).toEqual([[1, 2], [3], [4, 5]]);
    expect(settled).toEqual([3]);
    releases[0]();
    releases[2]();
    await Promise.all([...first, ...second, ...third]);
    expect(settled.sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
