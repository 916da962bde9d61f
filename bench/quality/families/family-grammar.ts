import { isTradeTerm } from '@docket/document-intelligence';

import { SCHEMAS } from '../insurance-node.config';
import type { SeededRandom } from '../seeded-random';
import type { DateStyle, MoneyStyle } from '../synthetic-data.generator';
import type { DocumentType, FontName } from '../synthetic-document.types';
import { COLUMN_PHRASINGS, FIELD_PHRASINGS, TITLES, TOTAL_ROW_PHRASINGS } from './label-vocabulary';

/** How one scalar field is printed next to its caption. */
export type FieldBlock = 'colon' | 'tab' | 'leader' | 'caption-box' | 'caption-above';
export type IdShape = 'as-printed' | 'no-dash' | 'slash';
export type BooleanStyle = 'yes-no' | 'y-n' | 'checkbox';
export type LabelCase = 'title' | 'upper';

/**
 * One family: every choice of the layout grammar, drawn once from the family's seed. Documents
 * of a family share it and differ only in their values.
 */
export interface FamilySpec {
  readonly id: string;
  readonly type: DocumentType;
  readonly title: string;
  readonly titleAlign: 'left' | 'centre' | 'right';
  readonly margin: number;
  readonly size: number;
  readonly labelFont: FontName;
  readonly valueFont: FontName;
  readonly labelCase: LabelCase;
  readonly block: FieldBlock;
  /** 1: one field per row; 2: a two-column grid. */
  readonly columns: 1 | 2;
  /** How many leading fields sit in a right-hand header block instead of the body. */
  readonly headerBlockFields: number;
  readonly fieldOrder: readonly string[];
  readonly captions: Readonly<Record<string, string>>;
  readonly dateStyle: DateStyle | 'month-abbrev';
  readonly moneyStyle: MoneyStyle | 'suffix';
  readonly idShape: IdShape;
  readonly booleanStyle: BooleanStyle;
  readonly table: TableSpec;
}

export interface TableSpec {
  readonly ruled: boolean;
  readonly shadedHeader: boolean;
  readonly twoLineHeader: boolean;
  readonly headers: Readonly<Record<string, string>>;
  readonly rowHeight: number;
  /** Loss runs: totals as the table's last row under their columns, else as a block below. */
  readonly totalsInTable: boolean;
  readonly totalRowLabel: string;
}

const TABLE_FIELDS: Readonly<Record<DocumentType, readonly string[]>> = {
  fnol: [],
  declarations: ['total_premium'],
  invoice: ['subtotal', 'tax', 'total'],
  loss_run: ['total_paid', 'total_incurred'],
};

/** Fields printed after the table (totals), never in the header or body blocks. */
export function totalFields(type: DocumentType): readonly string[] {
  return TABLE_FIELDS[type];
}

function plainLabels(type: DocumentType): Map<string, string> {
  const labels = new Map<string, string>();
  for (const field of SCHEMAS[type].fields) {
    labels.set(field.key, field.label ?? field.key);
    if (field.type === 'table') for (const c of field.columns) labels.set(c.key, c.label ?? c.key);
  }
  return labels;
}

/**
 * The bench's captions must stay wordings the engine was never given: none may be a term of the
 * engine's trade vocabulary (word order aside). Checked once, before any family is drawn.
 */
let vocabularyChecked = false;
function checkUnseenByVocabulary(): void {
  if (vocabularyChecked) return;
  const all = [
    ...Object.values(FIELD_PHRASINGS).flat(),
    ...Object.values(COLUMN_PHRASINGS).flat(),
    ...TOTAL_ROW_PHRASINGS,
  ];
  const seen = all.filter((phrasing) => isTradeTerm(phrasing));
  if (seen.length > 0)
    throw new Error(`bench captions that are engine vocabulary terms: ${seen.join(', ')}`);
  vocabularyChecked = true;
}

const squash = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A caption for `key` that is not the field's plain label (the point of the benchmark). */
function phrasing(
  rng: SeededRandom,
  key: string,
  pool: Readonly<Record<string, readonly string[]>>,
  plain: ReadonlyMap<string, string>,
): string {
  const options = (pool[key] ?? []).filter((p) => squash(p) !== squash(plain.get(key) ?? ''));
  if (options.length === 0) throw new Error(`no bench phrasing for ${key}`);
  return rng.pick(options);
}

function scalarKeys(type: DocumentType): string[] {
  return SCHEMAS[type].fields.filter((f) => f.type !== 'table').map((f) => f.key);
}

function tableColumns(type: DocumentType): string[] {
  return SCHEMAS[type].fields.flatMap((f) =>
    f.type === 'table' ? f.columns.map((c) => c.key) : [],
  );
}

export function drawFamily(type: DocumentType, index: number, rng: SeededRandom): FamilySpec {
  checkUnseenByVocabulary();
  const plain = plainLabels(type);
  const totals = new Set(totalFields(type));
  const body = rng.shuffle(scalarKeys(type).filter((k) => !totals.has(k)));
  const captions: Record<string, string> = {};
  for (const key of scalarKeys(type)) captions[key] = phrasing(rng, key, FIELD_PHRASINGS, plain);
  const headers: Record<string, string> = {};
  for (const key of tableColumns(type)) headers[key] = phrasing(rng, key, COLUMN_PHRASINGS, plain);
  const block = rng.pick<FieldBlock>(['colon', 'tab', 'leader', 'caption-box', 'caption-above']);
  return {
    id: `gen-${type}-${String(index).padStart(2, '0')}`,
    type,
    title: rng.pick(TITLES[type]),
    titleAlign: rng.pick(['left', 'centre', 'right'] as const),
    margin: rng.int(36, 72),
    size: rng.pick([9, 10, 11]),
    labelFont: rng.pick<FontName>(['sans', 'sans-bold']),
    valueFont: rng.pick<FontName>(['sans', 'sans', 'mono']),
    labelCase: rng.pick<LabelCase>(['title', 'title', 'upper']),
    block,
    columns: block === 'leader' ? 1 : rng.pick([1, 2] as const),
    headerBlockFields: rng.int(0, Math.min(3, body.length - 2)),
    fieldOrder: body,
    captions,
    dateStyle: rng.pick(['us', 'us-short', 'iso', 'long', 'day-month', 'month-abbrev'] as const),
    moneyStyle: rng.pick(['dollar', 'plain', 'code', 'dollar-nocomma', 'suffix'] as const),
    idShape: rng.pick<IdShape>(['as-printed', 'as-printed', 'no-dash', 'slash']),
    booleanStyle: rng.pick<BooleanStyle>(['yes-no', 'y-n', 'checkbox']),
    table: {
      ruled: rng.chance(0.5),
      shadedHeader: rng.chance(0.4),
      twoLineHeader: rng.chance(0.35),
      headers,
      rowHeight: rng.int(14, 19),
      totalsInTable: rng.chance(0.5),
      totalRowLabel: rng.pick(TOTAL_ROW_PHRASINGS),
    },
  };
}
