import type { RunnerOcrWord } from '../runner/runner-protocol';

/**
 * Tesseract reads texture as text: a shaded table row or a ruling roughened by scanner noise
 * comes back as a row of short junk words ("SES ee RE SR IN Re a ME"), each read with very low
 * confidence. Every later stage would take such a row for a line of the page (a table row, a
 * caption). Dropped here: runs of at least MIN_NOISE_RUN neighbouring words on one line, each
 * read with less than UNSURE_CONFIDENCE, most with less than NOISE_CONFIDENCE. A lone unsure word beside words read well ("Usb" in
 * "Goods Total Usb 5,251.21") is a slip in real print and stays. Works in the OCR image's pixels.
 */

/** Tesseract's confidence (0..100) below which a word may be texture. */
const UNSURE_CONFIDENCE = 50;
/** A run whose median confidence is below this is texture: print is read better. */
const NOISE_CONFIDENCE = 30;
/** Neighbours further apart than this many word heights are not on one run of print. */
const MAX_GAP_OF_HEIGHT = 3;
/**
 * Texture fills a row with junk; print read badly gives a word or two ("DOL: 9/16/23" read at
 * 0.11, a faint "Account Name"), which stay.
 */
const MIN_NOISE_RUN = 4;
/** Least vertical overlap of two words on the same line, as a share of the shorter one. */
const MIN_LINE_OVERLAP = 0.5;

function height(word: RunnerOcrWord): number {
  return word.bbox.y1 - word.bbox.y0;
}

function neighbours(a: RunnerOcrWord, b: RunnerOcrWord): boolean {
  const overlap = Math.min(a.bbox.y1, b.bbox.y1) - Math.max(a.bbox.y0, b.bbox.y0);
  const shorter = Math.min(height(a), height(b));
  if (shorter <= 0 || overlap < MIN_LINE_OVERLAP * shorter) return false;
  const gap = Math.max(a.bbox.x0, b.bbox.x0) - Math.min(a.bbox.x1, b.bbox.x1);
  return gap <= MAX_GAP_OF_HEIGHT * Math.max(height(a), height(b));
}

export function dropOcrNoise(words: readonly RunnerOcrWord[]): RunnerOcrWord[] {
  const unsure = words.filter((word) => word.confidence < UNSURE_CONFIDENCE);
  const noise = new Set<RunnerOcrWord>();
  const seen = new Set<RunnerOcrWord>();
  for (const start of unsure) {
    if (seen.has(start)) continue;
    // The run of unsure words this one belongs to, neighbour by neighbour along the line.
    const run = [start];
    seen.add(start);
    for (let i = 0; i < run.length; i += 1) {
      for (const other of unsure) {
        if (seen.has(other) || !neighbours(run[i]!, other)) continue;
        seen.add(other);
        run.push(other);
      }
    }
    const confidences = run.map((word) => word.confidence).sort((a, b) => a - b);
    const median = confidences[Math.floor(confidences.length / 2)]!;
    if (run.length >= MIN_NOISE_RUN && median < NOISE_CONFIDENCE) {
      run.forEach((word) => noise.add(word));
    }
  }
  return noise.size === 0 ? [...words] : words.filter((word) => !noise.has(word));
}
