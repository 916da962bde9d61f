import { analysePages } from '../layout/analysed-page';
import { layoutText } from '../layout/layout-text';
import type { FieldSchema } from '../schema/field-schema.types';
import { makePage } from '../testing/text-page.fixture';
import { splitSegments } from '../text-layer/line-grouper';
import { extractDocumentFields } from './field-extractor';
import { linePairs } from './pair-matcher';

/** A first-time schema: one plain label per field, none of them printed as such on the page. */
const schema: FieldSchema = {
  fields: [
    { key: 'policy_number', type: 'string', label: 'Policy Number' },
    { key: 'date_of_loss', type: 'date', label: 'Date of Loss' },
    { key: 'estimated_loss', type: 'money', label: 'Estimated Loss' },
    { key: 'total_incurred', type: 'money', label: 'Total Incurred' },
    { key: 'insured_name', type: 'string', label: 'Insured Name' },
    { key: 'phone', type: 'string', label: 'Phone' },
  ],
};

function byKey<T extends { key: string }>(items: readonly T[]): Record<string, T> {
  return Object.fromEntries(items.map((i) => [i.key, i]));
}

describe('fields matched by meaning to the layout pairs', () => {
  const page = makePage([
    { x: 50, y: 80, text: 'Period From: October 31, 2023' },
    { x: 50, y: 100, text: 'Policy ID: TMU8101530' },
    { x: 50, y: 120, text: 'Date of Incident: 06/23/2024' },
    { x: 50, y: 140, text: 'Est. Amount: $28,320.18' },
    { x: 50, y: 160, text: 'Inc. Total: 120,296.65' },
    { x: 50, y: 180, text: 'Client: David Pearson' },
    { x: 50, y: 200, text: 'Contact No.: (598) 376-8983' },
  ]);
  const fields = byKey(extractDocumentFields({ pages: [page] }, schema));

  it('reads a field whose caption shares its meaning, below the confidence of an exact caption', () => {
    expect(fields.policy_number.value).toBe('TMU8101530');
    expect(fields.policy_number.confidence).toBeLessThanOrEqual(0.85);
    expect(fields.policy_number.notes.join(' ')).toContain('"Policy ID" matched by meaning');
    expect(fields.total_incurred.value).toEqual({ amount: 120296.65, currency: 'USD' });
    expect(fields.total_incurred.grounding?.page).toBe(1);
  });

  it('flags a value read under a caption that holds only part of the field', () => {
    expect(fields.date_of_loss.value).toBe('2024-06-23');
    expect(fields.date_of_loss.doubts?.[0]).toMatch(/^weak caption match: "Date of Incident"/);
    expect(fields.date_of_loss.confidence).toBeLessThan(0.7);
    expect(fields.estimated_loss.value).toEqual({ amount: 28320.18, currency: 'USD' });
  });

  it('takes a phone-shaped answer for a phone field under any caption, as a flagged guess', () => {
    expect(fields.phone.value).toBe('(598) 376-8983');
    expect(fields.phone.notes[0]).toBe(
      'answer shaped as the field asks, under caption "Contact No."',
    );
    expect(fields.phone.doubts?.[0]).toMatch(/^weak caption match/);
  });

  it('never reads an identifier from a date', () => {
    expect(fields.policy_number.value).not.toBe('2023-10-31');
  });

  it('reads the one text field left from the one text answer left only as a flagged guess', () => {
    // "Client" shares nothing with "Insured Name"; every other answer has its field.
    expect(fields.insured_name.value).toBe('David Pearson');
    expect(fields.insured_name.notes[0]).toBe(
      'the one text answer left on the page for the one text field left, under caption "Client"',
    );
    expect(fields.insured_name.doubts?.[0]).toMatch(/^taken by elimination: "Client"/);
    expect(fields.insured_name.confidence).toBeLessThanOrEqual(0.35);
  });
});

