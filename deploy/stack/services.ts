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
  replicaPortOf,
  serviceEnv,
  ServiceName,
  SERVICES,
} from '../../libs/testing/src/stack-profiles';

/**
 * Starts, checks and stops the six Docket services of one profile as background processes
 * (compiled output in dist/), with pid files in .data/run and logs in .data/logs, and beside them
 * the profile's local stand-ins: a development identity provider (`idp`, an organization's IdP)
 * and the demo write-back receiver (`receiver`, a customer's system). A profile with replicas
 * (prod) runs each service as `<service>-<n>` and a load balancer (`lb`) on the gateway's port.
 *   services.ts up|down|status|migrate|reset-db [dev|test|prod|sandbox1-8] [--only svc,svc]
 * (--only takes process names, gateway-2, or service names, gateway = every gateway replica.)
 * DOCKET_NODE_FLAGS adds Node flags to the services it starts, e.g. for profiling:
 *   DOCKET_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" services.ts up sandbox4 --only gateway
 * (Node refuses --cpu-prof in NODE_OPTIONS; the profile is written when the service exits.)
 */
const ROOT = path.resolve(__dirname, '../..');
const RUN_DIR = path.join(ROOT, '.data/run');
const LOG_DIR = path.join(ROOT, '.data/logs');
const ALIASES = path.join(ROOT, 'deploy/runtime/aliases.js');
const MIGRATING = ['identity', 'files', 'items', 'flows'] as const;
/** Local stand-ins: the dev IdP, the demo write-back receiver, the gateways' load balancer. */
type StandIn = 'idp' | 'receiver' | 'lb';
const STAND_IN_DIRS: Record<StandIn, string> = {
  idp: 'idp',
  receiver: 'demo-receiver',
  lb: 'load-balancer',
};

/** One process of a profile: a service replica or a stand-in. */
interface StackProcess {
  /** identity, or identity-2 in a profile with replicas; idp, receiver, lb. */
  name: string;
  kind: ServiceName | StandIn;
  replica: number;
  port: number;
}

function say(line: string): void {
  process.stdout.write(`[docket] ${line}\n`);
}

/** Services first (the load balancer probes the gateways), then the stand-ins. */
function processesOf(profile: Profile): StackProcess[] {
  const replicas = profile.replicas ?? 1;
  const list: StackProcess[] = [];
  for (const service of SERVICES) {
    for (let replica = 1; replica <= replicas; replica++) {
      list.push({
        name: replicas > 1 ? `${service}-${replica}` : service,
        kind: service,
        replica,
        port: replicaPortOf(profile, service, replica),
      });
    }
  }
  if (replicas > 1)
    list.push({ name: 'lb', kind: 'lb', replica: 1, port: portOf(profile, 'gateway') });
  list.push({ name: 'idp', kind: 'idp', replica: 1, port: devIdpSettings(profile).port });
  list.push({ name: 'receiver', kind: 'receiver', replica: 1, port: demoReceiverPort(profile) });
  return list;
}

function isStandIn(kind: StackProcess['kind']): kind is StandIn {
  return kind in STAND_IN_DIRS;
}

function pidFile(profile: Profile, proc: StackProcess): string {
  return path.join(RUN_DIR, `${profile.name}-${proc.name}.pid`);
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

function entryOf(kind: StackProcess['kind'], script: string): string {
  if (isStandIn(kind))
    return path.join(ROOT, 'dist/libs/testing/src', STAND_IN_DIRS[kind], `${script}.js`);
  return path.join(ROOT, 'dist/apps', kind, 'src', `${script}.js`);
}

function start(profile: Profile, proc: StackProcess): void {
  const file = pidFile(profile, proc);
  if (runningPid(file)) return;
  const entry = entryOf(proc.kind, 'main');
  if (!existsSync(entry))
    return say(`${proc.name}: not built yet (${path.relative(ROOT, entry)} missing), skipped`);
  const log = openSync(path.join(LOG_DIR, `${profile.name}-${proc.name}.log`), 'a');
  const nodeFlags = (process.env.DOCKET_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const args = [...nodeFlags, '--enable-source-maps', '-r', ALIASES, entry];
  const standIn = isStandIn(proc.kind);
  const child = spawn(process.execPath, standIn ? [...args, profile.name] : args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...(isStandIn(proc.kind) ? {} : serviceEnv(profile, proc.kind, proc.replica)),
    },
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  writeFileSync(file, String(child.pid));
  child.unref();
}

async function up(profile: Profile, only: StackProcess[]): Promise<void> {
  mkdirSync(RUN_DIR, { recursive: true });
  mkdirSync(LOG_DIR, { recursive: true });
  for (const proc of only) start(profile, proc);
  const pending = new Set(only.filter((proc) => existsSync(entryOf(proc.kind, 'main'))));
  const deadline = Date.now() + 90_000 * (profile.replicas ?? 1);
  while (pending.size > 0 && Date.now() < deadline) {
    for (const proc of [...pending]) {
      if (!runningPid(pidFile(profile, proc))) {
        throw new Error(`${proc.name} exited; see .data/logs/${profile.name}-${proc.name}.log`);
      }
      if (await ready(proc.port)) {
        pending.delete(proc);
        say(`${proc.name} ready on :${proc.port}`);
      }
    }
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 300));
  }
  if (pending.size > 0) {
    throw new Error(
      `not ready in time: ${[...pending].map((p) => p.name).join(', ')}; see .data/logs/${profile.name}-*.log`,
    );
  }
}

async function down(profile: Profile, only: StackProcess[]): Promise<void> {
  for (const proc of only) {
    const file = pidFile(profile, proc);
    const pid = runningPid(file);
    if (pid) {
      process.kill(-pid, 'SIGTERM');
      const deadline = Date.now() + 15_000;
      while (runningPid(file) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      if (runningPid(file)) process.kill(-pid, 'SIGKILL');
      say(`${proc.name} stopped`);
    }
    rmSync(file, { force: true });
  }
}

async function status(profile: Profile): Promise<void> {
  for (const proc of processesOf(profile)) {
    const pid = runningPid(pidFile(profile, proc));
    const state = pid ? ((await ready(proc.port)) ? 'ready' : 'starting') : 'stopped';
    say(
      `${profile.name} ${proc.name.padEnd(10)} ${state}${pid ? ` (pid ${pid}, :${proc.port})` : ''}`,
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
  const names = onlyIndex >= 0 ? new Set(rest[onlyIndex + 1].split(',')) : undefined;
  const only = processesOf(profile).filter(
    (proc) => !names || names.has(proc.name) || names.has(proc.kind),
  );
  if (command === 'up') return up(profile, only);
  if (command === 'down') return down(profile, [...only].reverse());
  if (command === 'status') return status(profile);
  if (command === 'migrate') return migrate(profile);
  if (command === 'reset-db') return resetDatabase(profile);
  throw new Error(
    'usage: services.ts up|down|status|migrate|reset-db [dev|test|prod|sandboxN] [--only a,b]',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`[docket] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
