import { EXECUTION_STATUSES, ExecutionStatus } from '@docket/contracts';

import {
  canTransition,
  isTerminal,
  sourcesOf,
  TERMINAL_STATUSES,
} from './execution-status.machine';

describe('run status machine', () => {
  it.each<[ExecutionStatus, ExecutionStatus]>([
    ['pending', 'running'],
    ['running', 'in_review'],
    ['in_review', 'running'],
    ['running', 'completed'],
    // Events merged in one batch: the read model may see a pending run end at once.
    ['pending', 'completed'],
    ['in_review', 'canceled'],
  ])('allows %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it('lets nothing leave completed, failed or canceled, and nothing return to pending', () => {
    expect([...TERMINAL_STATUSES].sort()).toEqual(['canceled', 'completed', 'failed']);
    for (const from of TERMINAL_STATUSES) {
      expect(EXECUTION_STATUSES.filter((to) => canTransition(from, to))).toEqual([]);
    }
    expect(sourcesOf('pending')).toEqual([]);
  });

  it('ends only a live run: what markEnded guards its UPDATE with', () => {
    expect([...sourcesOf('canceled')].sort()).toEqual(['in_review', 'pending', 'running']);
    expect([...sourcesOf('failed')].sort()).toEqual(['in_review', 'pending', 'running']);
  });

  it('reports terminal statuses', () => {
    expect(isTerminal('completed')).toBe(true);
    expect(isTerminal('in_review')).toBe(false);
  });
});
