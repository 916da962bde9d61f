import { analysePage } from '../layout/page-layout.analyser';
import type { ExtractedField } from '../schema/extraction-result.types';
import type { FieldSchema, ScalarFieldDefinition } from '../schema/field-schema.types';
import { makePage } from '../testing/text-page.fixture';
import { extractDocumentFields } from './field-extractor';
import { asksForPlainTotal, printedSums, settleTotal } from './sum-check';

const money = (key: string, label: string): ScalarFieldDefinition => ({
  key,
  type: 'money',
  label,
});

describe('a field asking for a plain total', () => {
  it('is one whose label says total or sum and nothing narrower', () => {
    expect(asksForPlainTotal(money('total', 'Total'))).toBe(true);
    expect(asksForPlainTotal(money('total', 'Total Amount'))).toBe(true);
    expect(asksForPlainTotal(money('total_paid', 'Total Paid'))).toBe(false);
    expect(asksForPlainTotal(money('subtotal', 'Subtotal'))).toBe(false);
    expect(asksForPlainTotal({ key: 'total', type: 'string', label: 'Total' })).toBe(false);
  });
});

describe('amounts the page prints as a sum of others', () => {
  it('are found among the answers of one page, to the cent', () => {
    const layout = analysePage(
      makePage([
        { x: 300, y: 600, text: 'GOODS TOTAL: $12,553.18' },
        { x: 300, y: 616, text: 'SALES TAX: $627.66' },
        { x: 300, y: 632, text: 'PLEASE PAY: $13,180.84' },
      ]),
    );
    expect(printedSums([layout]).map((s) => s.value.amount)).toEqual([13180.84]);
    const noSum = analysePage(
      makePage([
        { x: 300, y: 600, text: 'GOODS TOTAL: $12,553.18' },
        { x: 300, y: 616, text: 'PLEASE PAY: $13,180.85' },
      ]),
    );
    expect(printedSums([noSum])).toEqual([]);
  });
});

describe('counts printed beside captions', () => {
  it('add up to no total: only what is printed as money does', () => {
    // A scanned invoice's quantities read under its header captions, one count a caption.
    const counts = analysePage(
      makePage([
        { x: 100, y: 200, text: 'NO.: 1' },
        { x: 300, y: 200, text: 'EACH: 1' },
        { x: 500, y: 200, text: 'QTY: 2' },
      ]),
    );
    expect(printedSums([counts])).toEqual([]);
    const money = analysePage(
      makePage([
        { x: 100, y: 200, text: 'GOODS: $1' },
        { x: 300, y: 200, text: 'FEE: 1.00' },
        { x: 500, y: 200, text: 'DUE: 2 USD' },
      ]),
    );
    expect(printedSums([money]).map((s) => s.value.amount)).toEqual([2]);
  });
});

