import { intersectionOverUnion, unionBox, verticalOverlapRatio } from './box-geometry';

describe('box geometry', () => {
  it('unions boxes and is undefined for none', () => {
    expect(unionBox([])).toBeUndefined();
    expect(
      unionBox([
        { x0: 0.1, y0: 0.2, x1: 0.3, y1: 0.25 },
        { x0: 0.2, y0: 0.1, x1: 0.5, y1: 0.22 },
      ]),
    ).toEqual({ x0: 0.1, y0: 0.1, x1: 0.5, y1: 0.25 });
  });

  it('computes IoU of identical, disjoint and half-overlapping boxes', () => {
    const a = { x0: 0, y0: 0, x1: 0.2, y1: 0.1 };
    expect(intersectionOverUnion(a, a)).toBeCloseTo(1);
    expect(intersectionOverUnion(a, { x0: 0.5, y0: 0.5, x1: 0.6, y1: 0.6 })).toBe(0);
    expect(intersectionOverUnion(a, { x0: 0.1, y0: 0, x1: 0.3, y1: 0.1 })).toBeCloseTo(1 / 3);
  });

  it('measures vertical overlap against the shorter box', () => {
    expect(
      verticalOverlapRatio({ x0: 0, y0: 0, x1: 1, y1: 0.1 }, { x0: 0, y0: 0.05, x1: 1, y1: 0.06 }),
    ).toBeCloseTo(1);
    expect(
      verticalOverlapRatio({ x0: 0, y0: 0, x1: 1, y1: 0.1 }, { x0: 0, y0: 0.2, x1: 1, y1: 0.3 }),
    ).toBe(0);
  });
});
