/**
 * POST /files throughput: the upload request (gateway -> files -> identity workspace check ->
 * PostgreSQL insert -> SAS signing) against the gateway-tax subject, a plain routed read
 * (GET /workspaces through gateway -> identity), alternating runs at the same concurrency.
 * Target: >= 0.80x the throughput of GET /workspaces.
 *   node -r @swc-node/register bench/files-upload-request.ts [--seconds 8] [--rounds 3]
 *     [--connections 10,32] [--profile sandbox4] [--reuse-stack]
 * Each concurrency in --connections is measured and judged on its own: at 10 connections an
 * upload's rate is bound by its latency (an INSERT waits for its commit's fsync), at 32 by CPU,
 * which is what a busy replica is bound by.
 * --reuse-stack measures a stack that already runs (identity, files, gateway) instead of
 * resetting and starting the bench profile.
 */
import { parseArgs } from 'node:util';

import {
  bootstrapOrganization,
  exchangeToken,
  portOf,
  ProfileName,
  PROFILES,
} from '../libs/testing/src';
import { servicePid, startBenchStack, stopBenchStack } from './support/bench-stack';
import { alternate, printComparison } from './support/load';
import { pidsNamed } from './support/process-cpu';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10,32' },
    profile: { type: 'string', default: 'sandbox4' },
    'reuse-stack': { type: 'boolean', default: false },
  },
});

async function main(): Promise<void> {
  const profile = PROFILES[values.profile as ProfileName];
  if (!profile) throw new Error(`unknown profile ${values.profile}`);
  const reuse = values['reuse-stack'];
  if (!reuse) {
    if (profile.name !== 'sandbox4')
      throw new Error('only the bench profile is reset; add --reuse-stack');
    startBenchStack('identity,files,gateway');
  }
  const gateway = `http://127.0.0.1:${portOf(profile, 'gateway')}`;
  try {
    const org = await bootstrapOrganization('Bench files', profile);
    const token = await exchangeToken(org.apiKey, gateway);
    const headers = { authorization: `Bearer ${token}` };
    // Every process either request crosses, so the output says where an upload's CPU goes.
    const cpuGroups = () => ({
      gateway: [servicePid(profile, 'gateway')],
      identity: [servicePid(profile, 'identity')],
      files: [servicePid(profile, 'files')],
      postgres: pidsNamed('postgres'),
      nats: pidsNamed('nats-server'),
      redis: pidsNamed('redis-server'),
    });
    const upload = {
      label: 'gateway POST /files',
      url: `${gateway}/files`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        filename: 'bench-claim.pdf',
        workspaceId: org.workspaceId,
        category: 'bench',
      }),
      cpuGroups,
    };
    const read = {
      label: 'gateway GET /workspaces',
      url: `${gateway}/workspaces`,
      headers,
      cpuGroups,
    };
    const concurrencies = values.connections.split(',').map(Number);
    if (concurrencies.some((c) => !Number.isInteger(c) || c < 1)) {
      throw new Error(`--connections takes positive integers, e.g. 10,32: ${values.connections}`);
    }
    for (const connections of concurrencies) {
      process.stdout.write(
        `POST /files: ${values.rounds} alternating rounds of ${values.seconds} s, ${connections} connections\n`,
      );
      const [subject, baseline] = await alternate(
        [upload, read],
        Number(values.rounds),
        Number(values.seconds),
        connections,
      );
      printComparison(
        `POST /files against the gateway-tax subject at ${connections} connections (target: >= 0.80x)`,
        subject,
        baseline,
        0.8,
      );
    }
  } finally {
    if (!reuse) stopBenchStack();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
