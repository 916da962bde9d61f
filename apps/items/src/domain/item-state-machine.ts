import { ItemStatus } from '@docket/contracts';
import { stateMachine, TransitionTable } from '@docket/platform';

/**
 * The one item state machine (DESIGN.md §4). Every status change — by a run, a reviewer, an
 * Admin or the deferral sweeper — asks `assertTransition` first; nothing else decides.
 *
 *   QUEUED -> IN_PROGRESS -> REVIEW -> (submit) IN_PROGRESS -> COMPLETE
 *   REVIEW <-> DEFERRED (defer; resume or the until-time passes)
 *   any non-terminal -> CLOSED (reviewer or Admin), FAILED (run failed), CANCELED (run canceled)
 *
 * A submitted review sends the item back to IN_PROGRESS because the run resumes (write-back and
 * whatever follows the review node); the run moves it to COMPLETE when it finishes.
 */
const TRANSITIONS: TransitionTable<ItemStatus> = {
  QUEUED: ['IN_PROGRESS', 'CLOSED', 'FAILED', 'CANCELED'],
  IN_PROGRESS: ['REVIEW', 'COMPLETE', 'CLOSED', 'FAILED', 'CANCELED'],
  REVIEW: ['IN_PROGRESS', 'DEFERRED', 'CLOSED', 'FAILED', 'CANCELED'],
  DEFERRED: ['REVIEW', 'CLOSED', 'FAILED', 'CANCELED'],
  COMPLETE: [],
  CLOSED: [],
  FAILED: [],
  CANCELED: [],
};

export const {
  terminal: TERMINAL_STATUSES,
  canTransition,
  assertTransition,
  isTerminal,
} = stateMachine('An item', TRANSITIONS);
