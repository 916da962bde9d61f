import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { eventually, REPO_ROOT, TEST_PROFILE } from '@docket/testing';

const run = promisify(execFile);

const STACK_WORKER_PID = path.join(REPO_ROOT, '.data/run', `${TEST_PROFILE.name}-worker.pid`);

/**
 * Stops the test stack's own worker process with `signal` (SIGKILL: no goodbye; SIGTERM: a
 * graceful shutdown) and resolves once the process is gone.
 */
export async function stopStackWorker(
  signal: 'SIGKILL' | 'SIGTERM',
  timeoutMs = 30_000,
): Promise<void> {
  const pid = Number(readFileSync(STACK_WORKER_PID, 'utf8'));
  process.kill(pid, signal);
  await eventually(async () => (isAlive(pid) ? undefined : true), timeoutMs, 20);
}

/** The stack's start script brings its worker back and waits for /readyz. */
export async function startStackWorker(): Promise<void> {
  await run(
    process.execPath,
    [
      '-r',
      '@swc-node/register',
      'deploy/stack/services.ts',
      'up',
      TEST_PROFILE.name,
      '--only',
      'worker',
    ],
    { cwd: REPO_ROOT },
  );
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function stackWorkerRunning(): boolean {
  try {
    return isAlive(Number(readFileSync(STACK_WORKER_PID, 'utf8')));
  } catch {
    return false;
  }
}
