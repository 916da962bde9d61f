import type { RunnerOcrText } from '../runner/runner-protocol';
import { placeLeaders } from './ocr-leader-placer';
import { dropOcrNoise } from './ocr-noise-filter';
import { joinSplitNumbers } from './ocr-number-joiner';
import { clampUnit, normalisedBox, TextWord } from './text-layer';

/**
 * Tesseract's words without rows of texture read as junk, dotted leaders (erased before OCR)
 * put back between their caption and answer, numbers it split at a separator joined again, boxes normalised to the OCR image and
 * confidence to 0..1.
 */
export function wordsFromOcr(ocr: RunnerOcrText): TextWord[] {
  const words = ocr.words
    .map((word) => ({ ...word, text: word.text.trim() }))
    .filter((word) => word.text !== '');
  return joinSplitNumbers(placeLeaders(dropOcrNoise(words))).map((word) => ({
    text: word.text,
    box: normalisedBox(
      [word.bbox.x0, word.bbox.x1],
      [word.bbox.y0, word.bbox.y1],
      ocr.imageWidth,
      ocr.imageHeight,
    ),
    confidence: clampUnit(word.confidence / 100),
  }));
}