describe('fields taken by elimination', () => {
  const twoText: FieldSchema = {
    fields: [
      { key: 'carrier', type: 'string', label: 'Carrier' },
      { key: 'location', type: 'string', label: 'Location of Loss' },
    ],
  };

  it('takes nothing when two text fields are left, or two different text answers', () => {
    const oneAnswer = makePage([{ x: 50, y: 100, text: 'WRITTEN BY: Granite Mutual Insurance' }]);
    const both = byKey(extractDocumentFields({ pages: [oneAnswer] }, twoText));
    expect([both.carrier.value, both.location.value]).toEqual([null, null]);
    const twoAnswers = makePage([
      { x: 50, y: 100, text: 'WRITTEN BY: Granite Mutual Insurance' },
      { x: 50, y: 120, text: 'ADJUSTER: Omar Brennan' },
    ]);
    const [carrier] = extractDocumentFields(
      { pages: [twoAnswers] },
      { fields: [twoText.fields[0]] },
    );
    expect(carrier.value).toBeNull();
  });

  it('does not take a yes/no, an amount, a code or a phone number for a text field', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'POLICE CALLED: Yes' },
      { x: 50, y: 120, text: 'DEDUCTIBLE: $500.00' },
      { x: 50, y: 140, text: 'REF: 23-26664-QB' },
      { x: 50, y: 160, text: 'CONTACT: (598) 376-8983' },
    ]);
    const [carrier] = extractDocumentFields({ pages: [page] }, { fields: [twoText.fields[0]] });
    expect(carrier.value).toBeNull();
  });

  it('leaves a sentence out of what a name field may take, so the name left is taken', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Account Holder: Olga Holloway' },
      {
        x: 50,
        y: 120,
        text: 'Details: Windows were broken and the side panels were spray painted.',
      },
    ]);
    const [insured] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'insured_name', type: 'string', label: 'Insured Name' }] },
    );
    expect(insured.value).toBe('Olga Holloway');
    expect(insured.confidence).toBeLessThan(0.5);
  });

  it('lets only text fields compete: an open field of another type does not stop it', () => {
    const page = makePage([{ x: 50, y: 100, text: 'WRITTEN BY: Granite Mutual Insurance' }]);
    const fields = byKey(
      extractDocumentFields(
        { pages: [page] },
        { fields: [twoText.fields[0], { key: 'total', type: 'money', label: 'Total Incurred' }] },
      ),
    );
    expect(fields.carrier.value).toBe('Granite Mutual Insurance');
    expect(fields.total.value).toBeNull();
  });

  it("leaves an answer whose caption names another field to that field, even when it is not of that field's type", () => {
    // "Reported on" names the date field; its "pending" is no date, and no one else's either.
    const page = makePage([
      { x: 50, y: 100, text: 'WRITTEN BY: Granite Mutual Insurance' },
      { x: 50, y: 120, text: 'Reported on: pending' },
    ]);
    const fields = byKey(
      extractDocumentFields(
        { pages: [page] },
        {
          fields: [
            { key: 'reported', type: 'date', label: 'Reported date' },
            { key: 'location', type: 'string', label: 'Location of Loss' },
          ],
        },
      ),
    );
    expect(fields.reported.value).toBeNull();
    expect(fields.location.value).toBe('Granite Mutual Insurance');
    const withoutOther = makePage([{ x: 50, y: 120, text: 'Reported on: pending' }]);
    const [location] = extractDocumentFields(
      { pages: [withoutOther] },
      {
        fields: [
          { key: 'reported', type: 'date', label: 'Reported date' },
          { key: 'location', type: 'string', label: 'Location of Loss' },
        ],
      },
    ).slice(1);
    expect(location.value).toBeNull();
  });

  it('never takes a plain answer for a field that names a shape (an e-mail, a phone)', () => {
    const page = makePage([{ x: 50, y: 100, text: 'WRITTEN BY: Granite Mutual Insurance' }]);
    const [email] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'email', type: 'string', label: 'Email' }] },
    );
    expect(email.value).toBeNull();
  });

  it('counts one answer printed alike on every page once', () => {
    const pages = [1, 2].map((pageNumber) =>
      makePage([{ x: 50, y: 100, text: 'WRITTEN BY: Granite Mutual Insurance' }], pageNumber),
    );
    const [carrier] = extractDocumentFields({ pages }, { fields: [twoText.fields[0]] });
    expect(carrier.value).toBe('Granite Mutual Insurance');
    expect(carrier.confidence).toBeLessThanOrEqual(0.35);
  });
});

describe('an enum field no caption names', () => {
  const schema: FieldSchema = {
    fields: [
      {
        key: 'loss_type',
        type: 'enum',
        label: 'Type of Loss',
        options: [{ value: 'Fire' }, { value: 'Wind' }, { value: 'Water Damage' }],
      },
    ],
  };

  it('takes the one answer left that is one of its options, as a flagged guess', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'PERIL: Wind' },
      { x: 50, y: 120, text: 'REMARKS: Fire brigade called' },
    ]);
    const [lossType] = extractDocumentFields({ pages: [page] }, schema);
    expect(lossType.value).toBe('Wind');
    expect(lossType.notes[0]).toBe(
      `the one answer left on the page that is one of the field's options, under caption "PERIL"`,
    );
    expect(lossType.doubts?.[0]).toMatch(/^weak caption match: "PERIL"/);
    expect(lossType.confidence).toBeLessThanOrEqual(0.5);
  });

  it('takes nothing when two answers are options', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'PERIL: Wind' },
      { x: 50, y: 120, text: 'SECONDARY: Water Damage' },
    ]);
    expect(extractDocumentFields({ pages: [page] }, schema)[0].value).toBeNull();
  });
});

