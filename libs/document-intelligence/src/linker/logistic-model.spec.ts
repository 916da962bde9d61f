import { asLogisticModel, fitLogistic, probability } from './logistic-model';

describe('logistic model', () => {
  it('learns which side of a threshold is positive and says so with a probability', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ x: i / 100, noise: (i * 7) % 5 }));
    const labels = rows.map((r) => r.x > 1);
    const model = fitLogistic(['x', 'noise'], rows, labels, { l2: 0.1, iterations: 30 });
    expect(probability(model, { x: 1.9, noise: 2 })).toBeGreaterThan(0.95);
    expect(probability(model, { x: 0.1, noise: 2 })).toBeLessThan(0.05);
    // The feature that carries no signal gets next to no weight.
    expect(Math.abs(model.weights[1])).toBeLessThan(Math.abs(model.weights[0]) / 10);
  });

  it('is deterministic: the same data fits the same weights', () => {
    const rows = [{ a: 0 }, { a: 1 }, { a: 2 }, { a: 3 }];
    const labels = [false, true, false, true];
    const first = fitLogistic(['a'], rows, labels, { l2: 1, iterations: 20 });
    expect(fitLogistic(['a'], rows, labels, { l2: 1, iterations: 20 })).toEqual(first);
  });

  it('counts a feature missing from the vector as 0 and keeps a constant feature harmless', () => {
    const model = fitLogistic(
      ['a', 'constant'],
      [
        { a: 0, constant: 1 },
        { a: 1, constant: 1 },
      ],
      [false, true],
      {
        l2: 1,
        iterations: 20,
      },
    );
    expect(model.scale[1]).toBe(1);
    expect(probability(model, {})).toBeCloseTo(probability(model, { a: 0, constant: 1 }), 1);
  });

  it('refuses weights whose lengths do not match the features', () => {
    expect(() =>
      asLogisticModel({ features: ['a', 'b'], mean: [0], scale: [1, 1], weights: [1, 1], bias: 0 }),
    ).toThrow(/one entry each/);
    expect(() =>
      asLogisticModel({ features: ['a'], mean: [0], scale: [1], weights: [1], bias: 'x' }),
    ).toThrow(/bias/);
    const model = { features: ['a'], mean: [0], scale: [1], weights: [2], bias: -1 };
    expect(asLogisticModel(model)).toBe(model);
  });
});
