import { invoiceFacts, invoiceTruth } from '../document-facts.generator';
import type { DocumentLayout } from '../layout.types';
import {
  addPageFooters,
  captionBox,
  drawTable,
  field,
  labelValue,
  newPage,
  rightText,
  rule,
  text,
} from '../layout-kit';
import type { SeededRandom } from '../seeded-random';
import {
  formatDate,
  formatMoney,
  type LineItem,
  type MoneyStyle,
} from '../synthetic-data.generator';
import type { LayoutPage } from '../synthetic-document.types';
import type { TextMeasurer } from '../text-measurer';

const itemCount = (rng: SeededRandom, size: 'short' | 'long'): number =>
  size === 'long' ? rng.int(28, 40) : rng.int(3, 9);
const qty = (q: number): string => (Number.isInteger(q) ? String(q) : q.toFixed(1));

function totalsBlock(
  page: LayoutPage,
  m: TextMeasurer,
  y: number,
  labels: [string, string, string],
  values: [number, number, number],
  style: MoneyStyle,
  x: number,
  right: number,
  font: 'sans' | 'mono' = 'sans',
): void {
  const keys = ['subtotal', 'tax', 'total'];
  labels.forEach((label, i) => {
    const bold = i === 2 && font === 'sans' ? 'sans-bold' : font;
    text(page, label, x, y + i * 16, { size: 10, font: bold });
    rightText(page, m, formatMoney(values[i], style), right, y + i * 16, {
      size: 10,
      font: bold,
      truth: field(keys[i]),
    });
  });
}

/** Dev: body-shop invoice, label-colon-value header, Description/Qty/Unit Price/Amount table. */
const shop: DocumentLayout = {
  id: 'invoice-shop',
  type: 'invoice',
  set: 'dev',
  build(rng, m, size) {
    const f = invoiceFacts(rng, itemCount(rng, size));
    const page = newPage();
    text(page, f.vendor, 50, 54, { size: 13, font: 'sans-bold' });
    text(page, f.vendorAddress, 50, 68, { size: 8 });
    rightText(page, m, 'INVOICE', 562, 58, { size: 20, font: 'sans-bold' });
    labelValue(page, m, 'Invoice #:', f.invoiceNumber, 380, 92, { truth: field('invoice_number') });
    labelValue(page, m, 'Date:', formatDate(f.invoiceDate, 'us'), 380, 108, {
      truth: field('invoice_date'),
    });
    labelValue(page, m, 'Claim Number:', f.claimNumber, 380, 124, { truth: field('claim_number') });
    if (f.vin) labelValue(page, m, 'VIN:', f.vin, 380, 140, { size: 9, truth: field('vin') });
    text(page, 'Bill To:', 50, 100, { size: 10, font: 'sans-bold' });
    text(page, f.customer, 50, 114, { size: 10 });
    const pages = [page];
    const y = drawTable<LineItem>(pages, m, 178, {
      tableKey: 'line_items',
      rowHeight: 16,
      size: 9,
      repeatHeader: true,
      gridLines: true,
      bottom: 700,
      continuationHeader: (p) => {
        text(p, `${f.vendor}  -  Invoice ${f.invoiceNumber} (continued)`, 50, 50, { size: 9 });
        return 90;
      },
      rows: f.items,
      columns: [
        {
          header: 'Description',
          x: 54,
          align: 'left',
          key: 'description',
          format: (i) => i.description,
        },
        {
          header: 'Qty',
          x: 318,
          right: 336,
          align: 'right',
          key: 'quantity',
          format: (i) => qty(i.quantity),
        },
        {
          header: 'Unit Price',
          x: 390,
          right: 440,
          align: 'right',
          key: 'unit_price',
          format: (i) => formatMoney(i.unitPrice, 'dollar'),
        },
        {
          header: 'Amount',
          x: 515,
          right: 556,
          align: 'right',
          key: 'amount',
          format: (i) => formatMoney(i.amount, 'dollar'),
        },
      ],
    });
    totalsBlock(
      pages[pages.length - 1],
      m,
      y + 14,
      ['Subtotal', 'Sales Tax', 'Total Due'],
      [f.subtotal, f.tax, f.total],
      'dollar',
      400,
      556,
    );
    if (pages.length > 1 || rng.chance(0.5))
      addPageFooters(pages, m, (i, n) => `Page ${i} of ${n}`);
    return { pages, truth: invoiceTruth(f) };
  },
};