describe('the one answer of a type left for the one field of that type left', () => {
  const lossRun: FieldSchema = {
    fields: [
      { key: 'policy_number', type: 'string', label: 'Policy Number' },
      { key: 'valuation_date', type: 'date', label: 'Valuation Date' },
    ],
  };

  it('takes it as a flagged guess that says so', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Policy No.: HO-93-3148178' },
      { x: 50, y: 130, text: 'Valued As Of' },
      { x: 50, y: 144, text: 'Sep 24, 2024' },
    ]);
    const fields = byKey(extractDocumentFields({ pages: [page] }, lossRun));
    expect(fields.valuation_date.value).toBe('2024-09-24');
    expect(fields.valuation_date.notes[0]).toBe(
      'the one date answer left on the page, under caption "Valued As Of"',
    );
    expect(fields.valuation_date.doubts?.[0]).toMatch(/^weak caption match/);
    expect(fields.valuation_date.confidence).toBeLessThan(0.5);
  });

  it('takes nothing when two dates are left, or two date fields', () => {
    const twoDates = makePage([
      { x: 50, y: 100, text: 'Run On: 09/30/2024' },
      { x: 50, y: 130, text: 'Valued As Of: Sep 24, 2024' },
    ]);
    expect(extractDocumentFields({ pages: [twoDates] }, lossRun)[1].value).toBeNull();
    const twoFields: FieldSchema = {
      fields: [...lossRun.fields, { key: 'effective_date', type: 'date', label: 'Effective' }],
    };
    const oneDate = makePage([{ x: 50, y: 130, text: 'Valued As Of: Sep 24, 2024' }]);
    const read = byKey(extractDocumentFields({ pages: [oneDate] }, twoFields));
    expect(read.valuation_date.value).toBeNull();
    expect(read.effective_date.value).toBeNull();
  });
});

describe('text fields and code-shaped answers', () => {
  it('does not read a text field from an answer that is one code, under a caption sharing a word', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Loss Reference: 23-26664-QB' },
      { x: 50, y: 120, text: 'Incident Location: 1146 River Rd, Tucson, AZ 85701' },
    ]);
    const [location] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'loss_location', type: 'string', label: 'Loss Location' }] },
    );
    expect(location.value).toBe('1146 River Rd, Tucson, AZ 85701');
  });
});

