import type { FieldSchema } from '../schema/field-schema.types';
import { makePage } from '../testing/text-page.fixture';
import type { TextPage } from '../text-layer/text-layer.types';
import { extractDocumentFields, extractItemFields } from './field-extractor';

const claimSchema: FieldSchema = {
  fields: [
    {
      key: 'policy_number',
      type: 'string',
      label: 'Policy Number',
      synonyms: ['Policy No'],
      patterns: ['[A-Z]{2}-\\d{4}-\\d{6}'],
      required: true,
    },
    { key: 'date_of_loss', type: 'date', label: 'Date of Loss', synonyms: ['Loss Date'] },
    { key: 'insured_name', type: 'string', label: 'Insured Name', synonyms: ['Named Insured'] },
    {
      key: 'estimated_loss',
      type: 'money',
      label: 'Estimated Loss',
      synonyms: ['Estimated Amount'],
    },
    { key: 'police_report', type: 'boolean', label: 'Police Report Filed' },
  ],
};

function byKey<T extends { key: string }>(items: readonly T[]): Record<string, T> {
  return Object.fromEntries(items.map((i) => [i.key, i]));
}

describe('extractDocumentFields', () => {
  it('doubts a name OCR read with a word broken in two', () => {
    const page = makePage(
      [
        { x: 50, y: 100, text: 'Policy Number: PA-2024-000123', confidence: 0.95 },
        { x: 50, y: 120, text: 'Insured Name: Nathan McAll ister', confidence: 0.95 },
      ],
      1,
      'ocr',
    );
    const fields = byKey(extractDocumentFields({ pages: [page] }, claimSchema));
    expect(fields.insured_name.value).toBe('Nathan McAll ister');
    expect(fields.insured_name.confidence).toBeLessThan(0.7);
    expect(fields.insured_name.notes).toContain(
      'a word of the name starts in lower case: OCR may have split a word',
    );
  });

  it('doubts an identifier read with the next column’s words after it', () => {
    const page = makePage(
      [{ x: 50, y: 100, text: 'Policy Number: PA/2023/945820 NY 12207', confidence: 0.95 }],
      1,
      'ocr',
    );
    const fields = byKey(extractDocumentFields({ pages: [page] }, claimSchema));
    expect(fields.policy_number.value).toBe('PA/2023/945820 NY 12207');
    expect(fields.policy_number.confidence).toBeLessThan(0.7);
  });

  it('reads values to the right of labels, in two columns, normalised and grounded', () => {
    const page = makePage([
      { x: 50, y: 50, text: 'FIRST NOTICE OF LOSS', size: 16 },
      { x: 50, y: 100, text: 'Policy Number: PA-2024-000123' },
      { x: 320, y: 100, text: 'Date of Loss: March 14, 2024' },
      { x: 50, y: 120, text: 'Insured Name: Jane Roe' },
      { x: 320, y: 120, text: 'Estimated Loss: $12,500.00' },
      { x: 50, y: 140, text: 'Police Report Filed: Yes' },
    ]);
    const fields = byKey(
      extractDocumentFields({ documentId: 'doc-1', pages: [page] }, claimSchema),
    );
    expect(fields.policy_number.value).toBe('PA-2024-000123');
    expect(fields.date_of_loss.value).toBe('2024-03-14');
    expect(fields.insured_name.value).toBe('Jane Roe');
    expect(fields.estimated_loss.value).toEqual({ amount: 12500, currency: 'USD' });
    expect(fields.police_report.value).toBe(true);

    const grounding = fields.insured_name.grounding!;
    expect(grounding.documentId).toBe('doc-1');
    expect(grounding.page).toBe(1);
    expect(grounding.words.map((w) => w.text)).toEqual(['Jane', 'Roe']);
    // The union box starts at "Jane", right of the label, on the label's line.
    expect(grounding.box.x0).toBeGreaterThan(120 / 612);
    expect(grounding.box.y0).toBeCloseTo(120 / 792, 3);
    expect(fields.insured_name.confidence).toBeGreaterThan(0.9);
    expect(fields.insured_name.documentId).toBe('doc-1');
  });

  it('reads values below labels in a boxed form where the label to the right is another label', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Named Insured' },
      { x: 250, y: 100, text: 'Policy No.' },
      { x: 420, y: 100, text: 'Loss Date' },
      { x: 50, y: 114, text: 'Robert  Chen' },
      { x: 250, y: 114, text: 'HO-2023-554410' },
      { x: 420, y: 114, text: '2023-11-02' },
    ]);
    const fields = byKey(extractDocumentFields({ pages: [page] }, claimSchema));
    expect(fields.insured_name.value).toBe('Robert Chen');
    expect(fields.insured_name.source).toBe('label-below');
    expect(fields.policy_number.value).toBe('HO-2023-554410');
    expect(fields.date_of_loss.value).toBe('2023-11-02');
    expect(fields.insured_name.grounding?.documentId).toBeUndefined();
  });

  it("does not read the caption of the next line, answered beside it, as an empty field's value", () => {
    const page = makePage([
      { x: 50, y: 100, text: 'VIN:' },
      { x: 50, y: 114, text: 'Our Ref' },
      { x: 200, y: 114, text: '2426576NR' },
    ]);
    const [vin] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'vin', type: 'string', label: 'VIN' }] },
    );
    expect(vin.value).toBeNull();
  });

  it('does not read the next caption of a stack that opens alike, run into its answer, as a value', () => {
    // A scan's words as OCR read them: "FROM" and "February" ran together, so the caption under
    // "POLICY NO." passes for no caption at all.
    const word = (text: string, confidence: number, x0: number, y0: number, x1: number) => ({
      text,
      confidence,
      box: { x0, y0, x1, y1: y0 + 0.011 },
    });
    const page: TextPage = {
      pageNumber: 1,
      width: 1275,
      height: 1650,
      source: 'ocr',
      words: [
        word('INSURED', 0.96, 0.075, 0.129, 0.153),
        word('Fatima', 0.96, 0.267, 0.128, 0.328),
        word('Lindqvist', 0.95, 0.342, 0.128, 0.436),
        word('POLICY', 0.95, 0.501, 0.129, 0.565),
        word('NO.', 0.96, 0.572, 0.129, 0.601),
        word('ATY0415386', 0.91, 0.692, 0.128, 0.799),
        word('SERVICING', 0.96, 0.074, 0.155, 0.171),
        word('AGENT', 0.92, 0.181, 0.155, 0.237),
        word('Patricia', 0.83, 0.266, 0.155, 0.35),
        word('Lindqvist', 0.95, 0.364, 0.155, 0.458),
        word('POLICY', 0.96, 0.501, 0.155, 0.565),
        word('PERIOD', 0.93, 0.572, 0.155, 0.638),
        word('FROMebruary', 0.29, 0.645, 0.155, 0.777),
        word('19,', 0.96, 0.791, 0.155, 0.817),
        word('2024', 0.96, 0.834, 0.155, 0.875),
      ],
    };
    const [policy] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'policy_number', type: 'string', label: 'Policy Number' }] },
    );
    expect(policy.value).toBe('ATY0415386');
  });

  it('reads a free-text answer written as a block of lines under its first line', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Copies to:' },
      { x: 120, y: 100, text: 'R. Schoenfein' },
      { x: 120, y: 111, text: 'S. Dammers' },
      { x: 50, y: 140, text: 'Originator:' },
      { x: 120, y: 140, text: 'Acme Research' },
      { x: 50, y: 151, text: 'Phone:' },
      { x: 120, y: 151, text: '555 0100' },
      { x: 50, y: 180, text: 'Insured Name:' },
      { x: 140, y: 180, text: 'Robert Chen' },
      { x: 140, y: 191, text: '12 Oak Street' },
    ]);
    const fields = byKey(
      extractDocumentFields(
        { pages: [page] },
        {
          fields: [
            { key: 'copies', type: 'string', label: 'Copies to' },
            { key: 'originator', type: 'string', label: 'Originator' },
            { key: 'insured_name', type: 'string', label: 'Insured Name' },
          ],
        },
      ),
    );
    expect(fields.copies.value).toBe('R. Schoenfein S. Dammers');
    // The line under it has its own caption to its left: the next answer, not this one's.
    expect(fields.originator.value).toBe('Acme Research');
    // A name is one line: what stands under it is the next thing (an address).
    expect(fields.insured_name.value).toBe('Robert Chen');
  });

  it('reads the answer beside a colon caption before a surer line under it', () => {
    // FUNSD 83635935: OCR doubted "Barry", and the caption line under it read clean.
    const page = makePage(
      [
        { x: 50, y: 100, text: 'FROM:' },
        { x: 100, y: 100, text: 'Barry', confidence: 0.69 },
        { x: 133, y: 100, text: 'Hirsch', confidence: 0.96 },
        { x: 50, y: 114, text: 'TOTAL NUMBER OF PAGES - 6', confidence: 0.96 },
      ],
      1,
      'ocr',
    );
    const [from] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'from', type: 'string', label: 'From:' }] },
    );
    expect(from.value).toBe('Barry Hirsch');
  });

  it('reads the answer past what OCR read of a leader’s end after its caption', () => {
    // A harsh scan of draw 7033: "Insured Entity ....... ; ... ...  Grace McAllister".
    const page = makePage(
      [
        { x: 50, y: 100, text: 'Insured Entity ....... ; ... ...', confidence: 0.6 },
        { x: 260, y: 100, text: 'Grace McAllister', confidence: 0.9 },
        { x: 50, y: 114, text: 'Claim No.', confidence: 0.9 },
      ],
      1,
      'ocr',
    );
    const [insured] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'insured', type: 'string', label: 'Insured' }] },
    );
    expect(insured.value).toBe('Grace McAllister');
  });

  it('reads a date alone on its line as the whole answer, not the first line of a block', () => {
    // FUNSD 86220490: the page count under the date belongs to a caption OCR did not read.
    const page = makePage([
      { x: 50, y: 100, text: 'Sent' },
      { x: 120, y: 100, text: '8/31/98' },
      { x: 120, y: 111, text: '3 (including this cover page)' },
    ]);
    const [sent] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'sent', type: 'string', label: 'Sent' }] },
    );
    expect(sent.value).toBe('8/31/98');
  });

  it('does not read "Date of Birth" as the loss date when the loss date is labelled too', () => {
    const schema: FieldSchema = {
      fields: [{ key: 'loss_date', type: 'date', label: 'Date', synonyms: ['Date of Loss'] }],
    };
    const page = makePage([
      { x: 50, y: 100, text: 'Date of Birth: 01/02/1980' },
      { x: 50, y: 120, text: 'Date of Loss: 05/06/2024' },
    ]);
    const [field] = extractDocumentFields({ pages: [page] }, schema);
    expect(field.value).toBe('2024-05-06');
  });

  it('falls back to the field pattern when no label is printed, with lower confidence', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Re: claim under PA-2024-000999 for water damage' },
    ]);
    const fields = byKey(extractDocumentFields({ pages: [page] }, claimSchema));
    expect(fields.policy_number.value).toBe('PA-2024-000999');
    expect(fields.policy_number.source).toBe('pattern');
    expect(fields.policy_number.confidence).toBeLessThan(0.8);
    expect(fields.date_of_loss.value).toBeNull();
    expect(fields.date_of_loss.source).toBe('not-found');
  });

  it('matches labels with OCR slips on scanned pages, and carries OCR confidence', () => {
    const page = makePage(
      [
        { x: 50, y: 100, text: 'Po1icy Number: PA-2024-000123', confidence: 0.9 },
        { x: 50, y: 120, text: 'Insured Narne: Jane Roe', confidence: 0.6 },
      ],
      1,
      'ocr',
    );
    const fields = byKey(extractDocumentFields({ pages: [page] }, claimSchema));
    expect(fields.policy_number.value).toBe('PA-2024-000123');
    expect(fields.insured_name.value).toBe('Jane Roe');
    expect(fields.insured_name.confidence).toBeLessThan(0.7);
    expect(fields.policy_number.confidence).toBeGreaterThan(fields.insured_name.confidence);
  });

  it('reads object sub-fields inside their section', () => {
    const schema: FieldSchema = {
      fields: [
        {
          key: 'insured',
          type: 'object',
          label: 'Insured Information',
          fields: [
            { key: 'name', type: 'string', label: 'Name' },
            { key: 'phone', type: 'string', label: 'Phone' },
          ],
        },
        {
          key: 'agent',
          type: 'object',
          label: 'Agent Information',
          fields: [{ key: 'name', type: 'string', label: 'Name' }],
        },
      ],
    };
    const page = makePage([
      { x: 50, y: 80, text: 'Agent Information' },
      { x: 50, y: 100, text: 'Name: Alice Agent' },
      { x: 50, y: 140, text: 'Insured Information' },
      { x: 50, y: 160, text: 'Name: Ivan Insured' },
      { x: 50, y: 180, text: 'Phone: 555-201-3344' },
    ]);
    const fields = byKey(extractDocumentFields({ pages: [page] }, schema));
    expect(fields.insured.value).toEqual({ name: 'Ivan Insured', phone: '555-201-3344' });
    expect(fields.agent.value).toEqual({ name: 'Alice Agent' });
    expect(fields.insured.source).toBe('section');
  });
});

