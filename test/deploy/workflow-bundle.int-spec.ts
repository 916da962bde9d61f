import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { NativeConnection, Worker } from '@temporalio/worker';

/**
 * The worker image bundles the workflows at build time (deploy/tools/bundle-workflows.ts) and
 * starts from WORKFLOW_BUNDLE_PATH. This builds the bundle the same way and has a real Temporal
 * worker load it and poll the dev server, with no bundling at start.
 */
const ROOT = path.resolve(__dirname, '../..');
const WORKFLOWS_ENTRY = 'apps/worker/src/workflows/index.ts';

jest.setTimeout(120_000);

describe('prebuilt workflow bundle', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docket-bundle-'));
  const bundle = path.join(dir, 'workflow-bundle.js');

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds every workflow the worker serves and is loaded by a Temporal worker as is', async () => {
    const build = spawnSync(
      process.execPath,
      ['-r', '@swc-node/register', 'deploy/tools/bundle-workflows.ts', WORKFLOWS_ENTRY, bundle],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(build.stderr).not.toMatch(/failed/);
    expect(build.status).toBe(0);

    const exported = [
      ...readFileSync(path.join(ROOT, WORKFLOWS_ENTRY), 'utf8').matchAll(/export \{ (\w+) \}/g),
    ].map((m) => m[1]);
    expect(exported.length).toBeGreaterThan(0);
    const code = readFileSync(bundle, 'utf8');
    for (const workflow of exported) expect(code).toContain(workflow);

    const connection = await NativeConnection.connect({ address: '127.0.0.1:7233' });
    try {
      const worker = await Worker.create({
        connection,
        namespace: 'docket-test',
        taskQueue: `bundle-check-${randomUUID()}`,
        workflowBundle: { codePath: bundle },
      });
      let polled = false;
      await worker.runUntil(async () => {
        polled = worker.getState() === 'RUNNING';
      });
      expect(polled).toBe(true);
      expect(worker.getState()).toBe('STOPPED');
    } finally {
      await connection.close();
    }
  });
});