describe('fields of a type no caption names', () => {
  it('take the answers of that type left on the page in configuration order, when as many are left, as flagged guesses', () => {
    const page = makePage([
      { x: 300, y: 600, text: 'LABOR & MATERIALS: $12,564.78' },
      { x: 300, y: 616, text: 'TAXES: $879.53' },
      { x: 300, y: 632, text: 'BALANCE DUE: $13,444.31' },
    ]);
    const fields = byKey(
      extractDocumentFields(
        { pages: [page] },
        {
          fields: [
            { key: 'subtotal', type: 'money', label: 'Subtotal' },
            { key: 'tax', type: 'money', label: 'Tax' },
            { key: 'total', type: 'money', label: 'Total' },
          ],
        },
      ),
    );
    expect(fields.tax.value).toEqual({ amount: 879.53, currency: 'USD' });
    expect(fields.subtotal.value).toEqual({ amount: 12564.78, currency: 'USD' });
    expect(fields.total.value).toEqual({ amount: 13444.31, currency: 'USD' });
    expect(fields.total.notes[0]).toBe(
      `one of the 2 money answers left on the page, taken in the configuration's order, under caption "BALANCE DUE"`,
    );
    expect(fields.total.confidence).toBeLessThan(0.5);
  });

  it('take the names left under captions naming a party by its role for the parties a field names by role, after the names asked for by name', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Client: Robert Castillo' },
      { x: 50, y: 120, text: 'Account Executive: Jennifer Hughes' },
      { x: 50, y: 160, text: 'Product: General Liability' },
    ]);
    const fields = byKey(
      extractDocumentFields(
        { pages: [page] },
        {
          fields: [
            { key: 'named_insured', type: 'string', label: 'Named Insured' },
            { key: 'agent_name', type: 'string', label: 'Agent' },
          ],
        },
      ),
    );
    expect(fields.named_insured.value).toBe('Robert Castillo');
    expect(fields.agent_name.value).toBe('Jennifer Hughes');
    expect(fields.agent_name.notes[0]).toBe(
      `one of the 2 party answers left on the page, taken in the configuration's order, under caption "Account Executive"`,
    );
    expect(fields.agent_name.confidence).toBeLessThan(0.5);
  });

  it('place a name asked for by name first, whatever party fields are open', () => {
    // "Carrier" is a role (someone who carries) and a firm (a transport company).
    const page = makePage([
      { x: 50, y: 100, text: 'Account Name: Kim Logistics LLC' },
      { x: 50, y: 120, text: 'Adjuster: Omar Brennan' },
    ]);
    const fields = byKey(
      extractDocumentFields(
        { pages: [page] },
        {
          fields: [
            { key: 'insured_name', type: 'string', label: 'Insured Name' },
            { key: 'carrier', type: 'string', label: 'Carrier' },
          ],
        },
      ),
    );
    expect(fields.insured_name.value).toBe('Kim Logistics LLC');
    // A role the dictionary also gives a firm does not take a person named by another role as
    // its party (the one text answer left may still be taken by elimination, in doubt).
    expect(fields.carrier.notes[0]).not.toMatch(/party answer/);
  });

  it('leave a party field alone where the name left is under a caption naming no party ("Policy Type")', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Client: Robert Castillo' },
      { x: 50, y: 120, text: 'Policy Type: General Liability' },
    ]);
    const fields = byKey(
      extractDocumentFields(
        { pages: [page] },
        {
          fields: [
            { key: 'named_insured', type: 'string', label: 'Named Insured' },
            { key: 'agent_name', type: 'string', label: 'Agent' },
          ],
        },
      ),
    );
    expect(fields.named_insured.value).toBeNull();
    expect(fields.agent_name.value).toBeNull();
  });

  it('take the one identifier left, printed under a caption naming an identifier, for the one identifier field left', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'LOSS REFERENCE: 24-90349-OD' },
      { x: 50, y: 120, text: 'WHERE IT HAPPENED: 9895 Maple Dr, Fresno, CA 93721' },
    ]);
    const fields = byKey(
      extractDocumentFields(
        { pages: [page] },
        {
          fields: [
            { key: 'claim_number', type: 'string', label: 'Claim Number' },
            { key: 'estimated_loss', type: 'money', label: 'Estimated Loss' },
          ],
        },
      ),
    );
    expect(fields.claim_number.value).toBe('24-90349-OD');
    expect(fields.claim_number.notes[0]).toBe(
      'the one identifier answer left on the page, under caption "LOSS REFERENCE"',
    );
    // "24" cut out of the code is no amount, whatever the caption shares with the field.
    expect(fields.estimated_loss.value).toBeNull();
  });

  it('never read an amount from the house number opening an address', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Est. Damage' },
      { x: 50, y: 114, text: '34,812.87' },
      { x: 50, y: 140, text: 'Loss Address' },
      { x: 50, y: 154, text: '5496 Harbor Way, Lexington, KY 40507' },
    ]);
    const fields = byKey(
      extractDocumentFields(
        { pages: [page] },
        { fields: [{ key: 'estimated_loss', type: 'money', label: 'Estimated Loss' }] },
      ),
    );
    expect(fields.estimated_loss.value).toEqual({ amount: 34812.87, currency: 'USD' });
  });

  /** Each caption and answer on a line of its own, read for an invoice's identifier fields. */
  function identifiersRead(lines: readonly string[], withVin = false) {
    const page = makePage(lines.map((text, i) => ({ x: 50, y: 100 + 20 * i, text })));
    const vin = { key: 'vin', type: 'string' as const, label: 'VIN' };
    return byKey(
      extractDocumentFields(
        { pages: [page] },
        {
          fields: [
            { key: 'invoice_number', type: 'string', label: 'Invoice Number' },
            { key: 'claim_number', type: 'string', label: 'Claim Number' },
            ...(withVin ? [vin] : []),
          ],
        },
      ),
    );
  }

  it('place two identifiers left by a prefix that abbreviates one field, the other in order', () => {
    const fields = identifiersRead(['File Number: CLM-2022-935766', 'Document No.: T445259']);
    expect(fields.invoice_number.value).toBe('T445259');
    expect(fields.claim_number.value).toBe('CLM-2022-935766');
    expect(fields.claim_number.notes[0]).toBe(
      'one of the 2 identifier answers left on the page, taken by its prefix, under caption "File Number"',
    );
    expect(fields.claim_number.confidence).toBeLessThan(0.5);
  });

  it('give one identifier left, with more identifier fields open, to the field its prefix names', () => {
    const named = identifiersRead(['File Number: CLM2022792124', 'Adjuster: Kim Lee']);
    expect(named.claim_number.value).toBe('CLM2022792124');
    expect(named.claim_number.confidence).toBeLessThan(0.7);
    expect(named.invoice_number.value).toBeNull();
    const unnamed = identifiersRead(['File Number: K2022792124', 'Adjuster: Kim Lee']);
    expect(unnamed.claim_number.value).toBeNull();
    expect(unnamed.invoice_number.value).toBeNull();
  });

  it('give the one street address left to the one place field no caption named', () => {
    const page = makePage(
      ['KIND OF LOSS', 'Vandalism', 'WHERE IT HAPPENED', '8040 Forest Dr, Denver, CO 80202'].map(
        (text, i) => ({ x: 50, y: 100 + 16 * i, text }),
      ),
    );
    const fields = byKey(
      extractDocumentFields(
        { pages: [page] },
        {
          fields: [
            { key: 'loss_type', type: 'string', label: 'Type of Loss' },
            { key: 'loss_location', type: 'string', label: 'Location of Loss' },
          ],
        },
      ),
    );
    expect(fields.loss_location.value).toBe('8040 Forest Dr, Denver, CO 80202');
    expect(fields.loss_location.confidence).toBeLessThan(0.7);
  });

  it('leave out of the count an identifier field none of the answers left can be, as a VIN', () => {
    const fields = identifiersRead(
      ['Loss Reference: CLM-2022-601766', 'Document No.: I206126'],
      true,
    );
    expect(fields.invoice_number.value).toBe('I206126');
    expect(fields.claim_number.value).toBe('CLM-2022-601766');
    expect(fields.vin.value).toBeNull();
  });

  it('count digits alone under a caption naming a number as an identifier, not an amount', () => {
    const fields = identifiersRead(['Loss Reference: CLM-2022-601766', 'Document No.: 1206126']);
    expect(fields.invoice_number.value).toBe('1206126');
    expect(fields.claim_number.value).toBe('CLM-2022-601766');
  });

  it('give a VIN field the one identifier left of its standard shape, the others in order', () => {
    const fields = identifiersRead(
      ['Document No.: INV-05822', 'Chassis No.: 2STV8R85G0S2XFZ74', 'File Number: 22-14342-PC'],
      true,
    );
    expect(fields.vin.value).toBe('2STV8R85G0S2XFZ74');
    expect(fields.vin.notes[0]).toBe(
      'one of the 3 identifier answers left on the page, taken by its shape, under caption "Chassis No."',
    );
    expect(fields.invoice_number.value).toBe('INV-05822');
    expect(fields.claim_number.value).toBe('22-14342-PC');
  });

  it('read an answer placed by its type as its own field reads it: a VIN with O for 0', () => {
    const fields = identifiersRead(
      ['Document No.: INV-05822', 'Chassis No.: 2STV8R85GOS2XFZ74', 'File Number: 22-14342-PC'],
      true,
    );
    expect(fields.vin.value).toBe('2STV8R85G0S2XFZ74');
    expect(fields.invoice_number.value).toBe('INV-05822');
    expect(fields.claim_number.value).toBe('22-14342-PC');
  });

  it('take the one name left, printed under a caption naming a name, for the one name field left', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'ACCOUNT NAME: James Kowalski' },
      { x: 50, y: 120, text: 'PERIL: Wind' },
    ]);
    const [insured] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'insured_name', type: 'string', label: 'Insured Name' }] },
    );
    expect(insured.value).toBe('James Kowalski');
    expect(insured.notes[0]).toBe(
      'the one name answer left on the page, under caption "ACCOUNT NAME"',
    );
    expect(insured.confidence).toBeLessThanOrEqual(0.5);
  });

  it('take nothing when the answers left outnumber the fields', () => {
    const page = makePage([
      { x: 300, y: 600, text: 'LABOR & MATERIALS: $12,564.78' },
      { x: 300, y: 616, text: 'SHIPPING: $40.00' },
      { x: 300, y: 632, text: 'BALANCE DUE: $12,604.78' },
    ]);
    const [subtotal, total] = extractDocumentFields(
      { pages: [page] },
      {
        fields: [
          { key: 'subtotal', type: 'money', label: 'Subtotal' },
          { key: 'total', type: 'money', label: 'Total' },
        ],
      },
    );
    expect(subtotal.value).toBeNull();
    // Not by its type: the page prints it as the sum of the other two (sum-check.ts).
    expect(total.value).toEqual({ amount: 12604.78, currency: 'USD' });
    expect(total.doubts).toEqual([
      `taken as the page's total by its arithmetic, not by its caption`,
    ]);
  });
});

