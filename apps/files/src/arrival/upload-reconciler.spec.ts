import { ABANDON_EVERY_MS, Every } from './upload-reconciler';

describe('Every', () => {
  it('is due at the first call, then once a period has passed since it was last due', () => {
    const every = new Every(ABANDON_EVERY_MS);
    const start = 1_000_000;
    expect(every.due(start)).toBe(true);
    expect(every.due(start + 1_000)).toBe(false);
    expect(every.due(start + ABANDON_EVERY_MS - 1)).toBe(false);
    expect(every.due(start + ABANDON_EVERY_MS)).toBe(true);
    expect(every.due(start + ABANDON_EVERY_MS + 1)).toBe(false);
    expect(every.due(start + 3 * ABANDON_EVERY_MS)).toBe(true);
  });
});
