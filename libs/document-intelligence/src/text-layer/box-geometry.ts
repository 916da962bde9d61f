import type { NormalisedBox } from './text-layer.types';

export function boxWidth(box: NormalisedBox): number {
  return Math.max(0, box.x1 - box.x0);
}

export function boxHeight(box: NormalisedBox): number {
  return Math.max(0, box.y1 - box.y0);
}

export function boxArea(box: NormalisedBox): number {
  return boxWidth(box) * boxHeight(box);
}

export function boxCentreY(box: NormalisedBox): number {
  return (box.y0 + box.y1) / 2;
}

export function boxCentreX(box: NormalisedBox): number {
  return (box.x0 + box.x1) / 2;
}

/** Smallest box containing all given boxes; undefined for an empty list. */
export function unionBox(boxes: readonly NormalisedBox[]): NormalisedBox | undefined {
  if (boxes.length === 0) return undefined;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const box of boxes) {
    x0 = Math.min(x0, box.x0);
    y0 = Math.min(y0, box.y0);
    x1 = Math.max(x1, box.x1);
    y1 = Math.max(y1, box.y1);
  }
  return { x0, y0, x1, y1 };
}

export function intersectionArea(a: NormalisedBox, b: NormalisedBox): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w > 0 && h > 0 ? w * h : 0;
}

export function intersectionOverUnion(a: NormalisedBox, b: NormalisedBox): number {
  const inter = intersectionArea(a, b);
  const union = boxArea(a) + boxArea(b) - inter;
  return union > 0 ? inter / union : 0;
}

/** Length of the shared x-interval of two boxes (0 when they do not overlap horizontally). */
export function horizontalOverlap(a: NormalisedBox, b: NormalisedBox): number {
  return Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0));
}

/**
 * Shared y-interval relative to the shorter box. Relative to the shorter one so that a small
 * superscript or a tall OCR box still counts as "on the same line" as its neighbours.
 */
export function verticalOverlapRatio(a: NormalisedBox, b: NormalisedBox): number {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  const shorter = Math.min(boxHeight(a), boxHeight(b));
  return shorter > 0 ? Math.max(0, overlap) / shorter : 0;
}