describe('a caption the dictionary relates to the field', () => {
  const declarations: FieldSchema = {
    fields: [
      { key: 'carrier', type: 'string', label: 'Insurance Company' },
      { key: 'agent', type: 'string', label: 'Agent' },
    ],
  };

  it('reads the field, below the confidence of a caption sharing its words, and says so', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Underwriter: Keystone Fidelity Insurance' },
      { x: 50, y: 130, text: 'Broker: Omar Brennan' },
    ]);
    const fields = byKey(extractDocumentFields({ pages: [page] }, declarations));
    expect(fields.carrier.value).toBe('Keystone Fidelity Insurance');
    expect(fields.carrier.notes[0]).toBe('caption "Underwriter" matched by meaning (0.75)');
    expect(fields.agent.value).toBe('Omar Brennan');
    const sameWords = byKey(
      extractDocumentFields(
        { pages: [makePage([{ x: 50, y: 100, text: 'Agent Code: Omar Brennan' }])] },
        declarations,
      ),
    );
    expect(fields.agent.confidence).toBeLessThan(0.8);
    expect(fields.agent.confidence).toBeLessThan(sameWords.agent.confidence);
  });

  it("never lets a synonym caption beat the field's own caption", () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Broker: Omar Brennan' },
      { x: 50, y: 130, text: 'Agent Name: Linda Reynolds' },
    ]);
    const fields = byKey(extractDocumentFields({ pages: [page] }, declarations));
    expect(fields.agent.value).toBe('Linda Reynolds');
  });
});

