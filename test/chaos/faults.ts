import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { eventually, REPO_ROOT, TEST_PROFILE } from '@docket/testing';

import { isAlive } from '../e2e/support/stack-worker';

const run = promisify(execFile);

/**
 * The faults the suite injects, one at a time. A service fault SIGKILLs one replica (no goodbye:
 * a crashed pod) and then brings it back as Kubernetes would restart the container; the
 * infrastructure faults exist only on the prod profile, whose PostgreSQL, Temporal and NATS
 * belong to it alone (the other profiles share the machine's servers with other engineers).
 */
export const SERVICE_FAULTS = ['worker', 'flows', 'files', 'gateway'] as const;
export const INFRA_FAULTS = ['nats-node', 'postgres', 'temporal-frontend'] as const;
export type FaultKind = (typeof SERVICE_FAULTS)[number] | (typeof INFRA_FAULTS)[number];

export function availableFaults(): FaultKind[] {
  return TEST_PROFILE.name === 'prod' ? [...INFRA_FAULTS, ...SERVICE_FAULTS] : [...SERVICE_FAULTS];
}

export interface InjectedFault {
  kind: FaultKind;
  /** Which process: worker-2, nats-3, ... */
  target: string;
  injectedAt: number;
  /** When the faulted component answered ready again. */
  restoredAt: number;
  /** The target had already exited when the fault came (a crash the suite did not cause). */
  foundDead?: boolean;
}

const REPLICAS = TEST_PROFILE.replicas ?? 1;

function processName(service: string, replica: number): string {
  return REPLICAS > 1 ? `${service}-${replica}` : service;
}

function pidOf(name: string): number | undefined {
  try {
    return Number(readFileSync(path.join(REPO_ROOT, '.data/run', `${name}.pid`), 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * SIGKILLs a process and waits until it is gone. A target that has already exited (it crashed
 * since the last fault, or its pid file is gone) is a fault that has already happened: reported
 * (false) and then brought back like any other, never an ESRCH that ends the suite.
 */
async function sigkill(pidName: string): Promise<boolean> {
  const pid = pidOf(pidName);
  if (pid === undefined) return false;
  try {
    process.kill(pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
  await eventually(async () => (isAlive(pid) ? undefined : true), 30_000, 20);
  return true;
}

async function services(...args: string[]): Promise<void> {
  await run(process.execPath, ['-r', '@swc-node/register', 'deploy/stack/services.ts', ...args], {
    cwd: REPO_ROOT,
  });
}

async function prod(...args: string[]): Promise<void> {
  await run('bash', ['deploy/stack/prod.sh', ...args], { cwd: REPO_ROOT });
}

/** Each call of a kind hits the next replica / node, so all of them get killed in turn. */
const rounds = new Map<FaultKind, number>();

export async function inject(kind: FaultKind): Promise<InjectedFault> {
  const round = rounds.get(kind) ?? 0;
  rounds.set(kind, round + 1);
  const injectedAt = Date.now();
  let target: string;
  let killed = true;
  if (kind === 'nats-node') {
    const node = (round % 3) + 1;
    target = `nats-${node}`;
    killed = await sigkill(`prod-nats-${node}`);
    await prod('start-nats', String(node));
  } else if (kind === 'postgres') {
    target = 'postgres';
    await prod('restart', 'postgres');
  } else if (kind === 'temporal-frontend') {
    target = 'temporal-frontend';
    await prod('restart', 'temporal-frontend');
  } else {
    target = processName(kind, (round % REPLICAS) + 1);
    killed = await sigkill(`${TEST_PROFILE.name}-${target}`);
    await services('up', TEST_PROFILE.name, '--only', target);
  }
  return { kind, target, injectedAt, restoredAt: Date.now(), foundDead: !killed || undefined };
}
