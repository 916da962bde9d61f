/**
 * The fault suite on the prod profile (docs/operations.md): steady uploads, file-triggered runs
 * through review to a write-back, and API reads, while one fault at a time is injected
 * (SIGKILL of a NATS node, a worker, a flows, files or gateway replica; a PostgreSQL restart; a
 * restart of Temporal's frontend), `--rounds` times each. Prints per fault the recovery times
 * and counts, and exits 1 if anything was lost, duplicated or never finished.
 *   npm run chaos -- [--rounds 20] [--faults nats-node,worker,...] [--uploads-per-second 0.5]
 * (DOCKET_TEST_PROFILE defaults to prod here; `npm run stack:prod` first.)
 */
process.env.DOCKET_TEST_PROFILE ??= 'prod';

import { parseArgs } from 'node:util';

import { runMain } from './support/run-main';

runMain(async () => {
  // Imported after the profile is chosen: the testing library reads it when loaded.
  const { runChaos } = await import('../test/chaos/chaos-run');
  const { availableFaults } = await import('../test/chaos/faults');
  const { reportLines } = await import('../test/chaos/verdict');
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '20' },
      faults: { type: 'string', default: availableFaults().join(',') },
      'uploads-per-second': { type: 'string', default: '0.5' },
      'settle-seconds': { type: 'string', default: '180' },
    },
  });
  const faults = values.faults.split(',') as ReturnType<typeof availableFaults>;
  for (const kind of faults) {
    if (!availableFaults().includes(kind)) throw new Error(`unknown or unavailable fault ${kind}`);
  }
  const started = Date.now();
  const report = await runChaos({
    faults,
    rounds: Number(values.rounds),
    uploadsPerSecond: Number(values['uploads-per-second']),
    settleTimeoutMs: Number(values['settle-seconds']) * 1000,
    drainStallMs: 180_000,
    say: (line) => process.stdout.write(`[chaos] ${line}\n`),
  });
  process.stdout.write(`\n${reportLines(report).join('\n')}\n`);
  process.stdout.write(`(${Math.round((Date.now() - started) / 1000)} s)\n`);
  if (report.failures.length > 0) process.exit(1);
});
