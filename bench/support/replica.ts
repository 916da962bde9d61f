import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

import { serviceEnv, ServiceName } from '../../libs/testing/src';
import { BENCH_PROFILE, ROOT } from './bench-stack';

export interface Replica {
  pid: number;
  port: number;
  stop(): Promise<void>;
}

/**
 * One more replica of a service of the bench stack (same database, NATS prefix and Redis),
 * on its own HTTP port: service replicas share the work through their NATS queue group,
 * gateway replicas through whoever sends them requests. Resolves when /readyz answers 200.
 */
export async function startReplica(service: ServiceName, port: number): Promise<Replica> {
  const child = spawn(
    process.execPath,
    [
      '-r',
      path.join(ROOT, 'deploy/runtime/aliases.js'),
      path.join(ROOT, `dist/apps/${service}/src/main.js`),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, ...serviceEnv(BENCH_PROFILE, service), HTTP_PORT: String(port) },
      stdio: 'ignore',
    },
  );
  await waitReady(child, port);
  return { pid: child.pid!, port, stop: () => stop(child) };
}

async function waitReady(child: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`replica on :${port} exited (${child.exitCode})`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`replica on :${port} not ready within 60 s`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
