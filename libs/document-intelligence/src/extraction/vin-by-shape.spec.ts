import { makePage } from '../testing/text-page.fixture';
import { extractDocumentFields } from './field-extractor';
import { VIN_BY_SHAPE_DOUBT, VIN_FOUND_NOTE, VIN_SHAPE_NOTE } from './vin-by-shape';

const schema = {
  fields: [
    { key: 'vin', type: 'string', label: 'VIN' },
    { key: 'claim_number', type: 'string', label: 'Claim number' },
  ],
} as const;

/** An invoice whose VIN, under a caption matched weakly, reads `vin`. */
const invoicePrinting = (vin: string, ...extra: Array<{ x: number; y: number; text: string }>) =>
  makePage([
    { x: 430, y: 50, text: 'INVOICE', size: 14 },
    { x: 70, y: 100, text: 'Vehicle ID' },
    { x: 170, y: 100, text: vin },
    { x: 300, y: 100, text: 'Billed On' },
    { x: 400, y: 100, text: '11/28/23' },
    { x: 70, y: 120, text: 'Claim Number' },
    { x: 170, y: 120, text: '2281534SC' },
    ...extra,
  ]);

const invoice = (...extra: Array<{ x: number; y: number; text: string }>) =>
  invoicePrinting('8DLNUGPSBMDJV52AZ', ...extra);

const vinOf = (page: ReturnType<typeof makePage>) =>
  extractDocumentFields({ documentId: 'd', pages: [page] }, schema).find((f) => f.key === 'vin')!;

describe("a VIN vouched for by its shape where its caption's meaning matched weakly", () => {
  it('lifts the weak caption doubt from the only word in a VIN’s shape', () => {
    const vin = vinOf(invoice());
    expect(vin.value).toBe('8DLNUGPSBMDJV52AZ');
    expect(vin.doubts ?? []).toEqual([]);
    expect(vin.notes).toContain(VIN_SHAPE_NOTE);
    expect(vin.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('vouches for a VIN read with an O for its 0, never one read with an I for a 1', () => {
    const withVin = (printed: string) => vinOf(invoicePrinting(printed));
    const zero = withVin('8DLNUGPSBMDJV52AO');
    expect(zero.value).toBe('8DLNUGPSBMDJV52A0');
    expect(zero.confidence).toBeGreaterThanOrEqual(0.7);
    const one = withVin('8DLNUGPSBMDIV52AZ');
    expect(one.value).toBe('8DLNUGPSBMD1V52AZ');
    expect(one.notes).not.toContain(VIN_SHAPE_NOTE);
    expect(one.confidence).toBeLessThan(0.7);
  });

  it('keeps the doubt when the document prints a second word of that shape', () => {
    const vin = vinOf(invoice({ x: 70, y: 140, text: 'Towed unit 1FTFW1ET5DFC10312' }));
    expect(vin.notes).not.toContain(VIN_SHAPE_NOTE);
    expect(vin.doubts?.[0]).toMatch(/^weak caption match/);
  });

  it('reads a VIN no caption named from the only word in its shape, flagged', () => {
    const page = makePage([
      { x: 430, y: 50, text: 'TAX INVOICE', size: 14 },
      { x: 380, y: 80, text: '2TBML0NS01VFMJ0E4' },
      { x: 70, y: 100, text: 'Date of Invoice 10-Dec-2023' },
      { x: 380, y: 100, text: 'Vehicle Identification No.' },
    ]);
    const vin = vinOf(page);
    expect(vin.value).toBe('2TBML0NS01VFMJ0E4');
    expect(vin.doubts).toEqual([VIN_BY_SHAPE_DOUBT]);
    expect(vin.notes).toEqual([VIN_FOUND_NOTE]);
    expect(vin.confidence).toBeLessThan(0.7);
  });

  it('reads a VIN no caption named from the only word in its shape, an O read for its 0', () => {
    // A harsh scan's OCR reads a VIN's 0 as an O, a letter ISO 3779 never prints; with two
    // identifier fields open, "Serial No" names neither.
    const page = makePage([
      { x: 430, y: 50, text: 'STATEMENT OF CHARGES', size: 14 },
      { x: 70, y: 100, text: 'Serial No' },
      { x: 170, y: 100, text: '8DLNUGPSBMDJV52AO' },
      { x: 70, y: 120, text: 'Claim Number' },
      { x: 170, y: 120, text: '2281534SC' },
    ]);
    const withInvoice = {
      fields: [
        ...schema.fields,
        { key: 'invoice_number', type: 'string', label: 'Invoice number' },
      ],
    };
    const fields = extractDocumentFields({ documentId: 'd', pages: [page] }, withInvoice as never);
    const vin = fields.find((f) => f.key === 'vin')!;
    expect([vin.value, vin.doubts]).toEqual(['8DLNUGPSBMDJV52A0', [VIN_BY_SHAPE_DOUBT]]);
    expect(fields.find((f) => f.key === 'invoice_number')?.value).toBeNull();
  });
});