describe('the total settled by the page arithmetic', () => {
  const invoice: FieldSchema = {
    fields: [money('subtotal', 'Subtotal'), money('tax', 'Tax'), money('total', 'Total')],
  };

  it('goes to the field asking for the total, exchanged with the field holding it, both flagged', () => {
    // "Goods Total" holds the total field's word, so a caption match alone would read it as the
    // total; the page says the amount under "PLEASE PAY" is the sum of the other two.
    const page = makePage([
      { x: 300, y: 600, text: 'GOODS TOTAL: $12,553.18' },
      { x: 300, y: 616, text: 'SALES TAX: $627.66' },
      { x: 300, y: 632, text: 'PLEASE PAY: $13,180.84' },
    ]);
    const [subtotal, tax, total] = extractDocumentFields({ pages: [page] }, invoice);
    expect(total.value).toEqual({ amount: 13180.84, currency: 'USD' });
    expect(total.doubts).toEqual([
      `taken as the page's total by its arithmetic, not by its caption`,
    ]);
    expect(total.confidence).toBeLessThanOrEqual(0.5);
    expect(total.grounding?.words.map((w) => w.text)).toEqual(['$13,180.84']);
    expect(subtotal.value).toEqual({ amount: 12553.18, currency: 'USD' });
    expect(subtotal.confidence).toBeLessThanOrEqual(0.5);
    expect(subtotal.doubts?.length).toBeGreaterThan(0);
    expect(tax.value).toEqual({ amount: 627.66, currency: 'USD' });
  });

  it('finds the sum when a totals block runs over a page break', () => {
    const pages = [
      makePage([{ x: 300, y: 700, text: 'GOODS TOTAL: $12,553.18' }], 1),
      makePage(
        [
          { x: 300, y: 100, text: 'SALES TAX: $627.66' },
          { x: 300, y: 116, text: 'PLEASE PAY: $13,180.84' },
        ],
        2,
      ),
    ];
    const [subtotal, , total] = extractDocumentFields({ pages }, invoice);
    expect(total.value).toEqual({ amount: 13180.84, currency: 'USD' });
    expect(total.grounding?.page).toBe(2);
    expect(subtotal.value).toEqual({ amount: 12553.18, currency: 'USD' });
  });

  it("leaves a total read under the field's own caption alone", () => {
    const page = makePage([
      { x: 300, y: 600, text: 'Parts: $100.00' },
      { x: 300, y: 616, text: 'Labor: $50.00' },
      { x: 300, y: 632, text: 'Total: $120.00' },
      { x: 300, y: 648, text: 'Amount Due: $150.00' },
    ]);
    const [, , total] = extractDocumentFields({ pages: [page] }, invoice);
    expect(total.value).toEqual({ amount: 120, currency: 'USD' });
  });

  it('does nothing when the page prints two different sums', () => {
    const page = makePage([
      { x: 300, y: 600, text: 'A: $1.00' },
      { x: 300, y: 616, text: 'B: $2.00' },
      { x: 300, y: 632, text: 'C: $3.00' },
      { x: 300, y: 648, text: 'D: $4.00' },
      { x: 300, y: 664, text: 'Goods Total: $9.00' },
    ]);
    const [, , total] = extractDocumentFields({ pages: [page] }, invoice);
    expect(total.value).toEqual({ amount: 9, currency: 'USD' });
  });

  it('leaves alone an amount a field read some other way holds (a remembered layout)', () => {
    const page = makePage([
      { x: 300, y: 600, text: 'GOODS TOTAL: $12,553.18' },
      { x: 300, y: 616, text: 'SALES TAX: $627.66' },
      { x: 300, y: 632, text: 'PLEASE PAY: $13,180.84' },
    ]);
    const field = (key: string, amount: number, confidence: number): ExtractedField => ({
      key,
      type: 'money',
      value: { amount, currency: 'USD' },
      confidence,
      source: 'label-right',
      notes: [],
    });
    const results = new Map([
      ['total', field('total', 12553.18, 0.73)],
      ['subtotal', field('subtotal', 13180.84, 0.95)],
    ]);
    settleTotal([money('total', 'Total')], results, [analysePage(page)], undefined);
    expect(results.get('total')?.value).toEqual({ amount: 12553.18, currency: 'USD' });
  });
});

describe('a sum with a mark OCR read as a leading 1', () => {
  // "1,052.80" read "11,052.80": only the other amounts adding up to 1,052.80 say so.
  const layout = analysePage(
    makePage([
      { x: 300, y: 600, text: 'Subtotal: $990.87' },
      { x: 300, y: 616, text: 'Tax: $61.93' },
      { x: 300, y: 632, text: 'Amount Due: 11,052.80' },
    ]),
  );
  const field = (key: string, amount: number, confidence: number): ExtractedField => ({
    key,
    type: 'money',
    value: { amount, currency: 'USD' },
    confidence,
    source: 'label-right',
    notes: [],
  });

  it('is found as the sum without that 1', () => {
    const [sum] = printedSums([layout]);
    expect(sum.value.amount).toBe(1052.8);
    expect(sum.misread).toBe(11052.8);
  });

  it('is not found when nothing adds up to it without that 1', () => {
    const apart = analysePage(
      makePage([
        { x: 300, y: 600, text: 'Subtotal: $990.87' },
        { x: 300, y: 616, text: 'Tax: $61.94' },
        { x: 300, y: 632, text: 'Amount Due: 11,052.80' },
      ]),
    );
    expect(printedSums([apart])).toEqual([]);
  });

  it('is found with a currency code after it', () => {
    const coded = analysePage(
      makePage([
        { x: 300, y: 600, text: 'Total Before Tax: 990.87 USD' },
        { x: 300, y: 616, text: 'Sales Tax: 61.93 USD' },
        { x: 300, y: 632, text: 'Please Pay: 11,052.80 USD' },
      ]),
    );
    expect(printedSums([coded]).map((s) => s.value.amount)).toEqual([1052.8]);
  });

  it('goes to the total, the field holding the misread figure taking the total’s reading, both flagged', () => {
    const results = new Map([
      ['subtotal', field('subtotal', 11052.8, 0.27)],
      ['total', field('total', 990.87, 0.46)],
    ]);
    settleTotal(
      [money('subtotal', 'Subtotal'), money('total', 'Total')],
      results,
      [layout],
      undefined,
    );
    expect(results.get('total')!.value).toEqual({ amount: 1052.8, currency: 'USD' });
    expect(results.get('total')!.confidence).toBeLessThanOrEqual(0.5);
    expect(results.get('total')!.notes.join(' ')).toContain('mark misread');
    expect(results.get('subtotal')!.value).toEqual({ amount: 990.87, currency: 'USD' });
    expect(results.get('subtotal')!.confidence).toBeLessThanOrEqual(0.5);
  });
});
