import {
  type FontName,
  type LayoutPage,
  PAGE_HEIGHT,
  type TextRun,
  type TruthRef,
} from './synthetic-document.types';
import type { TextMeasurer } from './text-measurer';

export interface RunOptions {
  readonly size?: number;
  readonly font?: FontName;
  readonly truth?: TruthRef;
}

export function newPage(): LayoutPage {
  return { runs: [], rules: [] };
}

export function text(
  page: LayoutPage,
  value: string,
  x: number,
  baseline: number,
  options: RunOptions = {},
): void {
  const run: TextRun = {
    text: value,
    x,
    baseline,
    size: options.size ?? 10,
    font: options.font ?? 'sans',
    ...(options.truth ? { truth: options.truth } : {}),
  };
  page.runs.push(run);
}

export function rightText(
  page: LayoutPage,
  measure: TextMeasurer,
  value: string,
  right: number,
  baseline: number,
  options: RunOptions = {},
): void {
  const width = measure.width(value, options.font ?? 'sans', options.size ?? 10);
  text(page, value, right - width, baseline, options);
}

export function rule(
  page: LayoutPage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  width = 0.6,
): void {
  page.rules.push({ x0, y0, x1, y1, width });
}

export function box(
  page: LayoutPage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  width = 0.6,
): void {
  rule(page, x0, y0, x1, y0, width);
  rule(page, x1, y0, x1, y1, width);
  rule(page, x1, y1, x0, y1, width);
  rule(page, x0, y1, x0, y0, width);
}

export function shade(
  page: LayoutPage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  grey = 0.88,
): void {
  page.rules.push({ x0, y0, x1, y1, fill: grey });
}

export const field = (key: string): TruthRef => ({ field: key });
export const cell = (table: string, row: number, column: string): TruthRef => ({
  table,
  row,
  column,
});

export type Align = 'left' | 'right';

export interface TableColumn<Row> {
  readonly header: string;
  readonly x: number;
  /** Right edge for right-aligned columns. */
  readonly right?: number;
  readonly align: Align;
  readonly key?: string;
  readonly format: (row: Row, index: number) => string;
}

export interface TableOptions<Row> {
  readonly tableKey: string;
  readonly columns: readonly TableColumn<Row>[];
  readonly rows: readonly Row[];
  readonly rowHeight: number;
  readonly size?: number;
  readonly headerFont?: FontName;
  readonly bodyFont?: FontName;
  /** Rows stop at this baseline; the rest go to a new page. */
  readonly bottom?: number;
  readonly repeatHeader: boolean;
  readonly headerShade?: boolean;
  readonly gridLines?: boolean;
  /** Drawn at the top of continuation pages. */
  readonly continuationHeader?: (page: LayoutPage) => number;
}

/**
 * Draws a table starting at `top` on the last page, adding pages when rows pass `bottom`.
 * Returns the baseline after the last row.
 */
export function drawTable<Row>(
  pages: LayoutPage[],
  measure: TextMeasurer,
  top: number,
  options: TableOptions<Row>,
): number {
  const size = options.size ?? 9;
  const bottom = options.bottom ?? PAGE_HEIGHT - 80;
  const left = Math.min(...options.columns.map((c) => c.x)) - 4;
  const right =
    Math.max(
      ...options.columns.map(
        (c) => c.right ?? c.x + measure.width(c.header, options.headerFont ?? 'sans-bold', size),
      ),
    ) + 4;
  let page = pages[pages.length - 1];
  let y = top;

  const header = (withHeader: boolean): void => {
    if (!withHeader) return;
    if (options.headerShade) shade(page, left, y - size - 3, right, y + 4);
    for (const column of options.columns) {
      const font = options.headerFont ?? 'sans-bold';
      if (column.align === 'right')
        rightText(page, measure, column.header, column.right!, y, { size, font });
      else text(page, column.header, column.x, y, { size, font });
    }
    if (options.gridLines) rule(page, left, y + 4, right, y + 4);
    y += options.rowHeight + 2;
  };

  header(true);
  options.rows.forEach((row, index) => {
    if (y > bottom) {
      page = newPage();
      pages.push(page);
      y = options.continuationHeader ? options.continuationHeader(page) : 60;
      header(options.repeatHeader);
    }
    for (const column of options.columns) {
      const value = column.format(row, index);
      if (value === '') continue;
      const truth = column.key ? cell(options.tableKey, index, column.key) : undefined;
      const runOptions = {
        size,
        font: options.bodyFont ?? 'sans',
        ...(truth ? { truth } : {}),
      } as const;
      if (column.align === 'right') rightText(page, measure, value, column.right!, y, runOptions);
      else text(page, value, column.x, y, runOptions);
    }
    if (options.gridLines) rule(page, left, y + 4, right, y + 4, 0.3);
    y += options.rowHeight;
  });
  return y;
}

/** "Page x of y" footers once the page count is known. */
export function addPageFooters(
  pages: LayoutPage[],
  measure: TextMeasurer,
  format: (index: number, total: number) => string,
  size = 8,
): void {
  pages.forEach((page, i) => {
    const label = format(i + 1, pages.length);
    const width = measure.width(label, 'sans', size);
    text(page, label, (612 - width) / 2, PAGE_HEIGHT - 30, { size });
  });
}

export interface LabelValueOptions {
  readonly size?: number;
  readonly labelFont?: FontName;
  readonly valueFont?: FontName;
  /** Fixed x of the value (tab stop); default: one space after the label. */
  readonly valueX?: number;
  readonly truth?: TruthRef;
}

/** "Label: value" on one line; the value is its own run so it can carry the truth reference. */
export function labelValue(
  page: LayoutPage,
  measure: TextMeasurer,
  label: string,
  value: string,
  x: number,
  baseline: number,
  options: LabelValueOptions = {},
): void {
  const size = options.size ?? 10;
  const labelFont = options.labelFont ?? 'sans';
  text(page, label, x, baseline, { size, font: labelFont });
  const valueX = options.valueX ?? x + measure.width(`${label} `, labelFont, size);
  text(page, value, valueX, baseline, {
    size,
    font: options.valueFont ?? 'sans',
    ...(options.truth ? { truth: options.truth } : {}),
  });
}

/** A ruled form cell: small caption at the top, the value below it. */
export function captionBox(
  page: LayoutPage,
  caption: string,
  value: string,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  truth?: TruthRef,
  options: { captionSize?: number; valueSize?: number; font?: FontName } = {},
): void {
  box(page, x0, y0, x1, y1);
  const captionSize = options.captionSize ?? 7;
  text(page, caption, x0 + 4, y0 + captionSize + 3, { size: captionSize, font: 'sans-bold' });
  text(page, value, x0 + 6, y1 - 6, {
    size: options.valueSize ?? 10,
    font: options.font ?? 'sans',
    ...(truth ? { truth } : {}),
  });
}

/** Word-wrapped prose; returns the baseline after the last line. */
export function prose(
  page: LayoutPage,
  measure: TextMeasurer,
  value: string,
  x: number,
  baseline: number,
  width: number,
  size = 9,
  font: FontName = 'sans',
): number {
  let line = '';
  let y = baseline;
  for (const word of value.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure.width(candidate, font, size) > width && line) {
      text(page, line, x, y, { size, font });
      y += size * 1.4;
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) text(page, line, x, y, { size, font });
  return y + size * 1.4;
}
