import type { ExecutionStatus } from '@docket/contracts';
import { stateMachine, TransitionTable } from '@docket/platform';

/**
 * The one run state machine (DESIGN.md §4), as the execution read model applies it.
 *
 *   pending -> running <-> in_review -> completed | failed | canceled
 *
 * The worker's status events may arrive merged or out of order, so a live run may show any later
 * status next (a pending run seen next as completed); their `seq` orders them, and a newer event
 * of the same status refreshes the row without moving it. Nothing leaves a terminal status.
 */
const TRANSITIONS: TransitionTable<ExecutionStatus> = {
  pending: ['running', 'in_review', 'completed', 'failed', 'canceled'],
  running: ['in_review', 'completed', 'failed', 'canceled'],
  in_review: ['running', 'completed', 'failed', 'canceled'],
  completed: [],
  failed: [],
  canceled: [],
};

export const {
  terminal: TERMINAL_STATUSES,
  canTransition,
  sourcesOf,
  isTerminal,
} = stateMachine('A run', TRANSITIONS);
