import {
  declarationsFacts,
  declarationsTruth,
  fnolFacts,
  fnolTruth,
  invoiceFacts,
  invoiceTruth,
  lossRunFacts,
  lossRunTruth,
} from '../document-facts.generator';
import type { DocumentLayout, LayoutResult } from '../layout.types';
import {
  addPageFooters,
  box,
  cell,
  field,
  newPage,
  prose,
  rightText,
  rule,
  shade,
  text,
} from '../layout-kit';
import type { SeededRandom } from '../seeded-random';
import {
  type DocumentTruth,
  type LayoutPage,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  type TruthRef,
  type TruthScalar,
} from '../synthetic-document.types';
import type { TextMeasurer } from '../text-measurer';
import { type FamilySpec, totalFields } from './family-grammar';
import { familyTruth, printValue } from './value-printer';

const BOTTOM = PAGE_HEIGHT - 72;
const LEFT_COLUMNS = new Set(['coverage', 'description', 'claim_number', 'loss_date', 'status']);

interface Facts {
  readonly truth: DocumentTruth;
  readonly narrative?: string;
}

function facts(spec: FamilySpec, rng: SeededRandom, size: 'short' | 'long'): Facts {
  const long = size === 'long';
  switch (spec.type) {
    case 'fnol': {
      const f = fnolFacts(rng);
      return { truth: fnolTruth(f), narrative: f.description };
    }
    case 'declarations':
      return { truth: declarationsTruth(declarationsFacts(rng)) };
    case 'invoice':
      return { truth: invoiceTruth(invoiceFacts(rng, long ? rng.int(28, 40) : rng.int(3, 9))) };
    case 'loss_run':
      return { truth: lossRunTruth(lossRunFacts(rng, long ? rng.int(26, 40) : rng.int(3, 8))) };
  }
}

/** Draws one family's documents from the grammar choices in `spec`. */
class FamilyPainter {
  readonly pages: LayoutPage[] = [newPage()];

  constructor(
    private readonly spec: FamilySpec,
    private readonly m: TextMeasurer,
    private readonly truth: DocumentTruth,
  ) {}

  private get page(): LayoutPage {
    return this.pages[this.pages.length - 1];
  }

  private caption(key: string): string {
    const raw = this.spec.captions[key];
    return this.spec.labelCase === 'upper' ? raw.toUpperCase() : raw;
  }

  private label(x: number, y: number, value: string, size = this.spec.size): void {
    text(this.page, value, x, y, { size, font: this.spec.labelFont });
  }

  private value(x: number, y: number, value: string, truth: TruthRef, size = this.spec.size): void {
    text(this.page, value, x, y, { size, font: this.spec.valueFont, truth });
  }

  /** Yes/No as ticked boxes; the ticked option's word carries the truth. */
  private checkbox(x: number, y: number, value: boolean, truth: TruthRef): void {
    let cursor = x;
    for (const option of [true, false]) {
      box(this.page, cursor, y - 8, cursor + 8, y);
      if (option === value) text(this.page, 'X', cursor + 1.5, y - 1, { size: 8 });
      const word = option ? 'Yes' : 'No';
      text(this.page, word, cursor + 12, y, {
        size: this.spec.size,
        font: this.spec.valueFont,
        ...(option === value ? { truth } : {}),
      });
      cursor += 48;
    }
  }

  private printed(key: string): TruthScalar | null {
    return this.truth.fields[key] ?? null;
  }

  /** One field in the family's block style; returns the height used. */
  private fieldBlock(key: string, x: number, y: number, width: number): number {
    const spec = this.spec;
    const value = this.printed(key);
    const truth = field(key);
    const caption = this.caption(key);
    const printed = printValue(value, spec);
    const isCheckbox = typeof value === 'boolean' && spec.booleanStyle === 'checkbox';
    const put = (vx: number, vy: number): void => {
      if (value === null) return;
      if (isCheckbox) this.checkbox(vx, vy, value as boolean, truth);
      else this.value(vx, vy, printed, truth);
    };
    const rowHeight = spec.size * 1.9;
    switch (spec.block) {
      case 'colon': {
        const label = `${caption}:`;
        this.label(x, y, label);
        put(x + this.m.width(`${label} `, spec.labelFont, spec.size), y);
        return rowHeight;
      }
      case 'tab':
        this.label(x, y, caption);
        put(x + Math.min(150, width * 0.45), y);
        return rowHeight;
      case 'leader': {
        this.label(x, y, caption);
        const start = x + this.m.width(`${caption} `, spec.labelFont, spec.size);
        const stop = x + 190;
        const dot = this.m.width('.', 'sans', spec.size);
        if (stop > start + dot * 3)
          text(this.page, '.'.repeat(Math.floor((stop - start) / dot)), start, y);
        put(Math.max(stop, start) + 8, y);
        return rowHeight;
      }
      case 'caption-box': {
        box(this.page, x, y - 10, x + width - 8, y + 20);
        text(this.page, caption, x + 4, y - 1, { size: 7, font: 'sans-bold' });
        put(x + 6, y + 14);
        return 34;
      }
      case 'caption-above':
        this.label(x, y, caption, spec.size - 2);
        put(x, y + spec.size + 4);
        return spec.size * 2 + 14;
    }
  }

