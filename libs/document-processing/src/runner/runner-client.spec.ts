import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { eventually } from '@docket/testing';

import { PageSlots } from './page-slots';
import { runPageJob } from './runner-client';
import type { RunnerJob, RunnerPageMessage } from './runner-protocol';

// Stand-in runners that misbehave on purpose: the client must turn every failure into a
// ProcessingError and leave no process behind.
const RUNNERS: Record<string, string> = {
  hangs: `process.on('message', () => {}); setInterval(() => {}, 1000);`,
  crashes: `process.on('message', () => process.abort());`,
  exitsSilently: `process.on('message', () => process.exit(3));`,
  leaks: `const kept = []; process.on('message', () => { for (;;) kept.push(new Array(1e6).fill(1)); });`,
  lies: `process.on('message', () => process.send({ type: 'page', pageNumber: 'one' }));`,
  skipsPages: `process.on('message', () => process.send({ type: 'page', pageNumber: 2, width: 1, height: 1 }));`,
  reports: `process.on('message', () => process.send({ type: 'error', code: 'CORRUPT_FILE', message: 'bad xref' }));`,
  unknownCode: `process.on('message', () => process.send({ type: 'error', code: 'SELF_DESTRUCT', message: 'boom' }));`,
  // Asks for job.bytes[0] page slots at once; once job.bytes[1] are granted, reports how many
  // it holds as a page's width, gives them all back and is done.
  asksSlots: `let granted = 0;
  process.on('message', (message) => {
    if (message.type === 'job') {
      process.send({ type: 'document', pageCount: 1 });
      for (let i = 0; i < message.bytes[0]; i += 1) process.send({ type: 'slot-request' });
      process.expected = message.bytes[1];
      return;
    }
    granted += 1;
    if (granted !== process.expected) return;
    process.send({ type: 'page', pageNumber: 1, width: granted, height: 1 });
    for (let i = 0; i < granted; i += 1) process.send({ type: 'slot-release' });
    process.send({ type: 'done' }, () => process.exit(0));
  });`,
  releasesUngranted: `process.on('message', () => process.send({ type: 'slot-release' }));`,
  diesHoldingSlots: `let granted = 0;
  process.on('message', (message) => {
    if (message.type === 'job') {
      process.send({ type: 'slot-request' });
      process.send({ type: 'slot-request' });
    } else if (++granted === 2) process.abort();
  });`,
  works: `process.on('message', (job) => {
    process.send({ type: 'document', pageCount: 1 });
    process.send({ type: 'page', pageNumber: 1, width: 2, height: 3, png: new Uint8Array(job.bytes) });
    process.send({ type: 'done' }, () => process.exit(0));
  });`,
};

const job: RunnerJob = {
  type: 'job',
  kind: 'png',
  bytes: new Uint8Array([1, 2, 3]),
  render: true,
  text: false,
  dpi: 150,
  ocrDpi: 200,
  lowResolutionOcrDpi: 300,
  ocrLanguage: 'eng',
  minPdfTextChars: 20,
  maxPages: 10,
  maxPixelsPerPage: 1000,
  maxTextItemsPerPage: 1000,
  pagesInFlight: 2,
};
const limits = { timeoutMs: 10_000, pageTimeoutMs: 5_000, memoryLimitMb: 64 };

