import type { ItemClosedSignal, ReviewSubmittedSignal } from '@docket/contracts';

/**
 * The signals the items service sends to a run's workflow (the item's temporalWorkflowId).
 * Names mirror libs/contracts/src/items/review-signal.ts, checked by review-signal.spec.ts so
 * the two cannot drift: workflow code cannot load the contracts library at run time, hence
 * the copy (the payload types are imported type-only).
 */
export const REVIEW_SUBMITTED_SIGNAL = 'reviewSubmitted';
export const ITEM_CLOSED_SIGNAL = 'itemClosed';

export type ReviewSubmission = ReviewSubmittedSignal;
export type ItemClosure = ItemClosedSignal;