  title(): number {
    const { spec } = this;
    const title = spec.title.toUpperCase();
    const width = this.m.width(title, 'sans-bold', 15);
    const x =
      spec.titleAlign === 'left'
        ? spec.margin
        : spec.titleAlign === 'right'
          ? PAGE_WIDTH - spec.margin - width
          : (PAGE_WIDTH - width) / 2;
    text(this.page, title, x, spec.margin + 12, { size: 15, font: 'sans-bold' });
    return spec.margin + 44;
  }

  /** Right-hand header block, always "caption: value" rows, beside the body's first rows. */
  headerBlock(top: number): { bodyTop: number; right: number } {
    const { spec } = this;
    const keys = spec.fieldOrder.slice(0, spec.headerBlockFields);
    if (keys.length === 0) return { bodyTop: top, right: PAGE_WIDTH - spec.margin };
    const x = PAGE_WIDTH - spec.margin - 210;
    let y = top;
    for (const key of keys) {
      const label = `${this.caption(key)}:`;
      this.label(x, y, label, spec.size - 1);
      const value = this.printed(key);
      if (value !== null)
        this.value(
          x + this.m.width(`${label} `, spec.labelFont, spec.size - 1),
          y,
          printValue(value, spec),
          field(key),
          spec.size - 1,
        );
      y += spec.size * 1.7;
    }
    return { bodyTop: Math.max(top, y + 8), right: PAGE_WIDTH - spec.margin };
  }

  body(top: number): number {
    const { spec } = this;
    const keys = spec.fieldOrder.slice(spec.headerBlockFields);
    const width = (PAGE_WIDTH - 2 * spec.margin) / spec.columns;
    let y = top;
    for (let i = 0; i < keys.length; i += spec.columns) {
      let height = 0;
      for (let c = 0; c < spec.columns && i + c < keys.length; c += 1)
        height = Math.max(height, this.fieldBlock(keys[i + c], spec.margin + c * width, y, width));
      y += height;
    }
    return y + 10;
  }

  narrative(top: number, value: string): number {
    this.label(this.spec.margin, top, this.spec.labelCase === 'upper' ? 'DETAILS' : 'Details');
    return prose(
      this.page,
      this.m,
      value,
      this.spec.margin,
      top + 14,
      PAGE_WIDTH - 2 * this.spec.margin,
      9,
    );
  }

  private columnXs(keys: readonly string[]): { x: number; right: number }[] {
    const { margin } = this.spec;
    const weight = (k: string): number =>
      k === 'description' || k === 'coverage' ? 2.6 : LEFT_COLUMNS.has(k) ? 1.5 : 1.2;
    const total = keys.reduce((s, k) => s + weight(k), 0);
    const unit = (PAGE_WIDTH - 2 * margin) / total;
    let x = margin;
    return keys.map((k) => {
      const span = { x: x + 2, right: x + weight(k) * unit - 6 };
      x += weight(k) * unit;
      return span;
    });
  }