describe('a caption beside its answer on a line the layout left unpaired', () => {
  // A caption-beside-answer grid; below a line of three phrases the layout pairs no caption with
  // its answer.
  const rows = [
    ['Date Notified', 'May 26, 2023'],
    ['Claim No.', 'CLM-2023-135080'],
    ['Police Notified', 'Yes', 'Officer Diaz'],
    ['Nature of Loss', 'Theft'],
    ['Policy ID', 'AEV9147594'],
  ];
  const page = makePage([
    ...rows.flatMap(([caption, answer, more], i) => [
      { x: 72, y: 100 + 21 * i, text: caption },
      { x: 222, y: 100 + 21 * i, text: answer },
      ...(more ? [{ x: 260, y: 100 + 21 * i, text: more }] : []),
    ]),
    { x: 72, y: 250, text: 'Details' },
    { x: 72, y: 266, text: 'Vehicle was stolen from the driveway overnight; keys were gone.' },
  ]);
  const [analysed] = analysePages([page]);

  it('is read as a pair below the confidence of the layout’s own pairs', () => {
    const paired = analysed.layout.keyValuePairs.map((p) => p.key.text);
    expect(paired).not.toContain('Policy ID');
    const fromLines = linePairs(analysed.lines, [analysed.layout]);
    const policy = fromLines.find((p) => p.key.text === 'Policy ID');
    expect(policy?.value?.text).toBe('AEV9147594');
    expect(policy?.confidence).toBeLessThan(
      Math.min(...analysed.layout.keyValuePairs.map((p) => p.confidence)),
    );
    // A caption the layout paired, and a line of three segments, give no line pair.
    expect(fromLines.map((p) => p.key.text)).not.toContain('Claim No.');
    expect(fromLines.map((p) => p.key.text)).not.toContain('Police Notified');
  });

  it('answers a field by its caption’s meaning, flagged for review', () => {
    const schema: FieldSchema = {
      fields: [
        { key: 'policy_number', type: 'string', label: 'Policy Number' },
        { key: 'claim_number', type: 'string', label: 'Claim Number' },
      ],
    };
    const fields = byKey(extractDocumentFields({ pages: [page] }, schema));
    expect(fields.policy_number.value).toBe('AEV9147594');
    expect(fields.policy_number.notes[0]).toContain('"Policy ID" matched by meaning');
    expect(fields.policy_number.confidence).toBeLessThan(0.7);
    expect(fields.claim_number.value).toBe('CLM-2023-135080');
  });
});

describe('an identifier beside an amount', () => {
  it('is never read from the amount', () => {
    // With the whole schema, "Certificate" defines too many of its names to say a policy.
    const page = makePage([
      { x: 50, y: 100, text: 'BROKER ........................ Derek Fischer' },
      { x: 50, y: 120, text: 'CERTIFICATE NO.................. MD178-16331' },
      { x: 50, y: 140, text: 'CLIENT ......................... Helen Hughes' },
      { x: 300, y: 300, text: 'POLICY PREMIUM' },
      { x: 450, y: 300, text: '$2,961.87' },
    ]);
    const schema: FieldSchema = {
      fields: [
        { key: 'policy_number', type: 'string', label: 'Policy Number' },
        { key: 'total_premium', type: 'money', label: 'Total Premium' },
        { key: 'named_insured', type: 'string', label: 'Named Insured' },
        { key: 'carrier', type: 'string', label: 'Insurance Company' },
        { key: 'agent', type: 'string', label: 'Agent' },
        { key: 'effective_date', type: 'date', label: 'Effective Date' },
        { key: 'line', type: 'string', label: 'Line of Business' },
      ],
    };
    const fields = byKey(extractDocumentFields({ pages: [page] }, schema));
    expect(fields.policy_number.value).not.toBe('$2,961.87');
    expect(fields.total_premium.value).toEqual({ amount: 2961.87, currency: 'USD' });
  });
});

