import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadTarget {
  label: string;
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
}

/** One autocannon run; latencies in milliseconds. */
export async function load(
  target: LoadTarget,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections,
    duration: seconds,
  });
  return {
    label: target.label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * Alternates the targets round by round, so both see the same machine noise, and keeps each
 * target's median round: the 2-core machine is shared and single runs swing.
 */
export async function alternate(
  targets: LoadTarget[],
  rounds: number,
  seconds: number,
  connections: number,
): Promise<LoadResult[]> {
  const runs = new Map<string, LoadResult[]>(targets.map((t) => [t.label, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      const result = await load(target, seconds, connections);
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(
          `${target.label}: ${result.non2xx} non-2xx and ${result.errors} errors; the comparison would be void`,
        );
      }
      runs.get(target.label)!.push(result);
      process.stdout.write(
        `  round ${round}/${rounds} ${target.label.padEnd(28)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms\n`,
      );
    }
  }
  return targets.map((t) => median(runs.get(t.label)!));
}

function median(results: LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)];
}

export function printComparison(
  title: string,
  subject: LoadResult,
  baseline: LoadResult,
  targetRatio: number,
): void {
  const ratio = subject.requestsPerSecond / baseline.requestsPerSecond;
  process.stdout.write(
    [
      '',
      `${title}`,
      `  baseline ${baseline.label}: ${baseline.requestsPerSecond.toFixed(0)} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`,
      `  subject  ${subject.label}: ${subject.requestsPerSecond.toFixed(0)} req/s, p50 ${subject.p50} ms, p99 ${subject.p99} ms`,
      `  throughput ratio ${ratio.toFixed(2)}x (target >= ${targetRatio}x) ${ratio >= targetRatio ? 'MET' : 'NOT MET'}`,
      `  added p50 ${(subject.p50 - baseline.p50).toFixed(2)} ms, added p99 ${(subject.p99 - baseline.p99).toFixed(2)} ms`,
      '',
    ].join('\n'),
  );
}

export interface RunOptions {
  seconds: number;
  rounds: number;
  connections: number;
}

/** `--seconds 8 --rounds 3 --connections 10`, shared by the alternating server benchmarks. */
export function runOptions(): RunOptions {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '8' },
      rounds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '10' },
    },
  });
  return {
    seconds: Number(values.seconds),
    rounds: Number(values.rounds),
    connections: Number(values.connections),
  };
}
