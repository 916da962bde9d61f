/**
 * The Temporal signals the items service sends to the workflow of the run that created an item
 * (workflow id = the item's `temporalWorkflowId` = the run's executionId).
 *
 * This file imports nothing on purpose: workflow code (deterministic sandbox) imports it directly,
 * so it must stay free of Node, Nest and infrastructure.
 *
 * Workflow side:
 *   const reviewSubmitted = defineSignal<[ReviewSubmittedSignal]>(REVIEW_SUBMITTED_SIGNAL);
 *   setHandler(reviewSubmitted, (review) => { ... });
 * Items side: `client.workflow.getHandle(temporalWorkflowId).signal(REVIEW_SUBMITTED_SIGNAL, payload)`.
 */

/** Sent once per submitted review, after the review is stored and the lock released. */
export const REVIEW_SUBMITTED_SIGNAL = 'reviewSubmitted';

/** Sent when a reviewer or an Admin closes an item without completing it; the run should end. */
export const ITEM_CLOSED_SIGNAL = 'itemClosed';

/** Any JSON value: what a field holds (a scalar, an object, or an array of row objects). */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface SignalReviewer {
  userId: string;
  /** Display name at the time of the review (users may be renamed later). */
  name: string;
}

/** One field as the reviewer left it: the current version of every field of the item. */
export interface ReviewedField {
  key: string;
  type: string;
  value: JsonValue;
  /** null for a field extracted for the item as a whole. */
  documentId: string | null;
  /** Current version number (1 = as extracted). */
  version: number;
  /** True when the reviewer changed this field during this review. */
  editedInReview: boolean;
  /**
   * Where extraction found the value (its first grounding: page of the file and box in page
   * fractions); absent when it was not grounded. For a field edited in review it is where the
   * old value was, not the new one.
   */
  grounding?: {
    page: number;
    box: { x: number; y: number; width: number; height: number };
    /** The reviewer's edit gave this place: it is where the new value is. */
    placedByReviewer?: boolean;
  };
  /** A reviewer accepted this version as it is (present only then). */
  accepted?: { by: SignalReviewer; at: string };
}

export interface ReviewSubmittedSignal {
  itemId: string;
  reviewId: string;
  reviewer: SignalReviewer;
  /** ISO 8601 UTC. */
  submittedAt: string;
  fields: ReviewedField[];
}

export interface ItemClosedSignal {
  itemId: string;
  closedBy: SignalReviewer;
  /** ISO 8601 UTC. */
  closedAt: string;
  reason: string | null;
}