  private tableHeader(
    keys: readonly string[],
    xs: readonly { x: number; right: number }[],
    y: number,
  ): number {
    const { table, margin } = this.spec;
    const lines = table.twoLineHeader ? 2 : 1;
    const size = this.spec.size - 1;
    const lineHeight = size + 3;
    const top = y - size - 2;
    const bottom = y + (lines - 1) * lineHeight + 4;
    if (table.shadedHeader) shade(this.page, margin, top, PAGE_WIDTH - margin, bottom);
    keys.forEach((key, i) => {
      const header =
        this.spec.labelCase === 'upper' ? table.headers[key].toUpperCase() : table.headers[key];
      const words = header.split(' ');
      const split = lines === 2 && words.length > 1 ? Math.ceil(words.length / 2) : 0;
      const parts =
        split > 0 ? [words.slice(0, split).join(' '), words.slice(split).join(' ')] : [header];
      parts.forEach((part, line) => {
        const baseline = y + (lines - parts.length + line) * lineHeight;
        if (LEFT_COLUMNS.has(key))
          text(this.page, part, xs[i].x, baseline, { size, font: 'sans-bold' });
        else rightText(this.page, this.m, part, xs[i].right, baseline, { size, font: 'sans-bold' });
      });
    });
    if (table.ruled) rule(this.page, margin, bottom, PAGE_WIDTH - margin, bottom);
    return bottom + this.spec.table.rowHeight - 2;
  }

  table(top: number, tableKey: string, keys: readonly string[]): number {
    const { spec } = this;
    const rows = this.truth.tables[tableKey] ?? [];
    const xs = this.columnXs(keys);
    let y = this.tableHeader(keys, xs, top);
    rows.forEach((row, index) => {
      if (y > BOTTOM) {
        this.pages.push(newPage());
        y = this.tableHeader(keys, xs, spec.margin + 20);
      }
      keys.forEach((key, i) => {
        const value = printValue(row[key] ?? null, spec);
        if (value === '') return;
        const options = {
          size: spec.size - 1,
          font: spec.valueFont,
          truth: cell(tableKey, index, key),
        };
        if (LEFT_COLUMNS.has(key)) text(this.page, value, xs[i].x, y, options);
        else rightText(this.page, this.m, value, xs[i].right, y, options);
      });
      if (spec.table.ruled)
        rule(this.page, spec.margin, y + 5, PAGE_WIDTH - spec.margin, y + 5, 0.3);
      y += spec.table.rowHeight;
    });
    if (spec.table.totalsInTable && spec.type === 'loss_run') {
      if (y > BOTTOM) {
        this.pages.push(newPage());
        y = spec.margin + 20;
      }
      text(this.page, spec.table.totalRowLabel, xs[0].x, y, {
        size: spec.size - 1,
        font: 'sans-bold',
      });
      for (const [key, column] of [
        ['total_paid', 'paid'],
        ['total_incurred', 'incurred'],
      ] as const) {
        const i = keys.indexOf(column);
        rightText(this.page, this.m, printValue(this.printed(key), spec), xs[i].right, y, {
          size: spec.size - 1,
          font: 'sans-bold',
          truth: field(key),
        });
      }
      y += spec.table.rowHeight;
    }
    return y + 14;
  }

  /** Totals below the table: caption on the left of a right-aligned amount. */
  totals(top: number): void {
    const { spec } = this;
    if (spec.table.totalsInTable && spec.type === 'loss_run') return;
    let y = top;
    for (const key of totalFields(spec.type)) {
      if (y > BOTTOM) {
        this.pages.push(newPage());
        y = spec.margin + 20;
      }
      const right = PAGE_WIDTH - spec.margin;
      this.label(right - 230, y, this.caption(key));
      rightText(this.page, this.m, printValue(this.printed(key), spec), right, y, {
        size: spec.size,
        font: spec.valueFont,
        truth: field(key),
      });
      y += spec.size * 1.8;
    }
  }
}

/** A generated family as a layout: one grammar, new values per document. */
export function familyLayout(spec: FamilySpec): DocumentLayout {
  return {
    id: spec.id,
    type: spec.type,
    set: 'generated',
    build(rng: SeededRandom, measure: TextMeasurer, size: 'short' | 'long'): LayoutResult {
      const drawn = facts(spec, rng, size);
      const truth = familyTruth(drawn.truth, spec);
      const painter = new FamilyPainter(spec, measure, truth);
      const header = painter.headerBlock(painter.title());
      let y = painter.body(header.bodyTop);
      if (drawn.narrative) y = painter.narrative(y + 6, drawn.narrative);
      const [tableKey] = Object.keys(truth.tables);
      if (tableKey) {
        const columns = Object.keys(truth.tables[tableKey][0] ?? {});
        y = painter.table(y + 16, tableKey, columns);
      }
      painter.totals(y);
      if (painter.pages.length > 1) addPageFooters(painter.pages, measure, (i, n) => `${i} / ${n}`);
      return { pages: painter.pages, truth };
    },
  };
}
