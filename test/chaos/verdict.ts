import type { ChaosEvidence } from './chaos-run';
import { FaultKind } from './faults';
import { isTransient } from './traffic-log';

/**
 * What the fault suite asserts, computed from what it observed (chaos-run.ts) and what the API
 * says afterwards. Everything is counted; `failures` lists every broken promise in words.
 */
/**
 * 5xx answers may follow a fault only this long: past it the system should have failed over
 * (another replica, a new NATS leader) or restarted the component (a replica restarts in about
 * 40 s on the loaded 2-core machine).
 */
export const ERROR_WINDOW_BOUND_MS = 90_000;

export interface FaultSummary {
  kind: FaultKind;
  count: number;
  /** Fault -> the faulted component ready again (restart / failover time). */
  restoreMs: Stats;
  /** Fault -> the first 2xx answer to a request sent after it. */
  apiRecoveryMs: Stats;
  /** Fault -> the first write-back of a run submitted after it (the whole path works again). */
  pipelineRecoveryMs: Stats;
  /** 5xx answers and unanswered requests attributed to this kind's faults. */
  errors: number;
  /** Longest time from a fault to the last error attributed to it. */
  errorWindowMaxMs: number;
  /** Faults after which no write-back came before the next fault. */
  unrecovered: number;
}

export interface Stats {
  p50: number;
  max: number;
}

export interface ChaosReport {
  faults: FaultSummary[];
  requests: number;
  /** 4xx answers other than a conflict or an expired token: a bug in the suite or the API. */
  unexpected4xx: string[];
  /** 5xx or unanswered requests before the first fault (should be 0). */
  errorsBeforeFaults: number;
  uploads: { stored: number; ready: number; notReady: string[] };
  runs: {
    expected: number;
    completed: number;
    /** Files with more than one run. */
    duplicated: string[];
    /** Files with no run. */
    missing: string[];
    notCompleted: string[];
  };
  writeBacks: {
    received: number;
    /** Repeated POSTs of one Idempotency-Key, acknowledged and not stored again. */
    deduplicated: number;
    missing: string[];
  };
  items: { expected: number; found: number; duplicated: number; notComplete: number };
  /** Targets that had exited before their fault came: crashes the suite did not cause. */
  foundDead: string[];
  failures: string[];
}

export function stats(values: number[]): Stats {
  if (values.length === 0) return { p50: NaN, max: NaN };
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: sorted[Math.floor((sorted.length - 1) / 2)], max: sorted[sorted.length - 1] };
}

interface ExecutionRow {
  executionId: string;
  status: string;
  fileIds: string[];
  itemIds: string[];
}

/**
 * Every row of a paged list, each once: rows created while paging shift the offsets, so one row
 * can come on two pages; that is the paging, not a duplicate in the data.
 */
async function allRows<T>(
  evidence: ChaosEvidence,
  idOf: (row: T) => string,
  path: (page: number) => string,
): Promise<T[]> {
  const rows = new Map<string, T>();
  for (let page = 1; ; page++) {
    const answer = await evidence.log.call<{ data: T[] }>('GET', path(page), 'verdict');
    if (answer.status !== 200) throw new Error(`GET ${path(page)}: ${answer.status}`);
    for (const row of answer.body.data) rows.set(idOf(row), row);
    if (answer.body.data.length < 100) return [...rows.values()];
  }
}

/** The index of the last fault injected at or before `at`; -1 before the first. */
function lastFaultBefore(faults: ChaosEvidence['faults'], at: number): number {
  let found = -1;
  faults.forEach((fault, index) => {
    if (fault.injectedAt <= at) found = index;
  });
  return found;
}

