import { ITEM_STATUSES, ItemStatus } from '@docket/contracts';
import { DocketException } from '@docket/platform';

import {
  assertTransition,
  canTransition,
  isTerminal,
  TERMINAL_STATUSES,
} from './item-state-machine';

const LEGAL: Array<[ItemStatus, ItemStatus]> = [
  ['QUEUED', 'IN_PROGRESS'],
  ['IN_PROGRESS', 'REVIEW'],
  ['IN_PROGRESS', 'COMPLETE'],
  ['REVIEW', 'IN_PROGRESS'],
  ['REVIEW', 'DEFERRED'],
  ['DEFERRED', 'REVIEW'],
  ['REVIEW', 'CLOSED'],
  ['DEFERRED', 'CLOSED'],
  ['QUEUED', 'CANCELED'],
  ['REVIEW', 'FAILED'],
];

describe('item state machine', () => {
  it.each(LEGAL)('allows %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(() => assertTransition(from, to)).not.toThrow();
  });

  it('knows exactly four terminal statuses, which allow nothing', () => {
    expect([...TERMINAL_STATUSES].sort()).toEqual(['CANCELED', 'CLOSED', 'COMPLETE', 'FAILED']);
    for (const from of TERMINAL_STATUSES) {
      for (const to of ITEM_STATUSES) expect(canTransition(from, to)).toBe(false);
    }
  });

  it('refuses every self-transition', () => {
    for (const status of ITEM_STATUSES) expect(canTransition(status, status)).toBe(false);
  });

  it.each<[ItemStatus, ItemStatus]>([
    ['QUEUED', 'REVIEW'],
    ['QUEUED', 'COMPLETE'],
    ['REVIEW', 'COMPLETE'],
    ['DEFERRED', 'IN_PROGRESS'],
    ['IN_PROGRESS', 'DEFERRED'],
    ['COMPLETE', 'REVIEW'],
  ])('refuses %s -> %s with INVALID_STATE_TRANSITION (409)', (from, to) => {
    let thrown: unknown;
    try {
      assertTransition(from, to);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DocketException);
    expect((thrown as DocketException).code).toBe('INVALID_STATE_TRANSITION');
    expect((thrown as DocketException).details).toMatchObject({ from, to });
  });

  it('reports terminal statuses', () => {
    expect(isTerminal('COMPLETE')).toBe(true);
    expect(isTerminal('REVIEW')).toBe(false);
  });
});
