import { makePage } from '../testing/text-page.fixture';
import { extractDocumentFields } from './field-extractor';

/** A loss run whose totals line stands alone at the top of the next page. */
function lossRun(incurredTotal: string) {
  const rows = makePage([
    { x: 40, y: 100, text: 'Claim' },
    { x: 200, y: 100, text: 'Paid' },
    { x: 320, y: 100, text: 'Incurred' },
    { x: 40, y: 118, text: 'CLM-2024-965837' },
    { x: 200, y: 118, text: '$11,950.94' },
    { x: 320, y: 118, text: '$17,651.43' },
    { x: 40, y: 136, text: 'CLM-2024-794621' },
    { x: 200, y: 136, text: '$22,837.93' },
    { x: 320, y: 136, text: '$22,837.93' },
  ]);
  const totals = makePage(
    [
      { x: 40, y: 100, text: 'Sum' },
      { x: 200, y: 100, text: '$34,788.87' },
      { x: 320, y: 100, text: incurredTotal },
    ],
    2,
  );
  return [rows, totals];
}

const schema = {
  fields: [
    { key: 'total_paid', type: 'money' as const, label: 'Total Paid' },
    { key: 'total_incurred', type: 'money' as const, label: 'Total Incurred' },
    {
      key: 'claims',
      type: 'table' as const,
      columns: [
        { key: 'claim_number', type: 'string' as const, label: 'Claim Number' },
        { key: 'paid', type: 'money' as const, label: 'Paid' },
        { key: 'incurred', type: 'money' as const, label: 'Incurred' },
      ],
    },
  ],
};

describe('a total read where the page prints its column’s sum', () => {
  it('takes the printed amount the rows add up to in the column the field names, in doubt', () => {
    const [paid, incurred] = extractDocumentFields({ pages: lossRun('$40,489.36') }, schema);
    expect(paid.value).toEqual({ amount: 34788.87, currency: 'USD' });
    expect(incurred.value).toEqual({ amount: 40489.36, currency: 'USD' });
    expect(incurred.notes).toContain('the rows of claims add up to it in incurred');
    expect(incurred.confidence).toBeLessThan(0.7);
  });

  it('takes nothing when no printed amount is the sum', () => {
    const [, incurred] = extractDocumentFields({ pages: lossRun('$40,000.00') }, schema);
    expect(incurred.value).toBeNull();
  });
});
