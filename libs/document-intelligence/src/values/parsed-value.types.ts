import type { ScalarValue } from '../schema/extraction-result.types';

/** A value found inside a piece of text, with the span it came from. */
export interface ParsedValue<T extends ScalarValue = ScalarValue> {
  readonly value: T;
  /** Character span of the match in the parsed text, so grounding can keep just those words. */
  readonly start: number;
  readonly end: number;
  /** 1 for a clean parse; lower when characters were repaired or the match was fuzzy. */
  readonly quality: number;
  readonly notes: readonly string[];
}
