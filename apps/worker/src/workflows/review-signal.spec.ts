import * as contracts from '@docket/contracts';

import { ITEM_CLOSED_SIGNAL, REVIEW_SUBMITTED_SIGNAL } from './review-signal';

describe('review signals', () => {
  it('carry the names the items service sends', () => {
    expect(REVIEW_SUBMITTED_SIGNAL).toBe(contracts.REVIEW_SUBMITTED_SIGNAL);
    expect(ITEM_CLOSED_SIGNAL).toBe(contracts.ITEM_CLOSED_SIGNAL);
  });
});