describe('extractItemFields', () => {
  it('returns item-scoped fields without a documentId but grounded to their document', () => {
    const schema: FieldSchema = {
      fields: [{ key: 'claim_number', type: 'string', label: 'Claim Number', scope: 'item' }],
    };
    const first = {
      documentId: 'a',
      pages: [makePage([{ x: 50, y: 100, text: 'Invoice for repairs' }])],
    };
    const second = {
      documentId: 'b',
      pages: [makePage([{ x: 50, y: 100, text: 'Claim Number: CLM-77' }])],
    };
    const [field] = extractItemFields([first, second], schema);
    expect(field.value).toBe('CLM-77');
    expect(field.documentId).toBeUndefined();
    expect(field.grounding?.documentId).toBe('b');
    expect(extractDocumentFields(second, schema)).toEqual([]);
  });
});

describe('labels after a value on the same line', () => {
  it('reads "From <date> To <date>" as two labelled dates', () => {
    const schema: FieldSchema = {
      fields: [
        { key: 'effective', type: 'date', label: 'Effective Date', synonyms: ['From'] },
        { key: 'expiration', type: 'date', label: 'Expiration Date', synonyms: ['To'] },
      ],
    };
    const page = makePage([
      { x: 50, y: 100, text: 'Policy Period:' },
      { x: 150, y: 100, text: 'From 06/25/2023 To 06/25/2024' },
    ]);
    const fields = byKey(extractDocumentFields({ pages: [page] }, schema));
    expect(fields.effective.value).toBe('2023-06-25');
    expect(fields.expiration.value).toBe('2024-06-25');
  });
});

