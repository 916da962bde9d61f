import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { ANSWER_FEATURES } from '../src/linker/answer-features';
import {
  type FeatureVector,
  fitLogistic,
  type LogisticModel,
  probability,
} from '../src/linker/logistic-model';
import { PAIR_FEATURES } from '../src/linker/pair-features';
import { type Example, pageExamples } from './link-examples';
import { SeededRandom } from './seeded-random';

/*
 * Trains the learned linker: `npm run linker:train` (a minute or two on one core). The recipe
 * is all here: generated form pages only (no outside data, so the weights may ship), drawn from
 * TRAINING_SEED, SCAN_SHARE of them scanned; a held-out draw from another seed reports how
 * often the model's first choice for a field is right against the rules' first choice. The
 * weights are written to src/linker/linker-weights.json.
 */

export const RECIPE = {
  trainingSeed: 2811,
  heldOutSeed: 2812,
  trainingPages: 1000,
  heldOutPages: 100,
  scanShare: 0.4,
  l2: 1,
  iterations: 30,
} as const;

function examples(seed: number, pages: number): { answers: Example[]; pairs: Example[] } {
  const random = new SeededRandom(seed);
  const answers: Example[] = [];
  const pairs: Example[] = [];
  for (let p = 0; p < pages; p += 1) {
    if (p % 50 === 0) process.stderr.write(`  seed ${seed}: page ${p}/${pages}\n`);
    const found = pageExamples(random, random.chance(RECIPE.scanShare), `${seed}:${p}`);
    answers.push(...found.answers);
    pairs.push(...found.pairs);
  }
  return { answers, pairs };
}

/** Of fields with a right reading among two or more, how often each ranking puts it first. */
function firstChoice(
  held: readonly Example[],
  learned: (e: Example) => number,
  rules: (e: Example) => number,
): { groups: number; learned: number; rules: number } {
  const groups = new Map<string, Example[]>();
  for (const e of held) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  let counted = 0;
  let byModel = 0;
  let byRules = 0;
  for (const group of groups.values()) {
    if (group.length < 2 || !group.some((e) => e.right)) continue;
    counted += 1;
    const best = (score: (e: Example) => number): Example =>
      group.reduce((a, b) => (score(b) > score(a) ? b : a));
    if (best(learned).right) byModel += 1;
    if (best(rules).right) byRules += 1;
  }
  return { groups: counted, learned: byModel, rules: byRules };
}

/**
 * Fits the readings' model to rank: within each field's readings, the right one against each
 * wrong one (a pairwise logistic model on feature differences, which learns what sets the right
 * reading apart from its rivals rather than what right readings look like across pages), then
 * scales the ranking score into a probability by a one-feature logistic fit on all readings, so
 * readings of different fields still compare.
 */
function fitRanking(names: readonly string[], rows: readonly Example[]): LogisticModel {
  const groups = new Map<string, Example[]>();
  for (const e of rows) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  const diffs: FeatureVector[] = [];
  const labels: boolean[] = [];
  for (const group of groups.values()) {
    for (const right of group.filter((e) => e.right)) {
      for (const wrong of group.filter((e) => !e.right)) {
        const diff = Object.fromEntries(
          names.map((n) => [n, (right.features[n] ?? 0) - (wrong.features[n] ?? 0)]),
        );
        diffs.push(diff, Object.fromEntries(names.map((n) => [n, -diff[n]])));
        labels.push(true, false);
      }
    }
  }
  console.log(`  ranking pairs: ${diffs.length / 2} from ${groups.size} fields`);
  const ranking = fitLogistic(names, diffs, labels, RECIPE);
  const mean = names.map(
    (n) => rows.reduce((sum, e) => sum + (e.features[n] ?? 0), 0) / rows.length,
  );
  const score = (e: Example): number =>
    names.reduce(
      (sum, n, j) => sum + (ranking.weights[j] * (e.features[n] ?? 0)) / ranking.scale[j],
      0,
    );
  const calibration = fitLogistic(
    ['score'],
    rows.map((e) => ({ score: score(e) })),
    rows.map((e) => e.right),
    { l2: 0, iterations: RECIPE.iterations },
  );
  const slope = calibration.weights[0] / calibration.scale[0];
  // z = bias + slope * (score - mean score); the mean score is the score of the mean features.
  return {
    features: [...names],
    mean,
    scale: ranking.scale,
    weights: ranking.weights.map((w) => w * slope),
    bias: calibration.bias,
  };
}

function accuracy(model: LogisticModel, held: readonly Example[]): number {
  return held.filter((e) => probability(model, e.features) >= 0.5 === e.right).length / held.length;
}

function rounded(model: LogisticModel): LogisticModel {
  const r = (x: number): number => Number(x.toPrecision(6));
  return {
    features: model.features,
    mean: model.mean.map(r),
    scale: model.scale.map(r),
    weights: model.weights.map(r),
    bias: r(model.bias),
  };
}

function main(): void {
  const started = Date.now();
  const training = examples(RECIPE.trainingSeed, RECIPE.trainingPages);
  const held = examples(RECIPE.heldOutSeed, RECIPE.heldOutPages);
  const fit = (rows: readonly Example[], names: readonly string[]): LogisticModel =>
    rounded(
      fitLogistic(
        names,
        rows.map((e) => e.features),
        rows.map((e) => e.right),
        RECIPE,
      ),
    );
  console.log(`drawn in ${(Date.now() - started) / 1000} s; fitting`);
  const answers = rounded(fitRanking(ANSWER_FEATURES, training.answers));
  const pairs = fit(training.pairs, PAIR_FEATURES);
  const answerRules = (e: Example): number =>
    e.features.rule_position_factor *
    e.features.label_score *
    e.features.parse_quality *
    e.features.word_confidence;
  const report = {
    examples: { answers: training.answers.length, pairs: training.pairs.length },
    heldOut: {
      answers: {
        accuracy: accuracy(answers, held.answers),
        firstChoice: firstChoice(
          held.answers,
          (e) => probability(answers, e.features),
          answerRules,
        ),
      },
      pairs: {
        accuracy: accuracy(pairs, held.pairs),
        rightShare: held.pairs.filter((e) => e.right).length / held.pairs.length,
      },
    },
    seconds: (Date.now() - started) / 1000,
  };
  writeFileSync(
    join(__dirname, '../src/linker/linker-weights.json'),
    `${JSON.stringify({ recipe: RECIPE, answers, pairs }, null, 1)}\n`,
  );
  console.log(JSON.stringify(report, null, 2));
}

if (require.main === module) main();
