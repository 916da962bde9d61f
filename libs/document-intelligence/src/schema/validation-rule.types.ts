/** Checks on one field's value. `required` is also implied by the field's `required` flag. */
export type FieldRule =
  | { readonly kind: 'required'; readonly message?: string }
  | { readonly kind: 'pattern'; readonly pattern: string; readonly message?: string }
  /** Numbers, money amounts, or ISO dates (compared as dates). */
  | {
      readonly kind: 'range';
      readonly min?: number | string;
      readonly max?: number | string;
      readonly message?: string;
    }
  | { readonly kind: 'enum'; readonly values: readonly string[]; readonly message?: string }
  /** The value must appear in a reference list supplied at validation time (carriers, vendors). */
  | {
      readonly kind: 'lookup';
      readonly list: string;
      readonly caseSensitive?: boolean;
      readonly message?: string;
    };

/**
 * Checks relating several fields. Keys may address an object's property as `object.property`.
 */
export type CrossFieldRule =
  | {
      readonly kind: 'date-order';
      readonly earlier: string;
      readonly later: string;
      readonly allowEqual?: boolean;
      readonly message?: string;
    }
  | {
      readonly kind: 'sum-equals';
      readonly table: string;
      readonly column: string;
      readonly total: string;
      /** Absolute tolerance; default half a cent. */
      readonly tolerance?: number;
      readonly message?: string;
    };

export interface ValidationConfig {
  readonly crossFieldRules?: readonly CrossFieldRule[];
  /** Threshold for fields without their own. Default 0.7. */
  readonly defaultConfidenceThreshold?: number;
}

export interface ValidationContext {
  /** Named reference lists for `lookup` rules. */
  readonly referenceLists?: Readonly<Record<string, readonly string[]>>;
}
