import { boxHeight } from '../text-layer/box-geometry';
import { splitSegments, type TextLine, type TextSegment } from '../text-layer/line-grouper';
import type { LayoutText } from './layout.types';
import { layoutText } from './layout-text';

/*
 * Reading order by bands and columns: the page is cut into bands at wide vertical gaps; a band
 * whose phrases fall into two or more columns of running text (a whitespace channel through the
 * whole band, each side holding sentences rather than captions) is read column by column;
 * everything else is read line by line, left to right. Forms keep "caption, answer" order.
 */

/** A gap of this many line heights between lines starts a new band. */
const BAND_GAP = 1.5;
/** A channel at least this wide (page-width fraction) separates columns. */
const MIN_CHANNEL = 0.03;
/** Columns of running text average at least this many words per phrase. */
const PROSE_WORDS = 4;

function bandsOf(lines: readonly TextLine[]): TextLine[][] {
  const bands: TextLine[][] = [];
  let current: TextLine[] = [];
  for (const line of lines) {
    const previous = current[current.length - 1];
    if (previous && line.box.y0 - previous.box.y1 > BAND_GAP * boxHeight(previous.box)) {
      bands.push(current);
      current = [];
    }
    current.push(line);
  }
  if (current.length > 0) bands.push(current);
  return bands;
}

/** x positions of whitespace channels running through every phrase of the band. */
function channels(segments: readonly TextSegment[]): number[] {
  const sorted = [...segments].sort((a, b) => a.box.x0 - b.box.x0);
  const cuts: number[] = [];
  let right = -Infinity;
  for (const segment of sorted) {
    if (right > -Infinity && segment.box.x0 - right >= MIN_CHANNEL)
      cuts.push((right + segment.box.x0) / 2);
    right = Math.max(right, segment.box.x1);
  }
  return cuts;
}

function wordsPerPhrase(segments: readonly TextSegment[]): number {
  return segments.reduce((sum, s) => sum + s.words.length, 0) / Math.max(1, segments.length);
}

function readBand(band: readonly TextLine[]): LayoutText[] {
  const segments = band.flatMap((line) => splitSegments(line));
  const cuts = band.length > 1 ? channels(segments) : [];
  if (cuts.length > 0) {
    const edges = [-Infinity, ...cuts, Infinity];
    const columns = edges
      .slice(1)
      .map((edge, i) => segments.filter((s) => s.box.x0 >= edges[i] && s.box.x1 <= edge));
    if (columns.every((column) => column.length > 1 && wordsPerPhrase(column) >= PROSE_WORDS)) {
      return columns.flatMap((column) => column.map((s) => layoutText(s.words)));
    }
  }
  return segments.map((s) => layoutText(s.words));
}

/** The page's phrases in reading order. `lines` must be one page's, top to bottom. */
export function readingOrder(lines: readonly TextLine[]): LayoutText[] {
  return bandsOf(lines).flatMap(readBand);
}
