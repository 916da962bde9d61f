import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
  bootstrapOrganization,
  BootstrappedOrganization,
  exchangeToken,
  portOf,
  Profile,
  ProfileName,
  PROFILES,
} from '../../libs/testing/src';

/**
 * Benchmarks run on their own stack (profile sandbox4, or the sandbox named by
 * DOCKET_BENCH_PROFILE) so that they never disturb a dev or test stack, with the rate limit
 * lifted (the sandbox profile sets it) so it measures cost, not the limiter refusing requests.
 */
export const BENCH_PROFILE = benchProfile(process.env.DOCKET_BENCH_PROFILE ?? 'sandbox4');

function benchProfile(name: string) {
  if (!/^sandbox[1-8]$/.test(name)) {
    throw new Error(`DOCKET_BENCH_PROFILE must be sandbox1..sandbox8, not "${name}"`);
  }
  return PROFILES[name as ProfileName];
}

/** The pid of a stack process, from the pid file services.ts keeps. */
export function servicePid(profile: Profile, service: string): number {
  const file = path.join(ROOT, '.data/run', `${profile.name}-${service}.pid`);
  return Number(readFileSync(file, 'utf8').trim());
}

export function benchServicePid(service: string): number {
  return servicePid(BENCH_PROFILE, service);
}
export const ROOT = path.resolve(__dirname, '../..');

export function startBenchStack(services: string, profile: Profile = BENCH_PROFILE): void {
  const run = (args: string[]) =>
    execFileSync(
      process.execPath,
      ['-r', '@swc-node/register', 'deploy/stack/services.ts', ...args],
      { cwd: ROOT, stdio: 'inherit' },
    );
  execFileSync('bash', ['deploy/stack/infra.sh', 'up'], { cwd: ROOT, stdio: 'inherit' });
  execFileSync('bash', ['deploy/stack/build.sh'], { cwd: ROOT, stdio: 'inherit' });
  run(['down', profile.name]);
  run(['reset-db', profile.name]);
  run(['migrate', profile.name]);
  run(['up', profile.name, '--only', services]);
}

export function stopBenchStack(profile: Profile = BENCH_PROFILE): void {
  execFileSync(
    process.execPath,
    ['-r', '@swc-node/register', 'deploy/stack/services.ts', 'down', profile.name],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}

export const BENCH_GATEWAY = `http://127.0.0.1:${portOf(BENCH_PROFILE, 'gateway')}`;

export async function benchOrganization(): Promise<BootstrappedOrganization & { token: string }> {
  const org = await bootstrapOrganization('Bench', BENCH_PROFILE);
  return { ...org, token: await exchangeToken(org.apiKey, BENCH_GATEWAY) };
}