/** Dev: estimate with boxed header cells, line numbers and shaded table header. */
const estimate: DocumentLayout = {
  id: 'estimate-boxed',
  type: 'invoice',
  set: 'dev',
  build(rng, m, size) {
    const f = invoiceFacts(rng, itemCount(rng, size));
    const page = newPage();
    text(page, 'ESTIMATE OF REPAIRS', 40, 60, { size: 16, font: 'sans-bold' });
    text(page, f.vendor, 40, 78, { size: 9, font: 'sans-bold' });
    text(page, f.vendorAddress, 40, 90, { size: 8 });
    captionBox(page, 'ESTIMATE NO.', f.invoiceNumber, 360, 44, 466, 76, field('invoice_number'));
    captionBox(
      page,
      'ESTIMATE DATE',
      formatDate(f.invoiceDate, 'long'),
      466,
      44,
      572,
      76,
      field('invoice_date'),
      { valueSize: 9 },
    );
    captionBox(page, 'CLAIM NO.', f.claimNumber, 360, 76, 466, 108, field('claim_number'), {
      valueSize: 9,
    });
    captionBox(page, 'VIN', f.vin ?? 'N/A', 466, 76, 572, 108, f.vin ? field('vin') : undefined, {
      valueSize: 7,
    });
    const pages = [page];
    const y = drawTable<LineItem>(pages, m, 140, {
      tableKey: 'line_items',
      rowHeight: 15,
      size: 9,
      repeatHeader: true,
      headerShade: true,
      bottom: 690,
      continuationHeader: (p) => {
        text(p, `ESTIMATE ${f.invoiceNumber} - continued`, 40, 50, { size: 9, font: 'sans-bold' });
        return 84;
      },
      rows: f.items,
      columns: [
        { header: 'Line', x: 44, align: 'left', format: (_i, n) => String(n + 1) },
        {
          header: 'Operation',
          x: 80,
          align: 'left',
          key: 'description',
          format: (i) => i.description,
        },
        {
          header: 'Qty',
          x: 330,
          right: 350,
          align: 'right',
          key: 'quantity',
          format: (i) => qty(i.quantity),
        },
        {
          header: 'Rate',
          x: 420,
          right: 446,
          align: 'right',
          key: 'unit_price',
          format: (i) => formatMoney(i.unitPrice, 'plain'),
        },
        {
          header: 'Ext Price',
          x: 520,
          right: 566,
          align: 'right',
          key: 'amount',
          format: (i) => formatMoney(i.amount, 'plain'),
        },
      ],
    });
    rule(pages[pages.length - 1], 380, y - 6, 572, y - 6);
    totalsBlock(
      pages[pages.length - 1],
      m,
      y + 10,
      ['Net Amount', 'Tax', 'Grand Total'],
      [f.subtotal, f.tax, f.total],
      'plain',
      400,
      566,
    );
    if (pages.length > 1) addPageFooters(pages, m, (i, n) => `Page ${i} of ${n}`);
    return { pages, truth: invoiceTruth(f) };
  },
};

/** Eval: modern invoice, labels above values in a right block, long dates, amounts without "$". */
const modern: DocumentLayout = {
  id: 'invoice-modern',
  type: 'invoice',
  set: 'eval',
  build(rng, m, size) {
    const f = invoiceFacts(rng, itemCount(rng, size));
    const page = newPage();
    text(page, f.vendor, 56, 64, { size: 15, font: 'sans-bold' });
    text(page, f.vendorAddress, 56, 80, { size: 8 });
    text(page, 'Invoice', 56, 120, { size: 24, font: 'sans-bold' });
    const block = (
      caption: string,
      value: string,
      x: number,
      y: number,
      key?: string,
      valueSize = 10,
    ): void => {
      text(page, caption, x, y, { size: 8, font: 'sans-bold' });
      text(page, value, x, y + 14, { size: valueSize, ...(key ? { truth: field(key) } : {}) });
    };
    block('Invoice Number', f.invoiceNumber, 330, 108, 'invoice_number');
    block('Invoice Date', formatDate(f.invoiceDate, 'long'), 450, 108, 'invoice_date');
    block('Claim #', f.claimNumber, 330, 144, 'claim_number');
    if (f.vin) block('Vehicle ID', f.vin, 450, 144, 'vin', 8);
    block('Billed To', f.customer, 56, 144);
    const pages = [page];
    const y = drawTable<LineItem>(pages, m, 200, {
      tableKey: 'line_items',
      rowHeight: 18,
      size: 9,
      repeatHeader: true,
      headerShade: true,
      bottom: 690,
      rows: f.items,
      columns: [
        {
          header: 'Item Description',
          x: 60,
          align: 'left',
          key: 'description',
          format: (i) => i.description,
        },
        {
          header: 'Quantity',
          x: 300,
          right: 336,
          align: 'right',
          key: 'quantity',
          format: (i) => qty(i.quantity),
        },
        {
          header: 'Price Each',
          x: 400,
          right: 446,
          align: 'right',
          key: 'unit_price',
          format: (i) => formatMoney(i.unitPrice, 'plain'),
        },
        {
          header: 'Line Total',
          x: 510,
          right: 552,
          align: 'right',
          key: 'amount',
          format: (i) => formatMoney(i.amount, 'plain'),
        },
      ],
    });
    totalsBlock(
      pages[pages.length - 1],
      m,
      y + 16,
      ['Sub-total', 'Tax Amount', 'Balance Due'],
      [f.subtotal, f.tax, f.total],
      'dollar',
      400,
      552,
    );
    addPageFooters(pages, m, (i, n) => `${i} / ${n}`);
    return { pages, truth: invoiceTruth(f) };
  },
};

