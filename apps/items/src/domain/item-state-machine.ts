import { ITEM_STATUSES, ItemStatus } from '@docket/contracts';
import { DocketException } from '@docket/platform';

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
const TRANSITIONS: Readonly<Record<ItemStatus, readonly ItemStatus[]>> = {
  QUEUED: ['IN_PROGRESS', 'CLOSED', 'FAILED', 'CANCELED'],
  IN_PROGRESS: ['REVIEW', 'COMPLETE', 'CLOSED', 'FAILED', 'CANCELED'],
  REVIEW: ['IN_PROGRESS', 'DEFERRED', 'CLOSED', 'FAILED', 'CANCELED'],
  DEFERRED: ['REVIEW', 'CLOSED', 'FAILED', 'CANCELED'],
  COMPLETE: [],
  CLOSED: [],
  FAILED: [],
  CANCELED: [],
};

export const TERMINAL_STATUSES: readonly ItemStatus[] = ITEM_STATUSES.filter(
  (status) => TRANSITIONS[status].length === 0,
);

export function canTransition(from: ItemStatus, to: ItemStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function assertTransition(from: ItemStatus, to: ItemStatus): void {
  if (!canTransition(from, to)) {
    throw new DocketException(
      'INVALID_STATE_TRANSITION',
      `An item in ${from} cannot move to ${to}`,
      { from, to, allowed: [...TRANSITIONS[from]] },
    );
  }
}

export function isTerminal(status: ItemStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}
