import type { CornerBox } from '@docket/platform';
export function boxWidth(box: CornerBox): number {
  return Math.max(0, box.x1 - box.x0);
}

export function boxHeight(box: CornerBox): number {
  return Math.max(0, box.y1 - box.y0);
}

export function boxArea(box: CornerBox): number {
  return boxWidth(box) * boxHeight(box);
}

export function boxCentreY(box: CornerBox): number {
  return (box.y0 + box.y1) / 2;
}

export function boxCentreX(box: CornerBox): number {
  return (box.x0 + box.x1) / 2;
}

/** Whether the centre of `inner` lies within `box` (edges included). */
export function centreWithin(inner: CornerBox, box: CornerBox): boolean {
  const x = boxCentreX(inner);
  const y = boxCentreY(inner);
  return x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
}

/** Smallest box containing all given boxes; undefined for an empty list. */
export function unionBox(boxes: readonly CornerBox[]): CornerBox | undefined {
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

export function intersectionArea(a: CornerBox, b: CornerBox): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w > 0 && h > 0 ? w * h : 0;
}

export function intersectionOverUnion(a: CornerBox, b: CornerBox): number {
  const inter = intersectionArea(a, b);
  const union = boxArea(a) + boxArea(b) - inter;
  return union > 0 ? inter / union : 0;
}

/** Length of the shared x-interval of two boxes (0 when they do not overlap horizontally). */
export function horizontalOverlap(a: CornerBox, b: CornerBox): number {
  return Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0));
}

/**
 * Shared y-interval relative to the shorter box. Relative to the shorter one so that a small
 * superscript or a tall OCR box still counts as "on the same line" as its neighbours.
 */
export function verticalOverlapRatio(a: CornerBox, b: CornerBox): number {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  const shorter = Math.min(boxHeight(a), boxHeight(b));
  return shorter > 0 ? Math.max(0, overlap) / shorter : 0;
}