/** Eval: typewriter repair order, quantity first, amounts without thousands separators. */
const repairOrder: DocumentLayout = {
  id: 'repair-order-mono',
  type: 'invoice',
  set: 'eval',
  build(rng, m, size) {
    const f = invoiceFacts(rng, itemCount(rng, size));
    const page = newPage();
    const t = (value: string, x: number, y: number, key?: string, fontSize = 9): void =>
      text(page, value, x, y, {
        size: fontSize,
        font: 'mono',
        ...(key ? { truth: field(key) } : {}),
      });
    t(f.vendor.toUpperCase(), 48, 52, undefined, 11);
    t(f.vendorAddress.toUpperCase(), 48, 66, undefined, 8);
    t('REPAIR ORDER', 48, 96, undefined, 13);
    t('RO NUMBER:', 330, 96);
    t(f.invoiceNumber, 420, 96, 'invoice_number');
    t('DATE ISSUED:', 330, 112);
    t(formatDate(f.invoiceDate, 'us'), 420, 112, 'invoice_date');
    t('CLAIM:', 330, 128);
    t(f.claimNumber, 420, 128, 'claim_number');
    if (f.vin) {
      t('VIN NUMBER:', 48, 128);
      t(f.vin, 128, 128, 'vin', 8);
    }
    const pages = [page];
    const y = drawTable<LineItem>(pages, m, 170, {
      tableKey: 'line_items',
      rowHeight: 14,
      size: 9,
      headerFont: 'mono',
      bodyFont: 'mono',
      repeatHeader: false,
      bottom: 700,
      continuationHeader: (p) => {
        text(p, `RO ${f.invoiceNumber} CONT'D`, 48, 50, { size: 9, font: 'mono' });
        return 80;
      },
      rows: f.items,
      columns: [
        {
          header: 'QTY',
          x: 48,
          right: 70,
          align: 'right',
          key: 'quantity',
          format: (i) => qty(i.quantity),
        },
        {
          header: 'PART DESCRIPTION',
          x: 90,
          align: 'left',
          key: 'description',
          format: (i) => i.description.toUpperCase(),
        },
        {
          header: 'UNIT COST',
          x: 380,
          right: 434,
          align: 'right',
          key: 'unit_price',
          format: (i) => formatMoney(i.unitPrice, 'dollar-nocomma'),
        },
        {
          header: 'EXTENDED',
          x: 500,
          right: 548,
          align: 'right',
          key: 'amount',
          format: (i) => formatMoney(i.amount, 'dollar-nocomma'),
        },
      ],
    });
    totalsBlock(
      pages[pages.length - 1],
      m,
      y + 14,
      ['TOTAL BEFORE TAX', 'TAX', 'INVOICE TOTAL'],
      [f.subtotal, f.tax, f.total],
      'dollar-nocomma',
      330,
      548,
      'mono',
    );
    if (pages.length > 1) addPageFooters(pages, m, (i, n) => `PAGE ${i} OF ${n}`);
    const truth = invoiceTruth(f);
    return {
      pages,
      truth: {
        ...truth,
        tables: {
          line_items: truth.tables.line_items.map((row) => ({
            ...row,
            description: String(row.description).toUpperCase(),
          })),
        },
      },
    };
  },
};

export const INVOICE_LAYOUTS: readonly DocumentLayout[] = [shop, estimate, modern, repairOrder];
