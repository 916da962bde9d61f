import { overprintedDoubt, overprintedPair } from './overprinted-words';

const word = (text: string, x0: number, x1: number, y0 = 0.207) => ({
  text,
  box: { x0, y0, x1, y1: y0 + 0.016 },
});

describe('words printed over each other', () => {
  it('finds a caption typeset over the end of a value', () => {
    const words = [
      word('CO', 0.455, 0.482),
      word('80202', 0.487, 0.537),
      word('Nature', 0.5, 0.554),
    ];
    const pair = overprintedPair(words);
    expect(pair?.map((w) => w.text)).toEqual(['80202', 'Nature']);
    expect(overprintedDoubt(pair!)).toBe('words printed over each other: "80202" and "Nature"');
  });

  it('leaves words that only touch, or stand on other lines, alone', () => {
    expect(overprintedPair([word('Oak', 0.309, 0.343), word('Ave,', 0.341, 0.383)])).toBeNull();
    expect(
      overprintedPair([word('80202', 0.487, 0.537), word('Wind', 0.49, 0.53, 0.24)]),
    ).toBeNull();
  });
});