describe('multi-line string values', () => {
  it('reads the lines of an address below its first line, and stops at the next label', () => {
    const schema: FieldSchema = {
      fields: [
        { key: 'mailing_address', type: 'string', label: 'Mailing Address', extraLines: 2 },
        { key: 'phone', type: 'string', label: 'Phone' },
      ],
    };
    const page = makePage([
      { x: 50, y: 100, text: 'Mailing Address:' },
      { x: 140, y: 100, text: '12 Oak Ave' },
      { x: 140, y: 112, text: 'Suite 4' },
      { x: 140, y: 124, text: 'Boise, ID 83702' },
      { x: 50, y: 140, text: 'Phone: 555-201-3344' },
    ]);
    const fields = byKey(extractDocumentFields({ pages: [page] }, schema));
    expect(fields.mailing_address.value).toBe('12 Oak Ave Suite 4 Boise, ID 83702');
    expect(fields.mailing_address.grounding?.box.y1).toBeCloseTo(134 / 792, 3);
    expect(fields.phone.value).toBe('555-201-3344');
  });
});

describe('plain labels on a form the schema was not written for', () => {
  it('finds each field from key, type and one plain label', () => {
    const page = makePage([
      { x: 50, y: 80, text: 'POLICY NO. HO-4471-22' },
      { x: 50, y: 100, text: 'Name of Insured: Priya Raman' },
      { x: 50, y: 120, text: 'CONTACT PHONE ........ (555) 201-7788' },
      { x: 50, y: 140, text: 'DOL: 01/10/2026' },
    ]);
    const fields = byKey(
      extractDocumentFields(
        { pages: [page] },
        {
          fields: [
            { key: 'policy_number', type: 'string', label: 'Policy number' },
            { key: 'insured_name', type: 'string', label: 'Insured name' },
            { key: 'phone', type: 'string', label: 'Phone' },
            { key: 'date_of_loss', type: 'date', label: 'Date of loss' },
          ],
        },
      ),
    );
    expect(fields.policy_number.value).toBe('HO-4471-22');
    expect(fields.insured_name.value).toBe('Priya Raman');
    expect(fields.phone.value).toBe('(555) 201-7788');
    expect(fields.date_of_loss.value).toBe('2026-01-10');
  });

  it('finds a field by its key alone', () => {
    const page = makePage([{ x: 50, y: 100, text: 'Loss Date: 03/04/2026' }]);
    const [field] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'date_of_loss', type: 'date' }] },
    );
    expect(field.value).toBe('2026-03-04');
  });
});

