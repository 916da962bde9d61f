import type { CornerBox } from '@docket/platform';

import type { TruthRef } from './synthetic-document.types';

/** Where a truth value is printed: page (1-based) and its box, normalised like the text layer. */
export interface TruthBox {
  readonly page: number;
  readonly box: CornerBox;
}

export function truthKey(ref: TruthRef): string {
  return 'field' in ref ? `field:${ref.field}` : `cell:${ref.table}:${ref.row}:${ref.column}`;
}

export interface RenderedDocument {
  readonly pdf: Uint8Array;
  readonly truthBoxes: ReadonlyMap<string, TruthBox>;
}
