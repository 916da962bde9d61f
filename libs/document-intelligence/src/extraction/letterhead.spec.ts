import type { FieldSchema } from '../schema/field-schema.types';
import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { groupLines } from '../text-layer/line-grouper';
import { validateFields } from '../validation/field-validator';
import { extractDocumentFields } from './field-extractor';
import { LETTERHEAD_DOUBT, letterheadLine } from './letterhead';

const schema: FieldSchema = {
  fields: [
    { key: 'carrier', type: 'string', label: 'Carrier' },
    { key: 'insured_name', type: 'string', label: 'Insured Name' },
  ],
};

const body: PlacedText[] = [
  { x: 60, y: 110, text: 'NOTICE OF LOSS', size: 14 },
  { x: 60, y: 160, text: 'Insured Name: Priya Raman' },
  { x: 60, y: 180, text: 'Policy Number: HO-4471-22' },
  { x: 60, y: 200, text: 'Loss Date: 01/10/2026' },
];

const carrierOf = (runs: readonly PlacedText[]) =>
  extractDocumentFields({ pages: [makePage(runs)] }, schema)[0];

describe('the issuer from the letterhead', () => {
  it('answers a field asking for the carrier when no caption does, as a guess to confirm', () => {
    const carrier = carrierOf([
      { x: 60, y: 40, text: 'Harbor Mutual Insurance Company', size: 18 },
      ...body,
    ]);
    expect(carrier.value).toBe('Harbor Mutual Insurance Company');
    expect(carrier.doubts).toEqual([LETTERHEAD_DOUBT]);
    const validated = validateFields(
      extractDocumentFields(
        {
          pages: [
            makePage([
              { x: 60, y: 40, text: 'Harbor Mutual Insurance Company', size: 18 },
              ...body,
            ]),
          ],
        },
        schema,
      ),
      schema,
    );
    expect(validated.fields[0].flagged).toBe(true);
  });

  it('is no caption printed large with its answer', () => {
    const letterhead = (runs: readonly PlacedText[]) =>
      letterheadLine(groupLines(makePage([...runs, ...body])), new Set())?.text ?? null;
    expect(
      letterhead([
        { x: 60, y: 40, text: 'INSURER', size: 16 },
        { x: 300, y: 40, text: 'Harborline Casualty Company', size: 16 },
      ]),
    ).toBeNull();
    expect(letterhead([{ x: 60, y: 40, text: 'Harborline Casualty Company', size: 16 }])).toBe(
      'Harborline Casualty Company',
    );
  });

  it('is no document title, and gives way to a caption that names the carrier', () => {
    expect(carrierOf(body).value).toBeNull();
    const captioned = carrierOf([
      { x: 60, y: 40, text: 'Harbor Mutual Insurance Company', size: 18 },
      ...body,
      { x: 60, y: 220, text: 'Carrier: Northwind Assurance' },
    ]);
    expect(captioned.value).toBe('Northwind Assurance');
  });
});
