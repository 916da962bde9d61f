import { renderTemplate, summariseItem } from './item-summariser';

const invoice = {
  documentId: 'd2',
  label: 'invoice',
  fields: [
    { key: 'invoice_number', type: 'string' as const, value: 'INV-1001' },
    { key: 'vendor', type: 'string' as const, value: 'Acme Auto Body' },
    { key: 'total', type: 'money' as const, value: { amount: 4512.3, currency: 'USD' } },
    { key: 'line_items', type: 'table' as const, value: [{ description: 'Bumper' }] },
  ],
};

describe('summariseItem', () => {
  it('renders per-class templates and drops sections whose fields are missing', () => {
    const result = summariseItem(
      { documents: [invoice] },
      {
        templates: {
          invoice: {
            summary: 'Invoice {invoice_number}[ from {vendor}][ due {due_date}] for {total}.',
            insight: '{class} total {total}',
          },
        },
        classNames: { invoice: 'repair invoice' },
      },
    );
    expect(result.summary).toBe('Invoice INV-1001 from Acme Auto Body for USD 4,512.30.');
    expect(result.insight).toBe('Repair invoice total USD 4,512.30');
    expect(result.source).toBe('template');
  });

  it('builds a default summary from key fields and an insight from flags', () => {
    const flagged = {
      ...invoice,
      fields: [
        ...invoice.fields.slice(0, 2),
        {
          key: 'total',
          type: 'money' as const,
          value: { amount: 10, currency: 'USD' },
          flagged: true,
          flagReasons: ['sum of line_items.amount (20.00) differs from total (10.00)'],
        },
      ],
    };
    const result = summariseItem({ documents: [flagged] });
    expect(result.summary).toBe(
      'Invoice: invoice number INV-1001, vendor Acme Auto Body, total USD 10.00.',
    );
    expect(result.insight).toBe(
      'Needs review: 1 field flagged (total: sum of line_items.amount (20.00) differs from total (10.00)).',
    );
  });

  it('summarises several documents and names the largest amount when all is valid', () => {
    const claim = {
      label: 'fnol',
      fields: [
        { key: 'claim_number', type: 'string' as const, value: 'CLM-7' },
        { key: 'reserve', type: 'money' as const, value: { amount: 90, currency: 'USD' } },
      ],
    };
    const result = summariseItem(
      { documents: [claim, invoice] },
      { keyFields: { invoice: ['total'] } },
    );
    expect(result.summary).toBe(
      '2 documents. Fnol: claim number CLM-7, reserve USD 90.00. Invoice: total USD 4,512.30.',
    );
    expect(result.insight).toBe(
      'All extracted fields passed validation. Largest amount: total USD 4,512.30.',
    );
  });

  it('marks missing values outside optional sections', () => {
    expect(renderTemplate('Claim {claim_number}', new Map())).toBe('Claim ?');
  });
});
