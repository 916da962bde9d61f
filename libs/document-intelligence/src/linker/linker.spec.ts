import type { KeyValuePair } from '../layout/layout.types';
import type { PositionedWord } from '../text-layer/line-grouper';
import { ANSWER_FEATURES, type AnswerEvidence, answerFeatures } from './answer-features';
import { ANSWER_RANK_STEP, answerLinkRank, pairLinkProbability } from './linker';
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
    const beside = answerLinkRank(reading([word('AB-1234', 0.26, 0.2, 2)]));
    const farBelow = answerLinkRank(
      reading(
        [word('Claim', 0.1, 0.3, 3), word('Date', 0.16, 0.3, 4)],
        { position: 'below', positionFactor: 0.93, readingsAtCaption: 2 },
        0.75,
      ),
    );
    expect(beside).toBeGreaterThan(0.8);
    expect(farBelow).toBeLessThan(beside);
  });

  it('prefers a tick mark beside an option to the next option printed under it', () => {
    const option = [word('Urgent', 0.1, 0.2, 0)];
    const options = { labelWords: option, labelScore: 1, parseQuality: 1 };
    const evidence = (words: PositionedWord[], position: 'next-segment' | 'below') =>
      reading([], {
        reading: { ...options, words, readWords: words },
        position,
        positionFactor: position === 'below' ? 0.93 : 0.97,
        endsWithColon: false,
        readingsAtCaption: 2,
      });
    const mark = answerLinkRank(evidence([word('X', 0.2, 0.2, 1)], 'next-segment'));
    const nextOption = answerLinkRank(evidence([word('Renewal', 0.1, 0.22, 2)], 'below'));
    expect(mark).toBeGreaterThan(nextOption);
  });

  it('ranks in steps, so readings the model hardly tells apart tie and page order settles them', () => {
    const at = (x: number) => answerLinkRank(reading([word('AB-1234', x, 0.2, 2)]));
    for (const x of [0.26, 0.27, 0.3]) {
      expect(
        Math.abs(at(x) / ANSWER_RANK_STEP - Math.round(at(x) / ANSWER_RANK_STEP)),
      ).toBeLessThan(1e-9);
    }
    expect(at(0.26)).toBe(at(0.261));
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
