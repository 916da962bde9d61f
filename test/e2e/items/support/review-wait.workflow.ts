import { condition, defineSignal, setHandler } from '@temporalio/workflow';

// A relative path on purpose: the workflow bundle knows no tsconfig aliases, and this file of
// the contracts library imports nothing.
import {
  ITEM_CLOSED_SIGNAL,
  ItemClosedSignal,
  REVIEW_SUBMITTED_SIGNAL,
  ReviewSubmittedSignal,
} from '../../../../libs/contracts/src/items/review-signal';

export const reviewSubmitted = defineSignal<[ReviewSubmittedSignal]>(REVIEW_SUBMITTED_SIGNAL);
export const itemClosed = defineSignal<[ItemClosedSignal]>(ITEM_CLOSED_SIGNAL);

export type ReviewOutcome =
  | { kind: 'submitted'; review: ReviewSubmittedSignal }
  | { kind: 'closed'; closed: ItemClosedSignal }
  | { kind: 'timed-out' };

/** Stands in for a flow run paused at its human-review node: it waits for the item's outcome. */
export async function waitForReview(itemId: string): Promise<ReviewOutcome> {
  let outcome: ReviewOutcome | undefined;
  setHandler(reviewSubmitted, (review) => {
    if (review.itemId === itemId) outcome = { kind: 'submitted', review };
  });
  setHandler(itemClosed, (closed) => {
    if (closed.itemId === itemId) outcome = { kind: 'closed', closed };
  });
  const arrived = await condition(() => outcome !== undefined, '2 minutes');
  return arrived && outcome ? outcome : { kind: 'timed-out' };
}
