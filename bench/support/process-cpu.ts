import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/**
 * CPU time (user + system, ms) a process has used so far: the kernel's counters behind
 * `process.cpuUsage`, read from /proc so the benchmark can measure servers it did not start
 * in-process (the gateway and the services of the bench stack).
 */
export function cpuMsOf(pid: number): number {
  const fields = statFields(`/proc/${pid}/stat`);
  return ticksToMs(fields[11], fields[12]);
}

/**
 * CPU time (ms) of this process and of its children that have exited and been waited for
 * (every thread of each), e.g. the page runners a benchmark's work started and saw end.
 */
export function cpuMsWithChildren(): number {
  const fields = statFields('/proc/self/stat');
  return ticksToMs(fields[11], fields[12], fields[13], fields[14]);
}

function statFields(path: string): string[] {
  const stat = readFileSync(path, 'utf8');
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function ticksToMs(...ticks: (string | undefined)[]): number {
  return (ticks.reduce((sum, value) => sum + Number(value), 0) * 1000) / CLOCK_TICKS_PER_SECOND;
}

export function cpuMsOfAll(pids: number[]): number {
  return pids.reduce((total, pid) => total + cpuMsOf(pid), 0);
}

/** The pids of every process with this exact command name (`pgrep -x`), none when absent. */
export function pidsNamed(name: string): number[] {
  try {
    return execFileSync('pgrep', ['-x', name]).toString().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The last reading of each process, for one that exits between two readings. */
const lastReading = new Map<number, number>();

/**
 * CPU used so far by each named group of processes. A process that has exited counts at its
 * last reading (PostgreSQL ends idle backends), so a difference of two readings is never
 * negative; what it used after that reading is not counted.
 */
export function cpuByGroup(groups: Record<string, number[]>): Record<string, number> {
  const alive = (pid: number) => {
    try {
      const ms = cpuMsOf(pid);
      lastReading.set(pid, ms);
      return ms;
    } catch {
      return lastReading.get(pid) ?? 0;
    }
  };
  return Object.fromEntries(
    Object.entries(groups).map(([name, pids]) => [
      name,
      pids.reduce((total, pid) => total + alive(pid), 0),
    ]),
  );
}
