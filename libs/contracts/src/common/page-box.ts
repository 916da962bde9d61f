import type { CornerBox } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';

/*
 * The one box format of the public API: a rectangle as fractions of its page (0..1, origin
 * top-left) given as {x, y, width, height}. Words, layout, extraction grounding, classification
 * evidence and item field grounding all answer in it; services keep corner boxes internally and
 * convert here, at the edge, so the rule lives in one place.
 */

export class PageBoxRecord {
  @ApiProperty({ minimum: 0, maximum: 1, description: 'Left edge, fraction of the page width' })
  x!: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: 'Top edge, fraction of the page height' })
  y!: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: 'Fraction of the page width' })
  width!: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: 'Fraction of the page height' })
  height!: number;
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** Four decimals: a tenth of a point on a letter page, and stable JSON. */
function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** A corner box in the public format, clamped to the page. */
export function pageBoxFromCorners(box: CornerBox): PageBoxRecord {
  const x = clamp(box.x0);
  const y = clamp(box.y0);
  return {
    x: round(x),
    y: round(y),
    width: round(Math.max(0, clamp(box.x1) - x)),
    height: round(Math.max(0, clamp(box.y1) - y)),
  };
}

/** A public box back to corners, for services that compute on corner boxes. */
export function cornersFromPageBox(box: PageBoxRecord): CornerBox {
  return { x0: box.x, y0: box.y, x1: box.x + box.width, y1: box.y + box.height };
}