describe('a line pair whose answer the layout gave to another caption', () => {
  const page = makePage([
    { x: 72, y: 100, text: 'Nature of Loss' },
    { x: 222, y: 100, text: 'Theft' },
    { x: 72, y: 121, text: 'Policy ID' },
    { x: 222, y: 121, text: 'AEV9147594' },
    { x: 300, y: 150, text: 'FILE NUMBER' },
    { x: 72, y: 170, text: 'LOSS ADDRESS' },
    { x: 222, y: 170, text: '9097 Cedar Ln, Springfield CLM2023731434' },
  ]);
  const [analysed] = analysePages([page]);
  const segment = (text: string) =>
    analysed.lines.flatMap((l) => splitSegments(l)).find((s) => s.text === text)!;
  // The layout as it read such pages: an answer taken for a caption over the next line's
  // answer, and a caption printed apart given an answer that runs into its own.
  const layout = {
    ...analysed.layout,
    keyValuePairs: [
      {
        key: layoutText(segment('Theft').words),
        value: layoutText(segment('AEV9147594').words),
        arrangement: 'below' as const,
        confidence: 0.6,
      },
      {
        key: layoutText(segment('FILE NUMBER').words),
        value: layoutText(segment('9097 Cedar Ln, Springfield CLM2023731434').words),
        arrangement: 'below' as const,
        confidence: 0.6,
      },
    ],
  };
  const read = linePairs(analysed.lines, [layout]).map((p) => `${p.key.text} = ${p.value?.text}`);

  it('is kept when that caption is itself an answer beside a caption', () => {
    expect(read).toContain('Policy ID = AEV9147594');
    expect(read).toContain('Nature of Loss = Theft');
  });

  it('is dropped when that caption is printed apart', () => {
    expect(read.filter((p) => p.startsWith('LOSS ADDRESS'))).toEqual([]);
  });
});

describe('captions in capitals run into their answers on one line', () => {
  const page = makePage([
    { x: 72, y: 100, text: 'CLAIMS HISTORY' },
    {
      x: 72,
      y: 120,
      text: 'ISSUING COMPANY Keystone Fidelity Insurance EVALUATION DATE December 29, 2024',
    },
    { x: 72, y: 160, text: 'ACCOUNT NAME Fischer Logistics' },
    { x: 72, y: 180, text: 'INSURED Fischer Logistics LLC REPORT DATE May 3, 2024' },
  ]);
  const [analysed] = analysePages([page]);
  const read = linePairs(analysed.lines, [analysed.layout]).map(
    (p) => `${p.key.text} = ${p.value?.text}`,
  );

  it('are read as pairs when the line alternates caption and answer twice', () => {
    expect(read).toContain('ISSUING COMPANY = Keystone Fidelity Insurance');
    expect(read).toContain('EVALUATION DATE = December 29, 2024');
  });

  it('are not read from one caption and answer, nor from a run a one-word caption breaks', () => {
    expect(read.filter((p) => p.startsWith('ACCOUNT NAME'))).toEqual([]);
    expect(read.filter((p) => p.startsWith('INSURED') || p.startsWith('REPORT'))).toEqual([]);
  });

  it('answer a field by meaning, flagged', () => {
    const schema: FieldSchema = {
      fields: [
        { key: 'valuation_date', type: 'date', label: 'Valuation Date' },
        { key: 'policy_number', type: 'string', label: 'Policy Number' },
      ],
    };
    const fields = byKey(extractDocumentFields({ pages: [page] }, schema));
    expect(fields.valuation_date.value).toBe('2024-12-29');
    expect(fields.valuation_date.confidence).toBeLessThan(0.7);
  });
});

describe('two captions each beside its answer on one line', () => {
  const page = makePage([
    { x: 72, y: 100, text: 'Name of Insured' },
    { x: 200, y: 100, text: 'Priya Kim' },
    { x: 330, y: 100, text: 'Peril' },
    { x: 420, y: 100, text: 'Theft' },
    { x: 72, y: 140, text: 'Policy #:' },
    { x: 200, y: 140, text: 'HO642856750' },
    { x: 330, y: 140, text: 'Police Called' },
    { x: 440, y: 140, text: 'X Yes' },
    { x: 500, y: 140, text: 'No' },
  ]);
  const [analysed] = analysePages([page]);
  const read = linePairs(analysed.lines, [analysed.layout]).map(
    (p) => `${p.key.text} = ${p.value?.text}`,
  );

  it('are read as two pairs, the layout’s or the line’s', () => {
    // The layout reads the first: its caption and answer stand where "Policy #:" and its
    // answer do under them (paired-columns.ts).
    const laid = analysed.layout.keyValuePairs.map((p) => `${p.key.text} = ${p.value?.text}`);
    expect([...laid, ...read]).toContain('Name of Insured = Priya Kim');
    expect([...laid, ...read]).toContain('Peril = Theft');
  });

  it('read the caption after a pair the layout made, its marked answer with it', () => {
    // The layout pairs a caption with the marked yes/no after it; the line pairs leave it so.
    const laid = analysed.layout.keyValuePairs.map((p) => `${p.key.text} = ${p.value?.text}`);
    expect([...laid, ...read].filter((p) => p.startsWith('Police Called'))).toEqual([
      'Police Called = X Yes No',
    ]);
    expect(read.filter((p) => p.startsWith('X Yes') || p.startsWith('Policy'))).toEqual([]);
  });
});

