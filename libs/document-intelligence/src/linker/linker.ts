import type { KeyValuePair } from '../layout/layout.types';
import { type AnswerEvidence, answerFeatures } from './answer-features';
import weights from './linker-weights.json';
import { asLogisticModel, probability } from './logistic-model';
import { pairFeatures } from './pair-features';

/*
 * The learned linker (issue 28, item 3): two small logistic models trained on generated forms
 * (`libs/document-intelligence/training/`, `npm run linker:train`) that rank the readings the
 * rules propose. The rules still find every candidate and set every confidence; the model only
 * orders them, with the rules' own judgement among its features.
 */

/** How candidates are ordered: by the learned model, or by the rules' scores alone. */
export type LinkerRanking = 'learned' | 'rules';

/**
 * The ranking `ai.extract` uses when nothing asks for another. The rules: retrained on answers
 * that read like answers, the model beats them on FUNSD's training split (label-given, annotated
 * words, 0.660 against 0.652) but still loses on the testing split (0.654 against 0.666) and on
 * the quality bench's scored draw (seed 606, zero-shot field F1 0.907 against 0.944, the
 * first-notice-of-loss layouts). `docs/forms-benchmark.md`, "The learned linker".
 */
export const DEFAULT_LINKER_RANKING: LinkerRanking = 'rules';

const ANSWER_MODEL = asLogisticModel(weights.answers);
const PAIR_MODEL = asLogisticModel(weights.pairs);

/**
 * Probabilities closer than this are one rank: the model does not tell readings apart that
 * finely, and a tie is settled as the rules settle theirs, by page order. That matters for a
 * caption printed several times ("NAME:" in two blocks): every such field reads the same
 * candidates, and only page order says which answer is whose.
 */
export const ANSWER_RANK_STEP = 0.05;

/** The rank of a field's reading under its caption: its probability, to the model's resolution. */
export function answerLinkRank(evidence: AnswerEvidence): number {
  const p = probability(ANSWER_MODEL, answerFeatures(evidence));
  return Math.round(p / ANSWER_RANK_STEP) * ANSWER_RANK_STEP;
}

/** The probability that a layout pair's answer belongs to its caption; 0 for an empty answer. */
export function pairLinkProbability(pair: KeyValuePair): number {
  const features = pairFeatures(pair);
  return features ? probability(PAIR_MODEL, features) : 0;
}
