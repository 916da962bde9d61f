import type { FieldRule } from './validation-rule.types';

export type FieldType =
  'string' | 'number' | 'money' | 'date' | 'boolean' | 'enum' | 'table' | 'object';
export type ScalarFieldType = Exclude<FieldType, 'table' | 'object'>;

export interface StringNormalisation {
  readonly case?: 'upper' | 'lower' | 'title';
  /** Characters removed from the value, e.g. " -" for identifiers printed with separators. */
  readonly removeCharacters?: string;
}

interface FieldDefinitionBase {
  readonly key: string;
  /** Human label; also matched on the page. */
  readonly label?: string;
  /** Other labels the value may be printed under ("Policy No.", "Policy #"). */
  readonly synonyms?: readonly string[];
  /**
   * Regular expressions (JavaScript source, case-insensitive) the value matches. Used to pick
   * the value out of the text next to its label and, failing that, to find it anywhere.
   */
  readonly patterns?: readonly string[];
  readonly required?: boolean;
  /** Fields under this confidence are flagged for review. Default 0.7. */
  readonly confidenceThreshold?: number;
  /**
   * `item`: the value describes the whole item and may be found in any of its documents; the
   * field then has no documentId.
   */
  readonly scope?: 'document' | 'item';
  readonly description?: string;
  /** Checks run on the extracted value; see `validateFields`. */
  readonly validation?: readonly FieldRule[];
}

export interface StringFieldDefinition extends FieldDefinitionBase {
  readonly type: 'string';
  readonly normalise?: StringNormalisation;
  /** Lines below the first that belong to the value (addresses). Default 0. */
  readonly extraLines?: number;
}

export interface NumberFieldDefinition extends FieldDefinitionBase {
  readonly type: 'number';
  /** Round to this many decimals after parsing. */
  readonly decimals?: number;
}

export interface MoneyFieldDefinition extends FieldDefinitionBase {
  readonly type: 'money';
  /** ISO 4217 code assumed when the page shows no currency, or only "$". Default USD. */
  readonly defaultCurrency?: string;
}

export type DateOrder = 'MDY' | 'DMY';

export interface DateFieldDefinition extends FieldDefinitionBase {
  readonly type: 'date';
  /** How to read 03/04/2024. Default MDY (US forms). */
  readonly dateOrder?: DateOrder;
}

export interface BooleanFieldDefinition extends FieldDefinitionBase {
  readonly type: 'boolean';
  readonly trueValues?: readonly string[];
  readonly falseValues?: readonly string[];
}

export interface EnumOption {
  readonly value: string;
  readonly synonyms?: readonly string[];
}

export interface EnumFieldDefinition extends FieldDefinitionBase {
  readonly type: 'enum';
  readonly options: readonly EnumOption[];
}

export type ScalarFieldDefinition =
  | StringFieldDefinition
  | NumberFieldDefinition
  | MoneyFieldDefinition
  | DateFieldDefinition
  | BooleanFieldDefinition
  | EnumFieldDefinition;

/**
 * A table column: a scalar field whose key, label and synonyms are matched against header
 * cells. Configured without a type it is a string column.
 */
export type TableColumnDefinition = ScalarFieldDefinition;

export interface TableFieldDefinition extends FieldDefinitionBase {
  readonly type: 'table';
  readonly columns: readonly TableColumnDefinition[];
  /** A row starting with one of these ends the table ("Subtotal", "Total"). */
  readonly stopLabels?: readonly string[];
  /** Header cells that must be found; default: half the columns, at least two. */
  readonly minHeaderMatches?: number;
}

export interface ObjectFieldDefinition extends FieldDefinitionBase {
  readonly type: 'object';
  /**
   * Sub-fields. When the object has a label (a section heading such as "Insured"), sub-fields
   * are looked for below that heading first, so "Name" means the insured's name there.
   */
  readonly fields: readonly ScalarFieldDefinition[];
}

export type FieldDefinition = ScalarFieldDefinition | TableFieldDefinition | ObjectFieldDefinition;

export interface FieldSchema {
  readonly fields: readonly FieldDefinition[];
}