describe('tables whose header reading fills one column only', () => {
  it('reads the layout table by meaning when the header reading took its text rows for one wrapped cell', () => {
    const page = makePage([
      { x: 40, y: 342, text: 'Coverage Part' },
      { x: 261, y: 342, text: 'Amount of Insurance' },
      { x: 402, y: 342, text: 'You Pay First' },
      { x: 485, y: 342, text: 'Premium Amount' },
      { x: 40, y: 361, text: 'Other Structures' },
      { x: 313, y: 361, text: '$25000.00' },
      { x: 532, y: 361, text: '$444.26' },
      { x: 40, y: 378, text: 'Personal Liability' },
      { x: 313, y: 378, text: '$50000.00' },
      { x: 532, y: 378, text: '$518.53' },
      { x: 40, y: 395, text: 'Loss of Use' },
      { x: 319, y: 395, text: '$5000.00' },
      { x: 428, y: 395, text: '$250.00' },
      { x: 532, y: 395, text: '$327.82' },
    ]);
    const [coverages] = extractDocumentFields(
      { documentId: 'doc-1', pages: [page] },
      {
        fields: [
          {
            key: 'coverages',
            type: 'table',
            columns: [
              { key: 'coverage', type: 'string', label: 'Coverage' },
              { key: 'limit', type: 'money', label: 'Limit' },
              { key: 'deductible', type: 'money', label: 'Deductible' },
              { key: 'premium', type: 'money', label: 'Premium' },
            ],
          },
        ],
      },
    );
    const usd = (amount: number) => ({ amount, currency: 'USD' });
    expect(coverages.value).toEqual([
      { coverage: 'Other Structures', limit: usd(25000), deductible: null, premium: usd(444.26) },
      { coverage: 'Personal Liability', limit: usd(50000), deductible: null, premium: usd(518.53) },
      { coverage: 'Loss of Use', limit: usd(5000), deductible: usd(250), premium: usd(327.82) },
    ]);
    expect(coverages.doubts?.[0]).toMatch(/^table columns matched by meaning/);
  });
});

