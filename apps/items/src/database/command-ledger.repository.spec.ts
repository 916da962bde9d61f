import { fingerprintOf } from './command-ledger.repository';

describe('command fingerprints', () => {
  it('ignore key order and undefined members', () => {
    expect(fingerprintOf('s', { a: 1, b: { c: [1, { d: 2, e: 3 }] }, u: undefined })).toBe(
      fingerprintOf('s', { b: { c: [1, { e: 3, d: 2 }] }, a: 1 }),
    );
  });

  it('differ by subject and by any value', () => {
    expect(fingerprintOf('s', { a: 1 })).not.toBe(fingerprintOf('t', { a: 1 }));
    expect(fingerprintOf('s', { a: 1 })).not.toBe(fingerprintOf('s', { a: 2 }));
    expect(fingerprintOf('s', { a: [1, 2] })).not.toBe(fingerprintOf('s', { a: [2, 1] }));
  });
});