describe('runPageJob', () => {
  let folder: string;
  const runner = (name: string): string => join(folder, `${name}.mjs`);

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'page-runner-spec-'));
    for (const [name, source] of Object.entries(RUNNERS)) writeFileSync(runner(name), source);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('delivers pages and resolves when the runner is done', async () => {
    const pages: RunnerPageMessage[] = [];
    await runPageJob(job, limits, (page) => pages.push(page), runner('works'));

    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ pageNumber: 1, width: 2, height: 3 });
    expect(Array.from(pages[0]!.png!)).toEqual([1, 2, 3]);
  });

  it('finds its packages through a node_modules that is a symbolic link', async () => {
    // A shared install or a worktree: node_modules links to the real folder. The module
    // resolution looks at the link under its own path, which the sandbox must allow.
    const app = join(folder, 'linked-app');
    mkdirSync(join(app, 'src'), { recursive: true });
    const realModules = dirname(dirname(require.resolve('utif2/package.json')));
    symlinkSync(realModules, join(app, 'node_modules'), 'dir');
    writeFileSync(join(app, 'src', 'runner.mjs'), `import 'utif2';\n${RUNNERS.works}`);
    const pages: RunnerPageMessage[] = [];
    await runPageJob(job, limits, (page) => pages.push(page), join(app, 'src', 'runner.mjs'));
    expect(pages).toHaveLength(1);
  });

  it('kills a runner that makes no progress', async () => {
    const started = Date.now();
    await expect(
      runPageJob(job, { ...limits, pageTimeoutMs: 300 }, () => {}, runner('hangs')),
    ).rejects.toMatchObject({ name: 'ProcessingError', code: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('kills a runner that exceeds the wall-clock limit', async () => {
    await expect(
      runPageJob(job, { ...limits, timeoutMs: 300 }, () => {}, runner('hangs')),
    ).rejects.toMatchObject({ code: 'TIMEOUT', details: { timeoutMs: 300 } });
  });

  it('reports a runner that runs out of memory', async () => {
    await expect(
      runPageJob(job, { ...limits, memoryLimitMb: 32 }, () => {}, runner('leaks')),
    ).rejects.toMatchObject({ code: 'RESOURCE_EXHAUSTED' });
  });

  it.each(['crashes', 'exitsSilently'])('reports a runner that %s', async (name) => {
    await expect(runPageJob(job, limits, () => {}, runner(name))).rejects.toMatchObject({
      code: 'PROCESSING_FAILED',
      message: expect.stringContaining('exited unexpectedly'),
    });
  });

  it.each(['lies', 'skipsPages'])('refuses a runner that %s in its messages', async (name) => {
    await expect(runPageJob(job, limits, () => {}, runner(name))).rejects.toMatchObject({
      code: 'PROCESSING_FAILED',
      message: expect.stringContaining('malformed runner message'),
    });
  });

  it("passes the runner's own error through, and only known codes", async () => {
    await expect(runPageJob(job, limits, () => {}, runner('reports'))).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
      message: 'bad xref',
    });
    await expect(runPageJob(job, limits, () => {}, runner('unknownCode'))).rejects.toMatchObject({
      code: 'PROCESSING_FAILED',
    });
  });

  it('kills the runner when the caller aborts', async () => {
    const controller = new AbortController();
    const running = runPageJob(
      job,
      { ...limits, signal: controller.signal },
      () => {},
      runner('hangs'),
    );
    setTimeout(() => controller.abort(), 100);

    await expect(running).rejects.toMatchObject({ code: 'CANCELED' });
  });

  describe('page slots', () => {
    const slotJob = (asked: number, expected: number): RunnerJob => ({
      ...job,
      bytes: new Uint8Array([asked, expected]),
    });

    it('grants slots up to what the slots have, and takes them back', async () => {
      const pageSlots = new PageSlots(2);
      const pages: RunnerPageMessage[] = [];
      // pagesInFlight 2: the runner may ask for one slot more than it reads pages at once.
      await runPageJob(
        slotJob(3, 2),
        { ...limits, pageSlots },
        (p) => pages.push(p),
        runner('asksSlots'),
      );

      expect(pages[0]!.width).toBe(2);
      expect(pageSlots.peak).toBe(2);
      expect(pageSlots.inUse).toBe(0);
    });

    it('refuses a runner that asks for more slots than it may hold', async () => {
      const pageSlots = new PageSlots(8);
      await expect(
        runPageJob(slotJob(4, 4), { ...limits, pageSlots }, () => {}, runner('asksSlots')),
      ).rejects.toMatchObject({
        code: 'PROCESSING_FAILED',
        message: expect.stringContaining('more than 3 page slots requested'),
      });
      expect(pageSlots.inUse).toBe(0);
    });

    it('refuses a runner that gives back a slot it was not granted', async () => {
      await expect(
        runPageJob(
          job,
          { ...limits, pageSlots: new PageSlots(1) },
          () => {},
          runner('releasesUngranted'),
        ),
      ).rejects.toMatchObject({ message: expect.stringContaining('not granted') });
    });

    it('takes back the slots of a runner that dies holding them', async () => {
      const pageSlots = new PageSlots(2);
      await expect(
        runPageJob(job, { ...limits, pageSlots }, () => {}, runner('diesHoldingSlots')),
      ).rejects.toMatchObject({ code: 'PROCESSING_FAILED' });
      expect(pageSlots.peak).toBe(2);
      expect(pageSlots.inUse).toBe(0);
    });

    it('does not count waiting for another document’s slot as making no progress', async () => {
      const pageSlots = new PageSlots(1);
      await pageSlots.acquire();
      const pageTimeoutMs = 1_500;
      // Another document holds the only slot for twice the no-progress limit, counted from when
      // the runner asks for it (a loaded machine may take seconds to start the runner; the limit
      // must still leave it time to read the page once the slot is granted).
      const otherDocument = eventually(async () => pageSlots.queued === 1 || undefined)
        .then(() => new Promise((resolve) => setTimeout(resolve, 2 * pageTimeoutMs)))
        .then(() => pageSlots.release());
      const pages: RunnerPageMessage[] = [];

      await runPageJob(
        slotJob(1, 1),
        { ...limits, pageTimeoutMs, pageSlots },
        (p) => pages.push(p),
        runner('asksSlots'),
      );
      await otherDocument;

      expect(pages[0]!.width).toBe(1);
      expect(pageSlots.inUse).toBe(0);
    });
  });
});