describe('a label matched inside a longer printed caption', () => {
  it('reads the caption’s answer, not the rest of the caption', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'INSURED PARTY', size: 8 },
      { x: 50, y: 111, text: 'Jennifer Brennan', size: 10 },
    ]);
    const [insured] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'insured_name', type: 'string', label: 'Insured' }] },
    );
    expect(insured.value).toBe('Jennifer Brennan');
  });

  it('reads a name past the caption’s last word on its line, as a guess to confirm', () => {
    // The head of a loss run of draw 7023 (digital): a grid of captions and answers, the table.
    const printed: Array<[string, number, number, number]> = [
      ['LOSS', 0.69, 0.756, 0.0586],
      ['EXPERIENCE', 0.763, 0.922, 0.0586],
      ['Valued', 0.078, 0.132, 0.1047],
      ['As', 0.137, 0.157, 0.1047],
      ['Of', 0.162, 0.18, 0.1047],
      ['September', 0.268, 0.348, 0.1047],
      ['5,', 0.353, 0.366, 0.1047],
      ['2024', 0.371, 0.407, 0.1047],
      ['Policy', 0.5, 0.547, 0.1047],
      ['No.', 0.552, 0.579, 0.1047],
      ['QR245-54576', 0.69, 0.792, 0.1047],
      ['Insured', 0.078, 0.137, 0.1287],
      ['Party', 0.142, 0.183, 0.1287],
      ['James', 0.268, 0.316, 0.1287],
      ['Quinn', 0.321, 0.364, 0.1287],
      ['Issuing', 0.5, 0.556, 0.1287],
      ['Company', 0.561, 0.636, 0.1287],
      ['Summit', 0.69, 0.745, 0.1287],
      ['Ridge', 0.75, 0.792, 0.1287],
      ['Assurance', 0.797, 0.874, 0.1287],
      ['Claim', 0.082, 0.121, 0.1867],
      ['ID', 0.125, 0.141, 0.1867],
      ['Occurred', 0.238, 0.303, 0.1867],
      ['Condition', 0.394, 0.463, 0.1867],
      ['Total', 0.593, 0.628, 0.1867],
      ['Paid', 0.632, 0.664, 0.1867],
      ['CLM-2023-142390', 0.082, 0.204, 0.2069],
      ['June', 0.238, 0.27, 0.2069],
      ['6,', 0.274, 0.286, 0.2069],
      ['2019', 0.29, 0.323, 0.2069],
      ['Reopened', 0.394, 0.462, 0.2069],
      ['$14,388.40', 0.588, 0.662, 0.2069],
    ];
    const page: TextPage = {
      pageNumber: 1,
      width: 612,
      height: 792,
      source: 'pdf-text',
      words: printed.map(([text, x0, x1, y0]) => ({
        text,
        box: { x0, y0, x1, y1: y0 + 0.0141 },
        confidence: 1,
      })),
    };
    const read = (label: string) =>
      extractDocumentFields(
        { pages: [page] },
        { fields: [{ key: 'insured_name', type: 'string', label }] },
      )[0];
    const past = read('Insured');
    expect(past.value).toBe('James Quinn');
    expect(past.confidence).toBeLessThan(0.7);
    expect(past.notes).toContain(
      'read past "Party", a word of the caption the field does not name',
    );
    // The whole caption named: no word of it is passed over.
    const named = read('Insured Party');
    expect(named.value).toBe('James Quinn');
    expect(named.notes.some((note) => note.startsWith('read past'))).toBe(false);
  });
});

