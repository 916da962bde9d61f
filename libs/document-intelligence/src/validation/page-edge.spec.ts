import { atPageEdge } from './page-edge';

const grounding = (x0: number, x1: number) => ({
  page: 1,
  box: { x0, y0: 0.24, x1, y1: 0.25 },
  words: [],
});

describe("a value reaching the page's edge", () => {
  it('is doubted: it may run off the page', () => {
    expect(atPageEdge(grounding(0.617, 0.995))).toBe(
      "the value reaches the page's edge: it may run off the page",
    );
    expect(atPageEdge(grounding(0.004, 0.2))).not.toBeNull();
  });

  it('is not doubted while it keeps a margin, nor without a place', () => {
    expect(atPageEdge(grounding(0.617, 0.95))).toBeNull();
    expect(atPageEdge(undefined)).toBeNull();
  });
});
