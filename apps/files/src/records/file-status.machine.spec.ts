import { FILE_STATUSES, FileStatus } from '@docket/contracts';

import { canTransition } from './file-status.machine';

describe('file status machine', () => {
  const legal: Array<[FileStatus, FileStatus]> = [
    ['READY_TO_UPLOAD', 'UPLOADED'],
    ['UPLOADED', 'PROCESSING'],
    ['PROCESSING', 'READY'],
    ['PROCESSING', 'FAILED'],
    ['PROCESSING', 'UPLOADED'],
    ['UPLOADED', 'FAILED'],
    ['READY_TO_UPLOAD', 'FAILED'],
  ];

  it('allows exactly the documented transitions', () => {
    for (const from of FILE_STATUSES) {
      for (const to of FILE_STATUSES) {
        const expected = legal.some(([a, b]) => a === from && b === to);
        expect({ from, to, allowed: canTransition(from, to) }).toEqual({
          from,
          to,
          allowed: expected,
        });
      }
    }
  });

  it('never leaves READY, FAILED or UNSUPPORTED', () => {
    for (const terminal of ['READY', 'FAILED', 'UNSUPPORTED'] as const) {
      expect(FILE_STATUSES.filter((to) => canTransition(terminal, to))).toEqual([]);
    }
  });
});
