import type { KeyValuePair } from '../layout/layout.types';
import {
  hasValueSignal,
  isUpperCase,
  looksLikeLabelText,
  namesAPerson,
} from '../layout/layout-text';
import { boxHeight } from '../text-layer/box-geometry';
import { digitShare, endsWithColon, isMark, startsLowerCase, titleCase } from './answer-look';
import type { FeatureVector } from './logistic-model';

/*
 * A key-value pair of the layout analysis as the linker model's features: the rule that found it
 * (its arrangement and the confidence the rules give it) and what the rules do not weigh, the
 * gaps between caption and answer in line heights, their sizes, lengths and look.
 */

export const PAIR_FEATURES = [
  'arrangement_colon',
  'arrangement_right',
  'arrangement_below',
  'rule_confidence',
  'gap_right',
  'gap_down',
  'left_offset',
  'height_ratio',
  'key_words',
  'value_words',
  'value_signal',
  'value_caption_like',
  'value_person',
  'key_upper',
  'same_case',
  'word_confidence',
  'value_mark',
  'value_digit_share',
  'value_ends_colon',
  'value_title_case',
  'value_starts_lower',
] as const;

function clip(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** Null for a pair without an answer: nothing to link. */
export function pairFeatures(pair: KeyValuePair): FeatureVector | null {
  const value = pair.value;
  if (!value || value.words.length === 0) return null;
  const key = pair.key;
  const height = Math.max(boxHeight(key.box), 1e-4);
  const words = [...key.words, ...value.words];
  const confidence = words.reduce((s, w) => s + Math.min(1, w.confidence), 0) / words.length;
  // Heights are in page-height units and gaps across in page-width units: a page is about
  // 1.3 times as tall as wide, close enough for a feature measured on a log scale.
  const across = height * 1.3;
  return {
    arrangement_colon: pair.arrangement === 'colon' ? 1 : 0,
    arrangement_right: pair.arrangement === 'right' ? 1 : 0,
    arrangement_below: pair.arrangement === 'below' ? 1 : 0,
    rule_confidence: pair.confidence,
    gap_right: Math.log1p(clip((value.box.x0 - key.box.x1) / across, 0, 40)),
    gap_down: Math.log1p(clip((value.box.y0 - key.box.y1) / height, 0, 20)),
    left_offset: Math.log1p(clip(Math.abs(value.box.x0 - key.box.x0) / across, 0, 40)),
    height_ratio: Math.log(clip(boxHeight(value.box) / height, 0.1, 10)),
    key_words: Math.log1p(key.words.length),
    value_words: Math.log1p(value.words.length),
    value_signal: hasValueSignal(value.text) ? 1 : 0,
    value_caption_like: looksLikeLabelText(value.text) && !hasValueSignal(value.text) ? 1 : 0,
    value_person: namesAPerson(value.text) ? 1 : 0,
    key_upper: isUpperCase(key.text) ? 1 : 0,
    same_case: isUpperCase(key.text) === isUpperCase(value.text) ? 1 : 0,
    word_confidence: confidence,
    value_mark: isMark(value.text) ? 1 : 0,
    value_digit_share: digitShare(value.text),
    value_ends_colon: endsWithColon(value.text) ? 1 : 0,
    value_title_case: titleCase(value.text) ? 1 : 0,
    value_starts_lower: startsLowerCase(value.text) ? 1 : 0,
  };
}