function faultSummaries(evidence: ChaosEvidence): {
  summaries: FaultSummary[];
  errorsBeforeFaults: number;
} {
  const { faults, log, receiver, submittedAt } = evidence;
  const errorsOf = new Map<number, number[]>();
  let errorsBeforeFaults = 0;
  for (const exchange of log.exchanges) {
    if (!isTransient(exchange.status) || exchange.status === 429) continue;
    const index = lastFaultBefore(faults, exchange.endedAt);
    if (index < 0) errorsBeforeFaults++;
    else errorsOf.set(index, [...(errorsOf.get(index) ?? []), exchange.endedAt]);
  }
  const kinds = [...new Set(faults.map((fault) => fault.kind))];
  const summaries = kinds.map((kind) => {
    const indexes = faults.flatMap((fault, index) => (fault.kind === kind ? [index] : []));
    const apiRecovery: number[] = [];
    const pipelineRecovery: number[] = [];
    let errors = 0;
    let errorWindowMaxMs = 0;
    let unrecovered = 0;
    for (const index of indexes) {
      const fault = faults[index];
      const nextAt = faults[index + 1]?.injectedAt ?? Infinity;
      const firstOk = log.exchanges.find(
        (e) => e.startedAt >= fault.injectedAt && e.status >= 200 && e.status < 300,
      );
      if (firstOk) apiRecovery.push(firstOk.endedAt - fault.injectedAt);
      const delivered = receiver.deliveries
        .filter((d) => (submittedAt.get(d.executionId) ?? 0) > fault.injectedAt)
        .map((d) => d.receivedAt)
        .filter((at) => at < nextAt);
      if (delivered.length > 0) pipelineRecovery.push(Math.min(...delivered) - fault.injectedAt);
      else unrecovered++;
      const errorTimes = errorsOf.get(index) ?? [];
      errors += errorTimes.length;
      for (const at of errorTimes)
        errorWindowMaxMs = Math.max(errorWindowMaxMs, at - fault.injectedAt);
    }
    return {
      kind,
      count: indexes.length,
      restoreMs: stats(indexes.map((i) => faults[i].restoredAt - faults[i].injectedAt)),
      apiRecoveryMs: stats(apiRecovery),
      pipelineRecoveryMs: stats(pipelineRecovery),
      errors,
      errorWindowMaxMs,
      unrecovered,
    };
  });
  return { summaries, errorsBeforeFaults };
}

