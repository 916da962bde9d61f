import type { MoneyValue } from '@docket/document-intelligence';

export type DocumentType = 'fnol' | 'declarations' | 'invoice' | 'loss_run';
export const DOCUMENT_TYPES: readonly DocumentType[] = [
  'fnol',
  'declarations',
  'invoice',
  'loss_run',
];

export type FontName = 'sans' | 'sans-bold' | 'mono';

/** Which truth value a run prints: a field, or one cell of a table row. */
export type TruthRef =
  | { readonly field: string }
  | { readonly table: string; readonly row: number; readonly column: string };

/** Text placed with its baseline at (x, baseline) points from the page's top-left. */
export interface TextRun {
  readonly text: string;
  readonly x: number;
  readonly baseline: number;
  readonly size: number;
  readonly font: FontName;
  readonly truth?: TruthRef;
}

export interface RuleLine {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly width?: number;
  /** Filled rectangle instead of a line (header shading). */
  readonly fill?: number;
}

export interface LayoutPage {
  readonly runs: TextRun[];
  readonly rules: RuleLine[];
}

export type TruthScalar = string | number | boolean | MoneyValue;
export type TruthRow = Readonly<Record<string, TruthScalar | null>>;

export interface DocumentTruth {
  readonly fields: Readonly<Record<string, TruthScalar | null>>;
  readonly tables: Readonly<Record<string, readonly TruthRow[]>>;
}

/** dev: built with the engine; eval: hand-written, held out; generated: randomised families. */
export type LayoutSet = 'dev' | 'eval' | 'generated';

export interface GeneratedDocument {
  readonly id: string;
  readonly type: DocumentType;
  readonly layoutId: string;
  readonly layoutSet: LayoutSet;
  readonly pages: readonly LayoutPage[];
  readonly truth: DocumentTruth;
}

export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;
