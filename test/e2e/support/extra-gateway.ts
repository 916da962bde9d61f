import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

import { REPO_ROOT, serviceEnv, TEST_PROFILE } from '@docket/testing';

/**
 * One more gateway replica on the stack (same Redis, NATS and services) with settings of its
 * own, for tests of settings the stack's gateway does not use (trusted proxies, default
 * limits, info logs). Its port is inside the profile's own range, so parallel stacks differ.
 */
export class ExtraGateway {
  readonly baseUrl: string;
  private readonly process: ChildProcess;
  private output = '';

  constructor(slot: number, env: Record<string, string>) {
    const port = TEST_PROFILE.basePort + 80 + slot;
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.process = spawn(
      process.execPath,
      [
        '-r',
        path.join(REPO_ROOT, 'deploy/runtime/aliases.js'),
        path.join(REPO_ROOT, 'dist/apps/gateway/src/main.js'),
      ],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          ...serviceEnv(TEST_PROFILE, 'gateway'),
          HTTP_PORT: String(port),
          LOG_LEVEL: 'warn',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.process.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.process.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
  }

  /** Everything the replica has logged so far. */
  get log(): string {
    return this.output;
  }

  /** Waits for /readyz; a loaded 2-core machine can take a minute to start a Nest process. */
  async ready(): Promise<void> {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const ok = await fetch(`${this.baseUrl}/readyz`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`extra gateway ${this.baseUrl} not ready:\n${this.output.slice(-2000)}`);
  }

  stop(): void {
    this.process.kill('SIGTERM');
  }
}
