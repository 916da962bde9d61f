import type { Grounding } from '../schema/extraction-result.types';

/*
 * A value printed up to the page's edge may run off it: a born-digital notice of draw 7017 set
 * a long address past the right margin, the text layer kept `… ID 8370` of `… ID 83702`, and
 * the reading went through at 0.95 after one review. Nothing on the page says the rest is
 * missing but where it stops; printed values keep a margin.
 */

/** How near the page's edge (page widths or heights) a value's box may end and keep a margin. */
const EDGE_MARGIN = 0.01;

/** Why a value reaching the page's edge is doubted, or null when it keeps a margin. */
export function atPageEdge(grounding: Grounding | undefined): string | null {
  if (!grounding) return null;
  const { x0, y0, x1, y1 } = grounding.box;
  const edge = Math.min(x0, y0, 1 - x1, 1 - y1);
  return edge < EDGE_MARGIN ? "the value reaches the page's edge: it may run off the page" : null;
}