export async function verdictOf(evidence: ChaosEvidence): Promise<ChaosReport> {
  const { org, flowId, uploads, receiver } = evidence;
  const failures: string[] = [];

  const notReady: string[] = [];
  for (const upload of uploads) {
    const file = await evidence.log.call<{ status: string }>(
      'GET',
      `/files/${upload.fileId}`,
      'verdict',
    );
    if (file.body.status !== 'READY') notReady.push(`${upload.fileId} (${file.body.status})`);
  }

  const executions = await allRows<ExecutionRow>(
    evidence,
    (execution) => execution.executionId,
    (page) => `/flow-executions?projectId=${org.projectId}&flowId=${flowId}&limit=100&page=${page}`,
  );
  const runsOfFile = new Map<string, ExecutionRow[]>();
  for (const execution of executions) {
    for (const fileId of execution.fileIds) {
      runsOfFile.set(fileId, [...(runsOfFile.get(fileId) ?? []), execution]);
    }
  }
  const duplicated = [...runsOfFile].filter(([, runs]) => runs.length > 1).map(([id]) => id);
  const missing = uploads.map((u) => u.fileId).filter((id) => !runsOfFile.has(id));
  const notCompleted = executions
    .filter((e) => e.status !== 'completed')
    .map((e) => `${e.executionId} (${e.status})`);

  const deliveredKeys = new Set(receiver.deliveries.map((d) => d.idempotencyKey));
  const missingWriteBacks = executions
    .filter((e) => e.status === 'completed' && !deliveredKeys.has(`${e.executionId}:send`))
    .map((e) => e.executionId);
  const deduplicated = [...receiver.attemptsByKey.values()].reduce(
    (total, attempts) => total + attempts - 1,
    0,
  );

  const items = await allRows<{ id: string; status: string }>(
    evidence,
    (item) => item.id,
    (page) => `/items?projectId=${org.projectId}&limit=100&page=${page}`,
  );
  // A run names its items (the list rows do not name their run): one each, none shared.
  const itemIdsOfRuns = executions.flatMap((execution) => execution.itemIds);
  const duplicatedItems =
    executions.filter((execution) => execution.itemIds.length > 1).length +
    (itemIdsOfRuns.length - new Set(itemIdsOfRuns).size);
  const notComplete = items.filter((item) => item.status !== 'COMPLETE').length;

  if (notReady.length) failures.push(`${notReady.length} stored upload(s) not READY`);
  if (missing.length) failures.push(`${missing.length} READY file(s) without a run`);
  if (duplicated.length) failures.push(`${duplicated.length} file(s) with more than one run`);
  if (notCompleted.length) failures.push(`${notCompleted.length} run(s) not completed`);
  if (missingWriteBacks.length) failures.push(`${missingWriteBacks.length} write-back(s) missing`);
  if (items.length !== executions.length)
    failures.push(`${items.length} items for ${executions.length} runs`);
  if (duplicatedItems) failures.push(`${duplicatedItems} run(s) with more than one item`);
  if (notComplete) failures.push(`${notComplete} item(s) not COMPLETE`);

  const unexpected4xx = evidence.log.exchanges
    .filter((e) => e.status >= 400 && e.status < 500 && ![401, 409, 429].includes(e.status))
    .map((e) => `${e.label}: ${e.status}`);
  if (unexpected4xx.length)
    failures.push(
      `${unexpected4xx.length} unexpected 4xx (${[...new Set(unexpected4xx)].join(', ')})`,
    );
  const { summaries, errorsBeforeFaults } = faultSummaries(evidence);
  for (const summary of summaries) {
    if (summary.errorWindowMaxMs > ERROR_WINDOW_BOUND_MS)
      failures.push(`${summary.kind}: 5xx ${summary.errorWindowMaxMs} ms after a fault`);
  }
  if (errorsBeforeFaults) failures.push(`${errorsBeforeFaults} error(s) before any fault`);
  return {
    faults: summaries,
    requests: evidence.log.exchanges.length,
    unexpected4xx,
    errorsBeforeFaults,
    uploads: { stored: uploads.length, ready: uploads.length - notReady.length, notReady },
    runs: {
      expected: uploads.length,
      completed: executions.length - notCompleted.length,
      duplicated,
      missing,
      notCompleted,
    },
    writeBacks: { received: receiver.deliveries.length, deduplicated, missing: missingWriteBacks },
    items: {
      expected: executions.length,
      found: items.length,
      duplicated: duplicatedItems,
      notComplete,
    },
    foundDead: evidence.faults
      .filter((fault) => fault.foundDead)
      .map((fault) => `${fault.kind} ${fault.target}`),
    failures,
  };
}

/** The report as the table docs/operations.md shows. */
export function reportLines(report: ChaosReport): string[] {
  const ms = (s: Stats) => `${(s.p50 / 1000).toFixed(1)} / ${(s.max / 1000).toFixed(1)}`;
  const lines = [
    '| Fault | n | restore p50/max s | first 2xx p50/max s | next write-back p50/max s | 5xx/unanswered | 5xx window max s | unrecovered |',
    '|---|---|---|---|---|---|---|---|',
    ...report.faults.map(
      (f) =>
        `| ${f.kind} | ${f.count} | ${ms(f.restoreMs)} | ${ms(f.apiRecoveryMs)} | ${ms(f.pipelineRecoveryMs)} | ${f.errors} | ${(f.errorWindowMaxMs / 1000).toFixed(1)} | ${f.unrecovered} |`,
    ),
    '',
    `requests ${report.requests}; errors before any fault ${report.errorsBeforeFaults}`,
    `uploads stored ${report.uploads.stored}, READY ${report.uploads.ready}`,
    `runs expected ${report.runs.expected}, completed ${report.runs.completed}, duplicated ${report.runs.duplicated.length}, missing ${report.runs.missing.length}`,
    `write-backs received ${report.writeBacks.received}, repeats deduplicated by Idempotency-Key ${report.writeBacks.deduplicated}, missing ${report.writeBacks.missing.length}`,
    `items ${report.items.found} for ${report.items.expected} runs, duplicated ${report.items.duplicated}, not COMPLETE ${report.items.notComplete}`,
    `targets already exited when their fault came ${report.foundDead.length}${report.foundDead.length ? ` (${report.foundDead.join(', ')})` : ''}`,
    report.failures.length ? `FAILED: ${report.failures.join('; ')}` : 'all assertions hold',
  ];
  return lines;
}
