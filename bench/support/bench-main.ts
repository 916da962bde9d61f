import { type Profile, type ProfileName, PROFILES } from '../../libs/testing/src';
import { BENCH_PROFILE, startBenchStack, stopBenchStack } from './bench-stack';

/** The options every server benchmark takes: which stack, and whether to start it. */
export const STACK_OPTIONS = {
  profile: { type: 'string', default: BENCH_PROFILE.name },
  start: { type: 'boolean', default: false },
} as const;

export function profileNamed(name: string): Profile {
  return PROFILES[name as ProfileName];
}

/**
 * Runs a benchmark against `profile`'s stack: started first (these services) with `start`, and
 * stopped again after, as the other server benchmarks do (left running, it answered the next
 * benchmark's requests on the same ports); exits 0, or 1 with the error.
 */
export function runBench(
  main: () => Promise<void>,
  stack: { start: boolean; profile: Profile; services: string },
): void {
  const run = async () => {
    if (stack.start) startBenchStack(stack.services, stack.profile);
    try {
      await main();
    } finally {
      if (stack.start) stopBenchStack(stack.profile);
    }
  };
  run()
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
