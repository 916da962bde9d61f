import {
  captionShaped,
  hasValueSignal,
  isUpperCase,
  looksLikeLabelText,
} from '../layout/layout-text';
import { boxHeight, unionBox } from '../text-layer/box-geometry';
import type { PositionedWord } from '../text-layer/line-grouper';
import { digitShare, endsWithColon, isMark, startsLowerCase, titleCase } from './answer-look';
import type { FeatureVector } from './logistic-model';

/*
 * What the extractor knows about one reading of a field under its caption, as the linker model's
 * features: the rules' own judgement (where the answer stands and the factor the rules give that
 * place, how well the caption matched, how cleanly the text parsed, OCR confidence) and the
 * geometry and look of caption and answer the rules do not weigh (gaps in line heights, sizes,
 * whether the answer itself reads like a caption).
 */

export type AnswerPosition = 'same-segment' | 'next-segment' | 'below';

/** A reading of a field at its caption, as the extractor's candidates carry it. */
export interface CaptionReading {
  readonly labelWords: readonly PositionedWord[];
  /** The words the parsed value came from. */
  readonly words: readonly PositionedWord[];
  /** Every word read at that place, before parsing took its span. */
  readonly readWords: readonly PositionedWord[];
  /** How well the caption matched the field. */
  readonly labelScore: number;
  readonly parseQuality: number;
}

export interface AnswerEvidence {
  readonly reading: CaptionReading;
  readonly position: AnswerPosition;
  /** The rules' factor for that position (scalar-candidates' POSITION_FACTOR). */
  readonly positionFactor: number;
  readonly wordConfidence: number;
  readonly endsWithColon: boolean;
  readonly alone: boolean;
  readonly typedField: boolean;
  /** The caption line's word height in page-width units, to measure horizontal gaps. */
  readonly heightInWidthUnits: number;
  /** Readings the same caption offered for the field (right and below: 2). */
  readonly readingsAtCaption: number;
}

function clip(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

function textOf(words: readonly PositionedWord[]): string {
  return words.map((w) => w.text).join(' ');
}

export const ANSWER_FEATURES = [
  'same_segment',
  'next_segment',
  'below',
  'rule_position_factor',
  'label_score',
  'parse_quality',
  'word_confidence',
  'colon',
  'caption_alone',
  'typed_field',
  'gap_right',
  'gap_down',
  'left_offset',
  'height_ratio',
  'value_words',
  'parsed_share',
  'read_caption_like',
  'same_case_as_caption',
  'value_signal',
  'two_readings',
  'rules_rank',
  'below_with_right',
  'right_with_below',
  'read_mark',
  'read_digit_share',
  'read_ends_colon',
  'read_caption_shaped',
  'read_title_case',
  'read_starts_lower',
  'read_sentence',
  'read_chars',
] as const;

export function answerFeatures(evidence: AnswerEvidence): FeatureVector {
  const { reading } = evidence;
  const label = unionBox(reading.labelWords.map((w) => w.box))!;
  const value = unionBox(reading.words.map((w) => w.box))!;
  const lineHeight = Math.max(boxHeight(label), 1e-4);
  const widthUnit = Math.max(evidence.heightInWidthUnits, 1e-4);
  const read = textOf(reading.readWords);
  const parsed = textOf(reading.words);
  const caption = textOf(reading.labelWords);
  return {
    same_segment: evidence.position === 'same-segment' ? 1 : 0,
    next_segment: evidence.position === 'next-segment' ? 1 : 0,
    below: evidence.position === 'below' ? 1 : 0,
    rule_position_factor: evidence.positionFactor,
    label_score: reading.labelScore,
    parse_quality: reading.parseQuality,
    word_confidence: evidence.wordConfidence,
    colon: evidence.endsWithColon ? 1 : 0,
    caption_alone: evidence.alone ? 1 : 0,
    typed_field: evidence.typedField ? 1 : 0,
    gap_right: Math.log1p(clip((value.x0 - label.x1) / widthUnit, 0, 40)),
    gap_down: Math.log1p(clip((value.y0 - label.y1) / lineHeight, 0, 20)),
    left_offset: Math.log1p(clip(Math.abs(value.x0 - label.x0) / widthUnit, 0, 40)),
    height_ratio: Math.log(clip(boxHeight(value) / lineHeight, 0.1, 10)),
    value_words: Math.log1p(reading.readWords.length),
    parsed_share: read.length > 0 ? parsed.length / read.length : 0,
    read_caption_like: looksLikeLabelText(read) && !hasValueSignal(read) ? 1 : 0,
    same_case_as_caption: isUpperCase(read) === isUpperCase(caption) ? 1 : 0,
    value_signal: hasValueSignal(parsed) ? 1 : 0,
    two_readings: evidence.readingsAtCaption > 1 ? 1 : 0,
    // The rules' own score for the reading, so the model ranks from where the rules stand.
    rules_rank: Math.log(
      Math.max(
        evidence.positionFactor *
          reading.labelScore *
          reading.parseQuality *
          evidence.wordConfidence,
        1e-3,
      ),
    ),
    below_with_right: evidence.position === 'below' && evidence.readingsAtCaption > 1 ? 1 : 0,
    right_with_below: evidence.position !== 'below' && evidence.readingsAtCaption > 1 ? 1 : 0,
    read_mark: isMark(read) ? 1 : 0,
    read_digit_share: digitShare(read),
    read_ends_colon: endsWithColon(read) ? 1 : 0,
    read_caption_shaped: captionShaped(read.replace(/:\s*$/, '')) ? 1 : 0,
    read_title_case: titleCase(read) ? 1 : 0,
    read_starts_lower: startsLowerCase(read) ? 1 : 0,
    read_sentence: reading.readWords.length >= 5 && !titleCase(read) ? 1 : 0,
    read_chars: Math.log1p(read.length),
  };
}