describe('the kind of a text field’s answer', () => {
  it('reads no name from an amount printed beside the name’s caption', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Insured Name' },
      { x: 300, y: 100, text: '118,293.73' },
    ]);
    const [insured] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'insured_name', type: 'string', label: 'Insured Name' }] },
    );
    expect(insured.value).toBeNull();
  });
});

describe('a text field whose label is the printed caption (first-time schemas)', () => {
  const asText = (...labels: string[]): FieldSchema => ({
    fields: labels.map((label, i) => ({ key: `q${i}`, type: 'string', label })),
  });
  const values = (page: ReturnType<typeof makePage>, schema: FieldSchema) =>
    extractDocumentFields({ pages: [page] }, schema).map((f) => f.value);

  it('takes the date, count or measure beside its caption', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Date:' },
      { x: 120, y: 100, text: 'May 1, 1985' },
      { x: 50, y: 130, text: 'Total Sample' },
      { x: 160, y: 130, text: '214' },
    ]);
    expect(values(page, asText('Date:', 'Total Sample'))).toEqual(['May 1, 1985', '214']);
  });

  it('reads each of two captions alike at the one printed as its label', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Supplier(s)' },
      { x: 140, y: 100, text: 'Ecusta' },
      { x: 320, y: 100, text: 'Supplier (s)' },
      { x: 420, y: 100, text: 'Swift' },
    ]);
    expect(values(page, asText('Supplier (s)', 'Supplier(s)'))).toEqual(['Swift', 'Ecusta']);
  });

  it('ends an answer where another field’s caption is printed on its line', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Overall Length' },
      { x: 200, y: 100, text: '84 mm Total Weight' },
      { x: 330, y: 100, text: '974 mg' },
    ]);
    expect(values(page, asText('Overall Length', 'Total Weight'))).toEqual(['84 mm', '974 mg']);
  });

  it('reads an answer typed beside its caption on a line of its own', () => {
    // A typewriter's line sits half a line above the printed captions' line.
    const page = makePage([
      { x: 50, y: 100, text: 'REQUESTED BY:' },
      { x: 300, y: 100, text: 'DATE:' },
      { x: 160, y: 95, text: 'BTF', size: 11 },
      { x: 360, y: 95, text: 'September 16, 1980', size: 11 },
    ]);
    expect(values(page, asText('REQUESTED BY:', 'DATE:'))).toEqual(['BTF', 'September 16, 1980']);
  });

  it('reads a wrapped answer on while its sentence goes on', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Objective:' },
      { x: 120, y: 100, text: 'Develop a king size cigarette' },
      { x: 120, y: 112, text: 'for generic pricing.' },
      { x: 120, y: 124, text: 'Offshore blend.' },
    ]);
    expect(values(page, asText('Objective:'))).toEqual([
      'Develop a king size cigarette for generic pricing.',
    ]);
  });
});

describe('a caption with its answer on the line under another caption', () => {
  it('is no answer of the caption above, in part or whole', () => {
    // A harsh scan of draw 7029: "Harborline" read unsure, "First" under "Company" scored higher.
    const page: TextPage = {
      ...makePage([
        { x: 40, y: 130, text: 'Company' },
        { x: 175, y: 130, text: 'Harborline Casualty Company' },
        { x: 40, y: 150, text: 'First Named Insured' },
        { x: 175, y: 150, text: 'Tyrone Hughes' },
      ]),
      source: 'ocr',
    };
    const unsure = {
      ...page,
      words: page.words.map((w) => (w.text === 'Harborline' ? { ...w, confidence: 0 } : w)),
    };
    const fields = extractDocumentFields(
      { pages: [unsure] },
      {
        fields: [
          { key: 'carrier', type: 'string', label: 'Insurance Company' },
          { key: 'named_insured', type: 'string', label: 'Named Insured' },
        ],
      },
    );
    expect(fields.map((f) => f.value)).toEqual(['Harborline Casualty Company', 'Tyrone Hughes']);
  });
});
