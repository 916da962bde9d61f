import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { cpuByGroup, cpuMsOfAll } from './process-cpu';

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests completed in the run. */
  requests: number;
  /** CPU the target's server processes used per request (ms), when the target names them. */
  cpuMsPerRequest?: number;
  /** CPU per request (ms) of each named group of processes, when the target names groups. */
  cpuMsByGroup?: Record<string, number>;
  /** CPU of the load generator (this process) per request (ms). */
  loadGeneratorCpuMsPerRequest?: number;
}

export interface LoadTarget {
  label: string;
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /** The server processes that answer this target, for the CPU each request costs. */
  pids?: number[];
  /**
   * Every process on the request's path by name (gateway, a service, PostgreSQL, NATS...), for
   * where each request's CPU goes; asked at the start of each run, so PostgreSQL backends that
   * pools opened since are counted.
   */
  cpuGroups?: () => Record<string, number[]>;
}

/** One autocannon run; latencies in milliseconds. */
export async function load(
  target: LoadTarget,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const cpuBefore = target.pids ? cpuMsOfAll(target.pids) : 0;
  const groups = target.cpuGroups?.();
  const groupsBefore = groups ? cpuByGroup(groups) : undefined;
  const loadGeneratorBefore = process.cpuUsage();
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections,
    duration: seconds,
  });
  // autocannon runs in this process: its CPU shares the machine with the servers under test,
  // and a request with a body costs it more than one without.
  const loadGenerator = process.cpuUsage(loadGeneratorBefore);
  const loadGeneratorMs = (loadGenerator.user + loadGenerator.system) / 1000;
  return {
    label: target.label,
    requestsPerSecond: result.requests.average,
    loadGeneratorCpuMsPerRequest: loadGeneratorMs / result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    requests: result.requests.total,
    cpuMsPerRequest: target.pids
      ? (cpuMsOfAll(target.pids) - cpuBefore) / result.requests.total
      : undefined,
    cpuMsByGroup:
      groups && groupsBefore
        ? perRequest(cpuByGroup(groups), groupsBefore, result.requests.total)
        : undefined,
  };
}

function perRequest(
  after: Record<string, number>,
  before: Record<string, number>,
  requests: number,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after).map(([name, ms]) => [name, (ms - before[name]) / requests]),
  );
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
  // One short unscored pass first: the first requests of a process pay for JIT compilation
  // and lazy loading, which would be charged to whichever target happens to go first.
  for (const target of targets) await load(target, Math.min(2, seconds), connections);
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
        `  round ${round}/${rounds} ${target.label.padEnd(28)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms${cpuNote(result)}\n`,
      );
    }
  }
  return targets.map((t) => withPooledCpu(median(runs.get(t.label)!), runs.get(t.label)!));
}

/** CPU per request over every round (a longer sample than the median round alone). */
function withPooledCpu(result: LoadResult, rounds: LoadResult[]): LoadResult {
  const requests = rounds.reduce((total, r) => total + r.requests, 0);
  const pooled = (perRound: (r: LoadResult) => number) =>
    rounds.reduce((total, r) => total + perRound(r) * r.requests, 0) / requests;
  const byGroup = result.cpuMsByGroup;
  return {
    ...result,
    cpuMsPerRequest:
      result.cpuMsPerRequest === undefined ? undefined : pooled((r) => r.cpuMsPerRequest!),
    cpuMsByGroup:
      byGroup === undefined
        ? undefined
        : Object.fromEntries(
            Object.keys(byGroup).map((name) => [name, pooled((r) => r.cpuMsByGroup![name])]),
          ),
    loadGeneratorCpuMsPerRequest: pooled((r) => r.loadGeneratorCpuMsPerRequest ?? 0),
  };
}

function cpuNote(result: LoadResult): string {
  return result.cpuMsPerRequest === undefined
    ? ''
    : `  ${result.cpuMsPerRequest.toFixed(3)} CPU-ms/req`;
}

/** "CPU-ms per request by process: gateway 0.31, files 0.30, ... = 0.95". */
function cpuSplit(result: LoadResult): string[] {
  if (!result.cpuMsByGroup) return [];
  const entries = Object.entries(result.cpuMsByGroup);
  const parts = entries.map(([name, ms]) => `${name} ${ms.toFixed(3)}`).join(', ');
  const total = entries.reduce((sum, [, ms]) => sum + ms, 0);
  const generator = result.loadGeneratorCpuMsPerRequest;
  return [
    `  CPU-ms per request, ${result.label}: ${parts} = ${total.toFixed(3)}` +
      (generator === undefined ? '' : ` (and the load generator ${generator.toFixed(3)})`),
  ];
}

function median(results: LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)];
}

export function printComparison(
  title: string,
  subject: LoadResult,
  baseline: LoadResult,
  targetRatio?: number,
  cpuTarget?: number,
): void {
  const ratio = subject.requestsPerSecond / baseline.requestsPerSecond;
  process.stdout.write(
    [
      '',
      `${title}`,
      `  baseline ${baseline.label}: ${baseline.requestsPerSecond.toFixed(0)} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`,
      `  subject  ${subject.label}: ${subject.requestsPerSecond.toFixed(0)} req/s, p50 ${subject.p50} ms, p99 ${subject.p99} ms`,
      `  throughput ratio ${ratio.toFixed(2)}x${targetRatio === undefined ? '' : ` (target >= ${targetRatio}x) ${ratio >= targetRatio ? 'MET' : 'NOT MET'}`}`,
      `  added p50 ${(subject.p50 - baseline.p50).toFixed(2)} ms, added p99 ${(subject.p99 - baseline.p99).toFixed(2)} ms`,
      ...cpuComparison(subject, baseline, cpuTarget),
      ...[subject, baseline].flatMap(cpuSplit),
      '',
    ].join('\n'),
  );
}

function cpuComparison(subject: LoadResult, baseline: LoadResult, target?: number): string[] {
  if (subject.cpuMsPerRequest === undefined || baseline.cpuMsPerRequest === undefined) return [];
  const ratio = subject.cpuMsPerRequest / baseline.cpuMsPerRequest;
  const verdict =
    target === undefined ? '' : ` (target <= ${target}x) ${ratio <= target ? 'MET' : 'NOT MET'}`;
  return [
    `  CPU per request ${subject.cpuMsPerRequest.toFixed(3)} vs ${baseline.cpuMsPerRequest.toFixed(3)} ms: ${ratio.toFixed(2)}x${verdict}`,
  ];
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
