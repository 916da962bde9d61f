import { type RandomGenerator, unsafeUniformIntDistribution, xoroshiro128plus } from 'pure-rand';

/*
 * Seeded draws for the linker's training documents (pure-rand's xoroshiro128+): the same seed
 * draws the same documents on every machine, so the trained weights are reproducible from the
 * repository.
 */

/** Draws come as integers in [0, RESOLUTION); their share of it is a uniform [0, 1). */
const RESOLUTION = 2 ** 30;

export class SeededRandom {
  private readonly generator: RandomGenerator;

  constructor(seed: number) {
    this.generator = xoroshiro128plus(seed);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return unsafeUniformIntDistribution(0, RESOLUTION - 1, this.generator) / RESOLUTION;
  }

  between(low: number, high: number): number {
    return low + (high - low) * this.next();
  }

  /** An integer in [low, high]. */
  int(low: number, high: number): number {
    return unsafeUniformIntDistribution(low, high, this.generator);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }
}
