import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.resolve(__dirname, '../..');

export interface ServerProcess {
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a benchmark server script in its own process, so the load generator never shares an
 * event loop with a server under test, and resolves when the script announces it is listening
 * (one JSON line `{"listening": port, "pid": n}` on stdout).
 */
export function startServerProcess(script: string, args: string[]): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', script, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const fail = (reason: string) => reject(new Error(`${script}: ${reason}`));
    child.once('exit', (code) => fail(`exited with ${code} before listening`));
    child.once('error', (error) => fail(error.message));
    lines.on('line', (line) => {
      if (!line.startsWith('{"listening"')) return;
      child.removeAllListeners('exit');
      resolve({ pid: child.pid!, stop: () => stopChild(child) });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
