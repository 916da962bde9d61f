import { runChaos } from './chaos-run';
import { availableFaults, FaultKind } from './faults';
import { reportLines } from './verdict';

/**
 * The fault suite, short: one fault of a few kinds while uploads, runs and reads go on (the full
 * run is `npm run chaos`, docs/operations.md). On the prod profile it kills a NATS node, a worker
 * and a gateway replica; on a single-replica profile (npm test's `test`) it kills the worker and
 * the gateway, which the stack restarts. Afterwards nothing may be lost or duplicated.
 */
const SHORT: FaultKind[] = ['nats-node', 'worker', 'gateway'];

describe('fault suite (short)', () => {
  it('loses and duplicates nothing across a NATS node, worker and gateway kill', async () => {
    const faults = SHORT.filter((kind) => availableFaults().includes(kind));
    const report = await runChaos({
      faults,
      rounds: 1,
      // Below what files processes on the loaded 2-core machine, so the drain stays short.
      uploadsPerSecond: 0.2,
      settleTimeoutMs: 120_000,
      drainStallMs: 120_000,
      say: () => undefined,
    });
    process.stdout.write(`${reportLines(report).join('\n')}\n`);

    expect(report.failures).toEqual([]);
    expect(report.faults.map((fault) => fault.kind)).toEqual(faults);
    expect(report.uploads.stored).toBeGreaterThan(0);
    expect(report.runs.completed).toBe(report.uploads.stored);
    expect(report.writeBacks.missing).toEqual([]);
    for (const fault of report.faults) expect(fault.unrecovered).toBe(0);
  }, 900_000);
});
