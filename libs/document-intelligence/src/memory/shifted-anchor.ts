import type { CornerBox } from '@docket/platform';

import type { AnalysedPage } from '../layout/analysed-page';
import { unionBox } from '../text-layer/box-geometry';
import { splitSegments } from '../text-layer/line-grouper';
import { captionLetters, lettersSimilarity } from './caption-letters';

/*
 * A short remembered caption OCR misread past recognition on the next scan of its layout ("DOL"
 * read "poL" on a scan of draw 7028: two letters of three) loses its field, though the layout's
 * other captions were found, each moved by the scan as the whole page moved. Where they place it,
 * a phrase that keeps some of its letters is that caption, read otherwise.
 */

/** Captions found elsewhere on the page whose shifts say where this one moved. */
const NEIGHBOURS = 3;
/** The neighbours agree on the shift, and the phrase stands where they put it, this closely. */
const SAME_PLACE = 0.012;
/** Letters kept of the remembered caption ("dol" and "pol" share half their letter pairs). */
const KEPT_LETTERS = 0.5;

export interface FoundAnchor {
  /** Where the reviewed document printed the caption. */
  readonly remembered: CornerBox;
  /** Where this page prints it. */
  readonly found: CornerBox;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** How the nearest found captions moved, when at least two of them agree; else null. */
function shiftNear(
  place: CornerBox,
  found: readonly FoundAnchor[],
): { x: number; y: number } | null {
  const distance = (f: FoundAnchor): number =>
    Math.hypot(f.remembered.x0 - place.x0, f.remembered.y0 - place.y0);
  const nearest = [...found].sort((a, b) => distance(a) - distance(b)).slice(0, NEIGHBOURS);
  if (nearest.length < 2) return null;
  const shifts = nearest.map((f) => ({
    x: f.found.x0 - f.remembered.x0,
    y: f.found.y0 - f.remembered.y0,
  }));
  const shift = { x: median(shifts.map((s) => s.x)), y: median(shifts.map((s) => s.y)) };
  const agreeing = shifts.filter(
    (s) => Math.abs(s.x - shift.x) <= SAME_PLACE && Math.abs(s.y - shift.y) <= SAME_PLACE,
  );
  return agreeing.length >= 2 ? shift : null;
}

/**
 * The box of the remembered caption (`text` printed at `place` on the reviewed page) as this
 * page prints it, from where the captions `found` on it moved: a run of words starting there
 * that keeps some of its letters, the most alike. Null when fewer than two found captions agree
 * on a shift or nothing there keeps its letters.
 */
export function shiftedAnchor(
  page: AnalysedPage,
  text: string,
  place: CornerBox,
  found: readonly FoundAnchor[],
): CornerBox | null {
  const shift = shiftNear(place, found);
  if (!shift) return null;
  const wanted = captionLetters(text);
  const words = text.trim().split(/\s+/).length;
  let best: { box: CornerBox; similarity: number } | null = null;
  for (const segment of page.lines.flatMap((line) => splitSegments(line))) {
    for (const [start, first] of segment.words.entries()) {
      if (
        Math.abs(first.box.x0 - (place.x0 + shift.x)) > SAME_PLACE ||
        Math.abs(first.box.y0 - (place.y0 + shift.y)) > SAME_PLACE
      )
        continue;
      for (
        let end = start + 1;
        end <= Math.min(segment.words.length, start + words + 1);
        end += 1
      ) {
        const run = segment.words.slice(start, end);
        const similarity = lettersSimilarity(
          captionLetters(run.map((w) => w.text).join(' ')),
          wanted,
        );
        if (similarity < KEPT_LETTERS || (best && best.similarity >= similarity)) continue;
        best = {
          similarity,
          box: unionBox(run.map((w) => w.box))!,
        };
      }
    }
  }
  return best?.box ?? null;
}