describe('a field asking for a place', () => {
  it('takes no code of letters and digits, whatever caption words it shares', () => {
    // Draw 7029: "Loss Reference" shares "loss" with "Loss Location" as "Incident Location"
    // shares "location".
    const page = makePage([
      { x: 50, y: 100, text: 'Loss Reference: CLM2024325732' },
      { x: 50, y: 120, text: 'Incident Location: 2132 Cedar Ln, Springfield, IL 62704' },
    ]);
    const [location] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'loss_location', type: 'string', label: 'Loss Location' }] },
    );
    expect(location.value).toBe('2132 Cedar Ln, Springfield, IL 62704');
  });
});

describe('the one text answer left, under a caption another field names less well than its own', () => {
  it('is taken by elimination for the one text field left', () => {
    // Draw 7029: "INSURANCE PROVIDER" shares a sense with a policy number (a certificate of
    // insurance) that "POLICY ID" answered.
    const page = makePage([
      { x: 50, y: 100, text: 'ASSURED: Sullivan Logistics LLC' },
      { x: 50, y: 120, text: 'POLICY ID: PA-2021-223243' },
      { x: 50, y: 140, text: 'INSURANCE PROVIDER: Granite Mutual Insurance' },
    ]);
    const fields = byKey(
      extractDocumentFields(
        { pages: [page] },
        {
          fields: [
            { key: 'insured_name', type: 'string', label: 'Insured' },
            { key: 'policy_number', type: 'string', label: 'Policy Number' },
            { key: 'carrier', type: 'string', label: 'Carrier' },
          ],
        },
      ),
    );
    expect(fields.policy_number.value).toBe('PA-2021-223243');
    expect(fields.carrier.value).toBe('Granite Mutual Insurance');
    expect(fields.carrier.doubts?.[0]).toMatch(/^taken by elimination/);
  });
});

describe('a yes/no answered on a line the layout paired nothing on', () => {
  it('reads the option the mark stands beside', () => {
    // Draw 7029: "Police Report?  Yes   X No" beside another caption and its answer.
    const page = makePage([
      { x: 50, y: 140, text: 'Peril' },
      { x: 165, y: 140, text: 'Collision' },
      { x: 306, y: 140, text: 'Police Report?' },
      { x: 434, y: 140, text: 'Yes' },
      { x: 471, y: 140, text: 'X' },
      { x: 482, y: 140, text: 'No' },
    ]);
    const [filed] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'police_report_filed', type: 'boolean', label: 'Police Report Filed' }] },
    );
    expect(filed.value).toBe(false);
  });
});

describe('money fields no caption names', () => {
  it('count no identifier with a letter glued to its figure among the amounts left', () => {
    // Draw 7030: "X264752" under "Document No." kept the subtotal and the total from their
    // amounts, three answers for two fields.
    const page = makePage([
      { x: 50, y: 80, text: 'Document No.' },
      { x: 150, y: 80, text: 'X264752' },
      ...[
        ['Net Amount', '$1579.60'],
        ['VAT', '$98.73'],
        ['Amount Due', '$1678.33'],
      ].flatMap(([caption, amount], k) => [
        { x: 300, y: 300 + 20 * k, text: caption },
        { x: 460, y: 300 + 20 * k, text: amount },
      ]),
    ]);
    const fields = byKey(
      extractDocumentFields(
        { pages: [page] },
        {
          fields: [
            { key: 'invoice_number', type: 'string', label: 'Invoice Number' },
            { key: 'subtotal', type: 'money', label: 'Subtotal' },
            { key: 'tax', type: 'money', label: 'Tax' },
            { key: 'total', type: 'money', label: 'Total' },
          ],
        },
      ),
    );
    expect(fields.subtotal.value).toEqual({ amount: 1579.6, currency: 'USD' });
    expect(fields.total.value).toEqual({ amount: 1678.33, currency: 'USD' });
  });
});

describe('a place field left for elimination', () => {
  it('takes no sentence', () => {
    // A harsh scan of draw 7030: the address parted from its caption, the details left over.
    const page = (details: string) =>
      makePage([
        { x: 50, y: 100, text: 'Assured: James Zimmerman' },
        { x: 50, y: 130, text: 'Claim No.', size: 9 },
        { x: 50, y: 142, text: '23/85945/HY' },
        { x: 50, y: 166, text: 'Details', size: 9 },
        { x: 50, y: 178, text: details },
      ]);
    const schema = {
      fields: [
        { key: 'insured_name', type: 'string', label: 'Insured' },
        { key: 'claim_number', type: 'string', label: 'Claim Number' },
        { key: 'loss_location', type: 'string', label: 'Loss Location' },
      ],
    } as const;
    const locationOf = (details: string) =>
      extractDocumentFields({ pages: [page(details)] }, schema as never)[2];
    expect(locationOf('Hail storm damaged the roof shingles and gutters.').value).toBeNull();
    expect(locationOf('7202 Church St, Boise, ID 83702').value).toBe(
      '7202 Church St, Boise, ID 83702',
    );
  });
});
