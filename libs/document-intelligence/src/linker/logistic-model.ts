/*
 * A logistic model: the probability that a candidate link (caption -> answer) is right, from a
 * few named features. Scoring is one dot product, so it loads and runs in microseconds on any
 * core; the weights are a short JSON file written by the training script
 * (`libs/document-intelligence/training/`).
 */

/** Trained weights, as stored in JSON. Features are standardised with `mean` and `scale`. */
export interface LogisticModel {
  readonly features: readonly string[];
  readonly mean: readonly number[];
  readonly scale: readonly number[];
  readonly weights: readonly number[];
  readonly bias: number;
}

export type FeatureVector = Readonly<Record<string, number>>;

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** Checks a parsed JSON file is a model: one weight, mean and scale per named feature. */
export function asLogisticModel(value: unknown): LogisticModel {
  const model = value as LogisticModel;
  const n = model?.features?.length;
  const sized = (a: readonly number[] | undefined): boolean =>
    Array.isArray(a) && a.length === n && a.every((x) => Number.isFinite(x));
  if (!n || !sized(model.mean) || !sized(model.scale) || !sized(model.weights)) {
    throw new Error('linker model: features, mean, scale and weights must have one entry each');
  }
  if (!Number.isFinite(model.bias)) throw new Error('linker model: bias must be a number');
  return model;
}

/** The probability of the positive class. A feature the vector lacks counts as 0. */
export function probability(model: LogisticModel, features: FeatureVector): number {
  let z = model.bias;
  model.features.forEach((name, i) => {
    z += (model.weights[i] * ((features[name] ?? 0) - model.mean[i])) / model.scale[i];
  });
  return sigmoid(z);
}

export interface FitOptions {
  /** L2 penalty on the standardised weights. */
  readonly l2: number;
  readonly iterations: number;
}

/**
 * Fits the model by Newton's method (iteratively reweighted least squares) on standardised
 * features with an L2 penalty: a few dozen features converge in a handful of iterations,
 * deterministically, with no learning rate to tune.
 */
export function fitLogistic(
  names: readonly string[],
  rows: readonly FeatureVector[],
  labels: readonly boolean[],
  options: FitOptions,
): LogisticModel {
  const d = names.length;
  const raw = rows.map((row) => names.map((name) => row[name] ?? 0));
  const mean = names.map((_, j) => raw.reduce((s, x) => s + x[j], 0) / raw.length);
  const scale = names.map((_, j) => {
    const variance = raw.reduce((s, x) => s + (x[j] - mean[j]) ** 2, 0) / raw.length;
    return variance > 1e-12 ? Math.sqrt(variance) : 1;
  });
  // Column 0 is the bias, not penalised.
  const x = raw.map((r) => [1, ...r.map((v, j) => (v - mean[j]) / scale[j])]);
  const y = labels.map((l) => (l ? 1 : 0));
  let w = new Array<number>(d + 1).fill(0);
  for (let iteration = 0; iteration < options.iterations; iteration += 1) {
    const gradient = new Array<number>(d + 1).fill(0);
    const hessian = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    x.forEach((xi, i) => {
      const p = sigmoid(xi.reduce((s, v, j) => s + v * w[j], 0));
      const weight = Math.max(p * (1 - p), 1e-9);
      for (let j = 0; j <= d; j += 1) {
        gradient[j] += (p - y[i]) * xi[j];
        for (let k = 0; k <= j; k += 1) hessian[j][k] += weight * xi[j] * xi[k];
      }
    });
    for (let j = 0; j <= d; j += 1) {
      for (let k = 0; k < j; k += 1) hessian[k][j] = hessian[j][k];
      if (j > 0) {
        gradient[j] += options.l2 * w[j];
        hessian[j][j] += options.l2;
      }
    }
    const step = solve(hessian, gradient);
    w = w.map((v, j) => v - step[j]);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return { features: [...names], mean, scale, weights: w.slice(1), bias: w[0] };
}

/** Solves A s = b by Gaussian elimination with partial pivoting (A is small and positive definite). */
function solve(a: readonly number[][], b: readonly number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < n; r += 1)
      if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    const lead = m[col][col] || 1e-12;
    for (let r = col + 1; r < n; r += 1) {
      const f = m[r][col] / lead;
      for (let c = col; c <= n; c += 1) m[r][c] -= f * m[col][c];
    }
  }
  const s = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r -= 1) {
    let sum = m[r][n];
    for (let c = r + 1; c < n; c += 1) sum -= m[r][c] * s[c];
    s[r] = sum / (m[r][r] || 1e-12);
  }
  return s;
}
