import type { KeyValuePair } from '../layout/layout.types';
import type { PositionedWord } from '../text-layer/line-grouper';
import { ANSWER_FEATURES, type AnswerEvidence, answerFeatures } from './answer-features';
import { answerLinkProbability, pairLinkProbability } from './linker';
import weights from './linker-weights.json';
import { PAIR_FEATURES, pairFeatures } from './pair-features';

function word(text: string, x0: number, y0: number, index: number, confidence = 1): PositionedWord {
  return {
    text,
    box: { x0, y0, x1: x0 + text.length * 0.01, y1: y0 + 0.012 },
    confidence,
    index,
    pageNumber: 1,
  };
}

const caption = [word('Policy', 0.1, 0.2, 0), word('Number:', 0.17, 0.2, 1)];

function reading(
  valueWords: PositionedWord[],
  overrides: Partial<AnswerEvidence> = {},
  labelScore = 1,
): AnswerEvidence {
  return {
    reading: {
      labelWords: caption,
      words: valueWords,
      readWords: valueWords,
      labelScore,
      parseQuality: 1,
    },
    position: 'next-segment',
    positionFactor: 0.97,
    wordConfidence: 1,
    endsWithColon: true,
    alone: true,
    typedField: false,
    heightInWidthUnits: 0.012,
    readingsAtCaption: 1,
    ...overrides,
  };
}

describe('learned linker', () => {
  it('ships weights for every feature the code computes, in the same order', () => {
    expect(weights.answers.features).toEqual([...ANSWER_FEATURES]);
    expect(weights.pairs.features).toEqual([...PAIR_FEATURES]);
    expect(weights.recipe.trainingSeed).toEqual(expect.any(Number));
  });

  it('computes each named answer feature, measuring gaps in line heights', () => {
    const features = answerFeatures(reading([word('AB-1234', 0.3, 0.2, 2)]));
    expect(Object.keys(features).sort()).toEqual([...ANSWER_FEATURES].sort());
    expect(features.next_segment).toBe(1);
    expect(features.gap_right).toBeCloseTo(Math.log1p((0.3 - 0.24) / 0.012), 5);
    expect(features.gap_down).toBe(0);
    expect(features.value_signal).toBe(1);
  });

  it('trusts a figure beside its caption more than a caption-like text far below it', () => {
    const beside = answerLinkProbability(reading([word('AB-1234', 0.26, 0.2, 2)]));
    const farBelow = answerLinkProbability(
      reading(
        [word('Claim', 0.1, 0.3, 3), word('Date', 0.16, 0.3, 4)],
        { position: 'below', positionFactor: 0.93, readingsAtCaption: 2 },
        0.75,
      ),
    );
    expect(beside).toBeGreaterThan(0.8);
    expect(farBelow).toBeLessThan(beside);
  });

  it('scores a layout pair with an answer, and none without one', () => {
    const pair: KeyValuePair = {
      key: {
        text: 'Policy Number',
        box: { x0: 0.1, y0: 0.2, x1: 0.24, y1: 0.212 },
        words: caption,
      },
      value: {
        text: 'AB-1234',
        box: { x0: 0.26, y0: 0.2, x1: 0.33, y1: 0.212 },
        words: [word('AB-1234', 0.26, 0.2, 2)],
      },
      arrangement: 'colon',
      confidence: 0.92,
    };
    expect(Object.keys(pairFeatures(pair)!).sort()).toEqual([...PAIR_FEATURES].sort());
    expect(pairLinkProbability(pair)).toBeGreaterThan(0.8);
    expect(pairFeatures({ ...pair, value: null })).toBeNull();
    expect(pairLinkProbability({ ...pair, value: null })).toBe(0);
  });
});
