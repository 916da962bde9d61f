import type { ExecutionError, ExecutionStatusEvent, ExecutionStepEvent } from '@docket/contracts';

/*
 * Several events of one run (or one step) can arrive in the same batch of read-model writes,
 * and one statement may change a row only once. These fold each run's (each step's) events into
 * the single change that applying them one after the other would leave.
 */

/**
 * Rows in one order (by key) in every batch: two replicas' batches touching the same runs then
 * lock them in the same order rather than deadlocking.
 */
function byRow<T>(key: (value: T) => string): (a: T, b: T) => number {
  return (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}

/** One run's status events, folded. */
export interface MergedStatus {
  executionId: string;
  organizationId: string;
  /** The newest event (highest seq): the status it sets wins if it is newer than the row's. */
  seq: number;
  status: string;
  /** When the newest event happened: the completion time if its status is terminal. */
  at: string;
  /** The earliest time the run was seen past pending, if any event says so. */
  startedAt: string | null;
  /** The newest error any event carried. */
  error: ExecutionError | null;
  /** Every item any event named. */
  itemIds: string[];
  /** The newest event's count of completed steps to wait for, null when it has none. */
  stepsCompleted: number | null;
}

export function mergeStatusEvents(events: readonly ExecutionStatusEvent[]): MergedStatus[] {
  const byRun = new Map<string, MergedStatus>();
  const errorSeq = new Map<string, number>();
  for (const event of events) {
    const key = `${event.organizationId}:${event.executionId}`;
    const startedAt = event.status === 'pending' ? null : event.at;
    const known = byRun.get(key);
    if (!known) {
      byRun.set(key, {
        executionId: event.executionId,
        organizationId: event.organizationId,
        seq: event.seq,
        status: event.status,
        at: event.at,
        startedAt,
        error: event.error ?? null,
        itemIds: [...new Set(event.itemIds ?? [])],
        stepsCompleted: event.stepsCompleted ?? null,
      });
      if (event.error) errorSeq.set(key, event.seq);
      continue;
    }
    if (event.seq > known.seq) {
      known.seq = event.seq;
      known.status = event.status;
      known.at = event.at;
      known.stepsCompleted = event.stepsCompleted ?? null;
    }
    if (startedAt && (!known.startedAt || Date.parse(startedAt) < Date.parse(known.startedAt))) {
      known.startedAt = startedAt;
    }
    if (event.error && event.seq >= (errorSeq.get(key) ?? -1)) {
      known.error = event.error;
      errorSeq.set(key, event.seq);
    }
    known.itemIds = [...new Set([...known.itemIds, ...(event.itemIds ?? [])])];
  }
  return [...byRun.values()].sort(byRow((r) => r.executionId));
}

/** Above every attempt's rank: nothing a step reports after its run ended it replaces that end. */
const CANCELED_RANK = 2 ** 30;

/**
 * A step's place in time: a later attempt beats an earlier one, an end beats a start, and the
 * run's end (`canceled`) beats everything the step's activity might still report.
 */
export function stepRank(attempt: number, status: string): number {
  if (status === 'canceled') return CANCELED_RANK;
  return attempt * 2 + (status === 'running' || status === 'waiting' ? 0 : 1);
}

/**
 * Whether a step's event replaces what is known of the step. A cancel ends only a step that is
 * running or waiting: one that completed or failed first keeps its own end (and the SQL of
 * ExecutionRepository.writeSteps says the same).
 */
export function replacesStep(
  event: Pick<ExecutionStepEvent, 'attempt' | 'status'>,
  known: Pick<ExecutionStepEvent, 'attempt' | 'status'>,
): boolean {
  if (event.status === 'canceled' && known.status !== 'running' && known.status !== 'waiting') {
    return false;
  }
  return stepRank(event.attempt, event.status) >= stepRank(known.attempt, known.status);
}

/**
 * One step's events, folded: the highest-ranked event (the last of equal rank), started at the
 * earliest start any of them gives, with the input of the newest event that has one.
 */
export function mergeStepEvents(events: readonly ExecutionStepEvent[]): ExecutionStepEvent[] {
  const byStep = new Map<string, ExecutionStepEvent>();
  for (const event of events) {
    const key = `${event.organizationId}:${event.executionId}:${event.stepKey}`;
    const known = byStep.get(key);
    if (!known) {
      byStep.set(key, { ...event });
      continue;
    }
    const [winner, other] = replacesStep(event, known) ? [event, known] : [known, event];
    const startedAt =
      Date.parse(event.startedAt) < Date.parse(known.startedAt) ? event.startedAt : known.startedAt;
    byStep.set(key, {
      ...winner,
      startedAt,
      input: winner.input !== undefined ? winner.input : other.input,
    });
  }
  return [...byStep.values()].sort(byRow((e) => `${e.executionId}:${e.stepKey}`));
}
