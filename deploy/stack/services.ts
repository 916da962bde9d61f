import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

import { Client } from 'pg';

import { demoReceiverPort } from '../../libs/testing/src/demo-receiver/demo-receiver-port';
import { devIdpSettings } from '../../libs/testing/src/idp/dev-idp-settings';
import {
  portOf,
  Profile,
  ProfileName,
  PROFILES,
  serviceEnv,
  ServiceName,
  SERVICES,
} from '../../libs/testing/src/stack-profiles';

/**
 * Starts, checks and stops the six Docket services of one profile as background processes
 * (compiled output in dist/), with pid files in .data/run and logs in .data/logs, and beside them
 * the profile's local stand-ins: a development identity provider (`idp`, an organization's IdP)
 * and the demo write-back receiver (`receiver`, a customer's system).
 *   services.ts up|down|status|migrate|reset-db [dev|test|sandbox1-8] [--only svc,svc]
 * DOCKET_NODE_FLAGS adds Node flags to the services it starts, e.g. for profiling:
 *   DOCKET_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" services.ts up sandbox4 --only gateway
 * (Node refuses --cpu-prof in NODE_OPTIONS; the profile is written when the service exits.)
 */
const ROOT = path.resolve(__dirname, '../..');
const RUN_DIR = path.join(ROOT, '.data/run');
const LOG_DIR = path.join(ROOT, '.data/logs');
const ALIASES = path.join(ROOT, 'deploy/runtime/aliases.js');
const MIGRATING = ['identity', 'files', 'items', 'flows'] as const;
/** The services plus the local stand-ins that run beside them. */
const PROCESSES = [...SERVICES, 'idp', 'receiver'] as const;
const LOCAL_STAND_INS: ReadonlySet<ProcessName> = new Set(['idp', 'receiver']);
type ProcessName = (typeof PROCESSES)[number];

function say(line: string): void {
  process.stdout.write(`[docket] ${line}\n`);
}

function pidFile(profile: Profile, service: ProcessName): string {
  return path.join(RUN_DIR, `${profile.name}-${service}.pid`);
}

function runningPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

async function ready(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`, {
      signal: AbortSignal.timeout(2000),
    });
    return response.status === 200;
  } catch {
    return false;
  }
}

function entryOf(service: ProcessName, script: string): string {
  if (service === 'idp') return path.join(ROOT, 'dist/libs/testing/src/idp', `${script}.js`);
  if (service === 'receiver')
    return path.join(ROOT, 'dist/libs/testing/src/demo-receiver', `${script}.js`);
  return path.join(ROOT, 'dist/apps', service, 'src', `${script}.js`);
}

function processPort(profile: Profile, name: ProcessName): number {
  if (name === 'idp') return devIdpSettings(profile).port;
  if (name === 'receiver') return demoReceiverPort(profile);
  return portOf(profile, name);
}

function start(profile: Profile, service: ProcessName): void {
  const file = pidFile(profile, service);
  if (runningPid(file)) return;
  const entry = entryOf(service, 'main');
  if (!existsSync(entry))
    return say(`${service}: not built yet (${path.relative(ROOT, entry)} missing), skipped`);
  const log = openSync(path.join(LOG_DIR, `${profile.name}-${service}.log`), 'a');
  const nodeFlags = (process.env.DOCKET_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const args = [...nodeFlags, '--enable-source-maps', '-r', ALIASES, entry];
  const standIn = LOCAL_STAND_INS.has(service);
  const child = spawn(process.execPath, standIn ? [...args, profile.name] : args, {
    cwd: ROOT,
    env: { ...process.env, ...(standIn ? {} : serviceEnv(profile, service as ServiceName)) },
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  writeFileSync(file, String(child.pid));
  child.unref();
}

async function up(profile: Profile, only: ProcessName[]): Promise<void> {
  mkdirSync(RUN_DIR, { recursive: true });
  mkdirSync(LOG_DIR, { recursive: true });
  for (const service of only) start(profile, service);
  const started = only.filter((s) => existsSync(entryOf(s, 'main')));
  const deadline = Date.now() + 90_000;
  const pending = new Set(started);
  while (pending.size > 0 && Date.now() < deadline) {
    for (const service of [...pending]) {
      if (!runningPid(pidFile(profile, service))) {
        throw new Error(`${service} exited; see .data/logs/${profile.name}-${service}.log`);
      }
      if (await ready(processPort(profile, service))) {
        pending.delete(service);
        say(`${service} ready on :${processPort(profile, service)}`);
      }
    }
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 300));
  }
  if (pending.size > 0) {
    throw new Error(
      `not ready after 90 s: ${[...pending].join(', ')}; see .data/logs/${profile.name}-*.log`,
    );
  }
}

async function down(profile: Profile, only: ProcessName[]): Promise<void> {
  for (const service of only) {
    const file = pidFile(profile, service);
    const pid = runningPid(file);
    if (pid) {
      process.kill(-pid, 'SIGTERM');
      const deadline = Date.now() + 15_000;
      while (runningPid(file) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      if (runningPid(file)) process.kill(-pid, 'SIGKILL');
      say(`${service} stopped`);
    }
    rmSync(file, { force: true });
  }
}

async function status(profile: Profile): Promise<void> {
  for (const service of PROCESSES) {
    const pid = runningPid(pidFile(profile, service));
    const state = pid
      ? (await ready(processPort(profile, service)))
        ? 'ready'
        : 'starting'
      : 'stopped';
    say(
      `${profile.name} ${service.padEnd(8)} ${state}${pid ? ` (pid ${pid}, :${processPort(profile, service)})` : ''}`,
    );
  }
}

async function migrate(profile: Profile): Promise<void> {
  for (const service of MIGRATING) {
    const entry = entryOf(service, 'migrate');
    if (!existsSync(entry)) continue;
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['-r', ALIASES, entry], {
        cwd: ROOT,
        env: { ...process.env, ...serviceEnv(profile, service) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      child.stdout.on('data', (chunk: Buffer) =>
        process.stdout.write(`[docket] migrate ${chunk.toString()}`),
      );
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${service} migrations failed`)),
      );
    });
  }
}

/** Drops and recreates the profile's database: every test run starts from nothing. */
async function resetDatabase(profile: Profile): Promise<void> {
  const admin = new Client({
    connectionString: profile.env.DATABASE_URL.replace(/\/[^/]+$/, '/postgres'),
  });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${profile.database}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${profile.database}"`);
  } finally {
    await admin.end();
  }
  const database = new Client({ connectionString: profile.env.DATABASE_URL });
  await database.connect();
  await database.query('CREATE EXTENSION IF NOT EXISTS pg_trgm').finally(() => database.end());
  say(`database ${profile.database} reset`);
}

async function main(): Promise<void> {
  const [command, profileName = 'dev', ...rest] = process.argv.slice(2);
  const profile = PROFILES[profileName as ProfileName];
  if (!profile) throw new Error(`unknown profile ${profileName}`);
  const onlyIndex = rest.indexOf('--only');
  const only = (onlyIndex >= 0 ? rest[onlyIndex + 1].split(',') : [...PROCESSES]) as ProcessName[];
  if (command === 'up') return up(profile, only);
  if (command === 'down') return down(profile, [...only].reverse());
  if (command === 'status') return status(profile);
  if (command === 'migrate') return migrate(profile);
  if (command === 'reset-db') return resetDatabase(profile);
  throw new Error(
    'usage: services.ts up|down|status|migrate|reset-db [dev|test|sandboxN] [--only a,b]',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`[docket] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
