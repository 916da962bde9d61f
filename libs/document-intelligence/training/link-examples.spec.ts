import { pageExamples } from './link-examples';
import { SeededRandom } from './seeded-random';

describe('linker training examples', () => {
  it('draws the same labelled examples from the same seed', () => {
    const first = pageExamples(new SeededRandom(11), false, 'p');
    const again = pageExamples(new SeededRandom(11), false, 'p');
    expect(again).toEqual(first);
  });

  it('labels readings right and wrong, on digital pages and on scans', () => {
    for (const scan of [false, true]) {
      const random = new SeededRandom(scan ? 21 : 22);
      const found = [0, 1].map((p) => pageExamples(random, scan, `p${p}`));
      const answers = found.flatMap((f) => f.answers);
      const pairs = found.flatMap((f) => f.pairs);
      expect(answers.filter((e) => e.right).length).toBeGreaterThan(10);
      expect(answers.some((e) => !e.right)).toBe(true);
      expect(pairs.filter((e) => e.right).length).toBeGreaterThan(10);
      expect(pairs.some((e) => !e.right)).toBe(true);
    }
  });
});
