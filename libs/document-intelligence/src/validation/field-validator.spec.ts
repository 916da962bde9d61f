import type { ExtractedField } from '../schema/extraction-result.types';
import type { FieldSchema } from '../schema/field-schema.types';
import { validateFields } from './field-validator';

const schema: FieldSchema = {
  fields: [
    {
      key: 'policy_number',
      type: 'string',
      required: true,
      validation: [{ kind: 'pattern', pattern: '^[A-Z]{2}-\\d{4}-\\d{6}$' }],
    },
    { key: 'date_of_loss', type: 'date' },
    { key: 'date_reported', type: 'date' },
    {
      key: 'total',
      type: 'money',
      confidenceThreshold: 0.9,
      validation: [{ kind: 'range', min: 0, max: 50000 }],
    },
    { key: 'status', type: 'string', validation: [{ kind: 'enum', values: ['Open', 'Closed'] }] },
    { key: 'carrier', type: 'string', validation: [{ kind: 'lookup', list: 'carriers' }] },
    {
      key: 'line_items',
      type: 'table',
      columns: [
        { key: 'description', type: 'string', required: true },
        { key: 'amount', type: 'money' },
      ],
    },
    { key: 'insured', type: 'object', fields: [{ key: 'name', type: 'string', required: true }] },
  ],
};

function field(
  key: string,
  type: ExtractedField['type'],
  value: ExtractedField['value'],
  confidence = 0.95,
): ExtractedField {
  return { key, type, value, confidence, documentId: 'doc-1', source: 'label-right', notes: [] };
}

const money = (amount: number) => ({ amount, currency: 'USD' });

function cleanFields(): ExtractedField[] {
  return [
    field('policy_number', 'string', 'PA-2024-000123'),
    field('date_of_loss', 'date', '2024-03-01'),
    field('date_reported', 'date', '2024-03-04'),
    field('total', 'money', money(300)),
    field('status', 'string', 'Open'),
    field('carrier', 'string', 'Acme Mutual'),
    {
      ...field('line_items', 'table', [
        { description: 'Bumper', amount: money(100) },
        { description: 'Labor', amount: money(200) },
      ]),
      rows: [
        {
          cells: {
            description: { value: 'Bumper', text: 'Bumper', confidence: 1 },
            amount: { value: money(100), text: '$100.00', confidence: 1 },
          },
          confidence: 1,
        },
        {
          cells: {
            description: { value: 'Labor', text: 'Labor', confidence: 1 },
            amount: { value: money(200), text: '$200.00', confidence: 1 },
          },
          confidence: 1,
        },
      ],
    },
    {
      ...field('insured', 'object', { name: 'Jane Roe' }),
      properties: [field('name', 'string', 'Jane Roe')],
    },
  ];
}

const config = {
  crossFieldRules: [
    { kind: 'date-order' as const, earlier: 'date_of_loss', later: 'date_reported' },
    { kind: 'sum-equals' as const, table: 'line_items', column: 'amount', total: 'total' },
  ],
};
const context = { referenceLists: { carriers: ['Acme Mutual', 'Beacon Insurance'] } };

function reasonsOf(fields: ExtractedField[]): Record<string, readonly string[]> {
  const result = validateFields(fields, schema, config, context);
  return Object.fromEntries(result.fields.map((f) => [f.key, f.flagReasons]));
}

describe('validateFields', () => {
  it('passes clean fields and does not ask for review', () => {
    const result = validateFields(cleanFields(), schema, config, context);
    expect(result.needsReview).toBe(false);
    expect(result.fields.every((f) => !f.flagged)).toBe(true);
    expect(result.fields[0]).toMatchObject({
      key: 'policy_number',
      type: 'string',
      value: 'PA-2024-000123',
      confidence: 0.95,
      documentId: 'doc-1',
      flagged: false,
      flagReasons: [],
    });
  });

  it('flags a missing required field and a pattern mismatch', () => {
    const fields = cleanFields();
    fields[0] = field('policy_number', 'string', null, 0);
    expect(reasonsOf(fields).policy_number).toEqual(['required value missing']);
    fields[0] = field('policy_number', 'string', 'PA-24');
    expect(reasonsOf(fields).policy_number[0]).toMatch(/does not match/);
  });

  it('flags range, enum and reference-list failures', () => {
    const fields = cleanFields();
    fields[3] = field('total', 'money', money(90000));
    fields[4] = field('status', 'string', 'Pending');
    fields[5] = field('carrier', 'string', 'Unknown Co');
    const reasons = reasonsOf(fields);
    expect(reasons.total).toEqual(
      expect.arrayContaining([expect.stringMatching(/above maximum 50000/)]),
    );
    expect(reasons.status[0]).toMatch(/not one of Open, Closed/);
    expect(reasons.carrier[0]).toMatch(/not found in reference list carriers/);
  });

  it('flags fields under their confidence threshold', () => {
    const fields = cleanFields();
    fields[3] = field('total', 'money', money(300), 0.85);
    expect(reasonsOf(fields).total).toEqual(['confidence 0.85 below threshold 0.90']);
  });

  it('flags both dates when they are in the wrong order', () => {
    const fields = cleanFields();
    fields[1] = field('date_of_loss', 'date', '2024-03-09');
    const reasons = reasonsOf(fields);
    expect(reasons.date_of_loss[0]).toMatch(/must not be after/);
    expect(reasons.date_reported[0]).toMatch(/must not be after/);
  });

  it('flags the table and the total when the column does not add up', () => {
    const fields = cleanFields();
    fields[3] = field('total', 'money', money(310));
    const result = validateFields(fields, schema, config, context);
    expect(result.needsReview).toBe(true);
    const flagged = result.fields.filter((f) => f.flagged).map((f) => f.key);
    expect(flagged).toEqual(['total', 'line_items']);
    expect(result.fields.find((f) => f.key === 'total')!.flagReasons[0]).toBe(
      'sum of line_items.amount (300.00) differs from total (310.00)',
    );
  });

  it('flags table rows missing required cells and object properties failing rules', () => {
    const fields = cleanFields();
    const table = fields[6];
    fields[6] = {
      ...table,
      rows: [
        { cells: { amount: { value: money(300), text: '$300.00', confidence: 1 } }, confidence: 1 },
      ],
    };
    fields[7] = {
      ...field('insured', 'object', { name: null }),
      properties: [field('name', 'string', null, 0)],
    };
    const reasons = reasonsOf(fields);
    expect(reasons.line_items).toEqual(['row 1: description missing']);
    expect(reasons.insured).toEqual(['name: required value missing']);
  });

  it('flags a table figure OCR read with an unsure digit, though its cell passes the threshold', () => {
    const fields = cleanFields();
    const box = { x0: 0.5, y0: 0.5, x1: 0.6, y1: 0.52 };
    const read = (text: string, confidence: number) => ({
      value: money(Number(text.replace(/[$,]/g, ''))),
      text,
      confidence,
      grounding: { page: 1, box, words: [{ text, box, confidence }] },
    });
    fields[6] = {
      ...fields[6],
      rows: [
        {
          cells: {
            description: fields[6].rows![0].cells.description,
            amount: read('$160.00', 0.77),
          },
          confidence: 1,
        },
        {
          cells: {
            description: fields[6].rows![1].cells.description,
            amount: read('$140.00', 0.95),
          },
          confidence: 1,
        },
      ],
    };
    expect(reasonsOf(fields).line_items).toEqual([
      'row 1: amount figure read by OCR at 0.77: a misread digit still reads as an amount',
    ]);
  });
  it("flags a table cell one OCR slip from the form its column's other cells print", () => {
    const fields = cleanFields();
    const row = (description: string) => ({
      cells: { description: { value: description, text: description, confidence: 0.9 } },
      confidence: 0.9,
    });
    fields[6] = {
      ...fields[6],
      rows: ['2325964LO', '2330417KM', '23372731C', '2339920TA'].map(row),
    };
    expect(reasonsOf(fields).line_items).toEqual([
      `row 3: description "23372731C" one OCR slip from the form the column's other cells print`,
    ]);
  });
  it("flags a value reaching the page's edge: it may run off the page", () => {
    const fields = cleanFields();
    const box = { x0: 0.62, y0: 0.24, x1: 0.997, y1: 0.25 };
    fields[5] = {
      ...fields[5],
      grounding: { page: 1, box, words: [{ text: 'Acme Mutual', box, confidence: 1 }] },
    };
    expect(reasonsOf(fields).carrier).toEqual([
      "the value reaches the page's edge: it may run off the page",
    ]);
  });
});
