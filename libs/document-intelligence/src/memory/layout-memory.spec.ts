import { extractDocumentFields } from '../extraction/field-extractor';
import { type AnalysedPage, analysePages } from '../layout/analysed-page';
import type { ExtractedField } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { CENTS_APART_DOUBT } from '../text-layer/split-figure.joiner';
import type { TextPage } from '../text-layer/text-layer.types';
import { MARKED_OPTION_NOTE } from '../values/marked-option';
import { CAPTION_SHAPED_DOUBT, UNPAIRED_BRACKET_DOUBT } from '../values/value-print';
import {
  AGREEMENT_NOTE,
  applyLayoutMemory,
  CONFIRMED_EMPTY_NOTE,
  EMPTY_PLACE_NOTE,
  type LayoutMemory,
  learnLayout,
  matchingMemory,
  REVIEWED_CAPTION_NOTE,
  withReviewedCaptions,
} from './layout-memory';

/** A form whose captions no plain schema label matches ("Contract ID" for a policy number). */
function carrierForm(policy: string, loss: string, shift = 0): TextPage {
  return makePage([
    { x: 60, y: 50 + shift, text: 'ACME MUTUAL LOSS NOTICE', size: 14 },
    { x: 60, y: 100 + shift, text: 'Contract ID:' },
    { x: 160, y: 100 + shift, text: policy },
    { x: 330, y: 100 + shift, text: 'Event on:' },
    { x: 400, y: 100 + shift, text: loss },
    { x: 60, y: 130 + shift, text: 'Adjuster: Kim Lee' },
  ]);
}

function otherForm(): TextPage {
  return makePage([
    { x: 60, y: 300, text: 'Invoice number: 7781' },
    { x: 60, y: 330, text: 'Due date: 02/02/2026' },
  ] satisfies PlacedText[]);
}

function boxOf(page: TextPage, text: string) {
  const word = page.words.find((w) => w.text === text)!;
  return word.box;
}

function unionOf(page: TextPage, texts: readonly string[]) {
  const boxes = texts.map((text) => boxOf(page, text));
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

const fields = [
  { key: 'policy_number', type: 'string', label: 'Policy number' },
  { key: 'date_of_loss', type: 'date', label: 'Date of loss' },
] as const;

describe('one-shot layout memory', () => {
  const reviewed = carrierForm('CX-1001', '01/10/2026');
  const memory = learnLayout(analysePages([reviewed]), [
    { key: 'policy_number', pageNumber: 1, box: boxOf(reviewed, 'CX-1001') },
    { key: 'date_of_loss', pageNumber: 1, box: boxOf(reviewed, '01/10/2026') },
  ])!;

  it('remembers the caption each reviewed value hangs off', () => {
    expect(memory.fields.map((f) => [f.key, f.anchorText])).toEqual([
      ['policy_number', 'Contract ID'],
      ['date_of_loss', 'Event on'],
    ]);
  });

  it('hangs no value off a caption OCR read at next to no confidence', () => {
    // A harsh scan of draw 7034: "CERTIFICATE NO." read "TURE AE NO.", which no later scan prints.
    const scan = makePage(
      [
        { x: 60, y: 100, text: 'Contract ID:', confidence: 0.95 },
        { x: 160, y: 100, text: 'CX-1001', confidence: 0.95 },
        { x: 60, y: 130, text: 'TURE AE:', confidence: 0.1 },
        { x: 160, y: 130, text: '01/10/2026', confidence: 0.9 },
      ],
      1,
      'ocr',
    );
    const taught = learnLayout(analysePages([scan]), [
      { key: 'date_of_loss', pageNumber: 1, box: boxOf(scan, '01/10/2026') },
    ])!;
    expect(taught.fields.map((f) => f.anchorText)).toEqual(['Contract ID']);
  });

  it('reads the next document of that layout where the reviewer found the values', () => {
    const next = carrierForm('CX-2002', '03/04/2026', 6);
    expect(matchingMemory(analysePages([next]), [memory])).toBe(memory);
    const read = applyLayoutMemory(analysePages([next]), memory, fields, 'doc-2');
    expect(read.map((f) => [f.key, f.value, f.source])).toEqual([
      ['policy_number', 'CX-2002', 'layout-memory'],
      ['date_of_loss', '2026-03-04', 'layout-memory'],
    ]);
    expect(read[0].grounding?.words.map((w) => w.text)).toEqual(['CX-2002']);
    expect(read[0].confidence).toBeGreaterThan(0.9);
  });

  it('does not apply the memory to a different layout', () => {
    expect(matchingMemory(analysePages([otherForm()]), [memory])).toBeNull();
  });

  it('leaves out a remembered field whose text no longer parses as its type', () => {
    const next = carrierForm('CX-2002', 'pending', 0);
    const read = applyLayoutMemory(analysePages([next]), memory, fields, undefined);
    expect(read.map((f) => f.key)).toEqual(['policy_number']);
  });

  it('stops a value where the next caption begins on a dense form', () => {
    const dense = (policy: string, loss: string) =>
      makePage([
        { x: 60, y: 50, text: 'ACME MUTUAL LOSS NOTICE', size: 14 },
        { x: 60, y: 100, text: 'Contract ID:' },
        { x: 130, y: 100, text: policy },
        { x: 190, y: 100, text: 'Event on:' },
        { x: 240, y: 100, text: loss },
        { x: 60, y: 130, text: 'Adjuster: Kim Lee' },
      ]);
    const first = dense('CX-1', '01/10/2026');
    const taught = learnLayout(analysePages([first]), [
      { key: 'policy_number', pageNumber: 1, box: boxOf(first, 'CX-1') },
    ])!;
    const read = applyLayoutMemory(
      analysePages([dense('CX-20022', '03/04/2026')]),
      taught,
      fields,
      undefined,
    );
    expect(read.map((f) => [f.key, f.value])).toEqual([['policy_number', 'CX-20022']]);
  });

  it('lets a longer value run on past the reviewed one, but not across a gap into the next column', () => {
    // A stamp in the next column pairs with no caption: only the gap before it tells it apart.
    const account = (name: string) =>
      makePage([
        { x: 60, y: 50, text: 'CLAIMS HISTORY', size: 14 },
        { x: 60, y: 100, text: 'Account Name:' },
        { x: 160, y: 100, text: name },
        { x: 250, y: 100, text: 'PAID' },
      ]);
    const first = account('Ann Lee');
    const taught = learnLayout(analysePages([first]), [
      { key: 'insured_name', pageNumber: 1, box: unionOf(first, ['Ann', 'Lee']) },
    ])!;
    const insured = [{ key: 'insured_name', type: 'string', label: 'Insured name' }] as const;
    const read = (name: string) =>
      applyLayoutMemory(analysePages([account(name)]), taught, insured, undefined)[0]?.value;
    expect(read('Bo Li')).toBe('Bo Li');
    expect(read('Ann Dawson Li')).toBe('Ann Dawson Li');
  });

  /** A repair estimate whose total stands under its table, with or without its caption. */
  const estimate = (rows: number, net: string, caption = 'Net Amount'): TextPage =>
    makePage([
      { x: 60, y: 50, text: 'REPAIR ESTIMATE', size: 14 },
      { x: 60, y: 100, text: 'Work Performed' },
      { x: 300, y: 100, text: 'Units' },
      { x: 450, y: 100, text: 'Ext. Price' },
      ...Array.from({ length: rows }, (_, r) => [
        { x: 60, y: 118 + r * 16, text: `Part ${r + 1}` },
        { x: 300, y: 118 + r * 16, text: `${r + 1}` },
        { x: 450, y: 118 + r * 16, text: `${(r + 1) * 100}.00` },
      ]).flat(),
      ...(caption ? [{ x: 60, y: 118 + rows * 16, text: caption }] : []),
      { x: 450, y: 118 + rows * 16 + (caption ? 0 : 10), text: net },
    ]);

  it('anchors a total under a table to its own line, so it follows the table as it grows', () => {
    const taught = estimate(2, '300.00');
    const totals = learnLayout(analysePages([taught]), [
      { key: 'subtotal', pageNumber: 1, box: boxOf(taught, '300.00') },
    ])!;
    expect(totals.fields[0].anchorText).toBe('Net Amount');
    const longer = estimate(5, '1500.00');
    const read = applyLayoutMemory(
      analysePages([longer]),
      totals,
      [{ key: 'subtotal', type: 'money', label: 'Subtotal' }],
      'doc-3',
    );
    expect(read.map((f) => f.value)).toEqual([{ amount: 1500, currency: 'USD' }]);
  });

  it("doubts a value the remembered place finds right of another field's caption", () => {
    // Only when that caption is another remembered field's anchor: see anchorsAnother.
    const totals = (paid: string, incurred: string, shift: number): TextPage =>
      makePage(
        [
          { x: 60, y: 50, text: 'CLAIMS SUMMARY', size: 14 },
          { x: 60, y: 100, text: 'Carrier: Acme Mutual' },
          { x: 300, y: 200 + shift, text: 'Sum Paid' },
          { x: 450, y: 200 + shift, text: paid },
          { x: 300, y: 220 + shift, text: 'Sum Incurred' },
          { x: 450, y: 220 + shift, text: incurred },
        ],
        1,
        'ocr',
      );
    const taught = totals('1,200.00', '2,400.00', 0);
    const memory = learnLayout(analysePages([taught]), [
      { key: 'total_paid', pageNumber: 1, box: boxOf(taught, '1,200.00') },
      { key: 'total_incurred', pageNumber: 1, box: boxOf(taught, '2,400.00') },
    ])!;
    // The next page as a scan might hand it: the anchor found a line below its printed line.
    const next = analysePages([totals('3,100.00', '5,900.00', 0)]);
    const moved = {
      ...memory,
      fields: memory.fields.map((f) => ({
        ...f,
        offset: { ...f.offset, y0: f.offset.y0 + 0.025, y1: f.offset.y1 + 0.025 },
      })),
    };
    const money = [{ key: 'total_paid', type: 'money' as const, label: 'Total paid' }];
    const [wrong] = applyLayoutMemory(next, moved, money, undefined);
    expect(wrong.value).toEqual({ amount: 5900, currency: 'USD' });
    expect(wrong.doubts).toEqual([
      'the value stands right of another field\'s caption, "Sum Incurred"',
    ]);
    const [right] = applyLayoutMemory(next, memory, money, undefined);
    expect([right.value, right.doubts]).toEqual([{ amount: 3100, currency: 'USD' }, undefined]);
  });

  it("does not hang a value outside a table off the table's header", () => {
    // As a fax-like scan whose OCR lost the total's caption hands the page: the header above
    // moves away from the total as the table grows, so it is no place to remember it by.
    const captionless = estimate(2, '300.00', '');
    const taught = learnLayout(analysePages([captionless]), [
      { key: 'subtotal', pageNumber: 1, box: boxOf(captionless, '300.00') },
    ]);
    expect(taught?.fields.map((f) => f.anchorText) ?? []).not.toContain('Ext. Price');
  });

  describe('a yes/no whose line prints both options', () => {
    const notice = (mark: number | null, more: PlacedText[] = []) =>
      makePage([
        { x: 60, y: 50, text: 'LOSS NOTICE', size: 14 },
        { x: 60, y: 100, text: 'Police Called:' },
        ...(mark === null ? [] : [{ x: mark, y: 100, text: 'X' }]),
        { x: 180, y: 100, text: 'Yes' },
        { x: 240, y: 100, text: 'No' },
        ...more,
      ]);
    const reviewed = notice(228);
    const taught = learnLayout(analysePages([reviewed]), [
      { key: 'police_report_filed', pageNumber: 1, box: boxOf(reviewed, 'No') },
    ])!;
    const police = [{ key: 'police_report_filed', type: 'boolean', label: 'Police' }] as const;
    const read = (page: TextPage) =>
      applyLayoutMemory(analysePages([page]), taught, police, undefined);

    it('is read from its one tick mark, not from the option the reviewed document had marked', () => {
      const [answer] = read(notice(168));
      expect(answer.value).toBe(true);
      expect(answer.grounding?.words.map((w) => w.text)).toEqual(['X', 'Yes']);
      expect(answer.notes).toContain(MARKED_OPTION_NOTE);
      expect(read(notice(228))[0].value).toBe(false);
    });

    it('is read from its mark where the place takes in both options', () => {
      const ticked = notice(168);
      const onYes = learnLayout(analysePages([ticked]), [
        { key: 'police_report_filed', pageNumber: 1, box: boxOf(ticked, 'Yes') },
      ])!;
      const [answer] = applyLayoutMemory(analysePages([notice(228)]), onYes, police, undefined);
      expect(answer.value).toBe(false);
      expect(answer.grounding?.words.map((w) => w.text)).toEqual(['X', 'No']);
    });

    it('is read from its ticked box, the other option printing its empty box', () => {
      // A scan of draw 7033 ("☐ Yes  ☑ No"): the empty box counted as a second no, and the
      // memory left the answer to the caption's weak reading, sent to review at 0.64.
      const [answer] = read(
        makePage([
          { x: 60, y: 50, text: 'LOSS NOTICE', size: 14 },
          { x: 60, y: 100, text: 'Police Called:' },
          { x: 168, y: 100, text: '☐ Yes' },
          { x: 226, y: 100, text: '☑ No' },
        ]),
      );
      expect([answer?.value, answer?.grounding?.words.map((w) => w.text)]).toEqual([
        false,
        ['☑', 'No'],
      ]);
    });

    it('is left to the ordinary reading with no mark, or with another answer on the line', () => {
      expect(read(notice(null))).toEqual([]);
      expect(read(notice(168, [{ x: 270, y: 100, text: 'Yes' }]))).toEqual([]);
    });
  });

  it('finds a remembered total on a later page when the table ran on to it', () => {
    const head = (pageNumber: number, rows: number) => [
      { x: 60, y: 50, text: 'LOSS RUN REPORT', size: 14 },
      { x: 60, y: 80, text: 'Account Name:' },
      { x: 160, y: 80, text: 'Ann Lee' },
      { x: 60, y: 110, text: 'Claim' },
      { x: 450, y: 110, text: 'Paid' },
      ...Array.from({ length: rows }, (_, r) => [
        { x: 60, y: 128 + r * 16, text: `C-${pageNumber}${r}` },
        { x: 450, y: 128 + r * 16, text: '100.00' },
      ]).flat(),
    ];
    const taught = makePage([
      ...head(1, 3),
      { x: 60, y: 200, text: 'Sum Paid:' },
      { x: 450, y: 200, text: '300.00' },
    ]);
    const totals = learnLayout(analysePages([taught]), [
      { key: 'total_paid', pageNumber: 1, box: boxOf(taught, '300.00') },
    ])!;
    const longer = [
      makePage(head(1, 3)),
      makePage(
        [...head(2, 2), { x: 60, y: 184, text: 'Sum Paid:' }, { x: 450, y: 184, text: '500.00' }],
        2,
      ),
    ];
    const read = applyLayoutMemory(
      analysePages(longer),
      totals,
      [{ key: 'total_paid', type: 'money', label: 'Total paid' }],
      undefined,
    );
    expect(read.map((f) => [f.value, f.grounding?.page])).toEqual([
      [{ amount: 500, currency: 'USD' }, 2],
    ]);
  });

  it('knows a layout again when its table grew and moved the totals under it', () => {
    const invoice = (rows: number): TextPage =>
      makePage([
        { x: 60, y: 50, text: 'INVOICE', size: 14 },
        { x: 60, y: 80, text: 'Billed On: 01/02/2026' },
        { x: 60, y: 100, text: 'Work Performed' },
        { x: 300, y: 100, text: 'Count' },
        { x: 450, y: 100, text: 'Line Total' },
        ...Array.from({ length: rows }, (_, r) => [
          { x: 60, y: 118 + r * 16, text: `Part ${r + 1}` },
          { x: 300, y: 118 + r * 16, text: `${r + 1}` },
          { x: 450, y: 118 + r * 16, text: `$${(r + 1) * 100}.00` },
        ]).flat(),
        { x: 300, y: 124 + rows * 16, text: 'Net Amount' },
        { x: 450, y: 124 + rows * 16, text: '$999.00' },
        { x: 300, y: 140 + rows * 16, text: 'Tax Due' },
        { x: 450, y: 140 + rows * 16, text: '$9.00' },
        { x: 300, y: 156 + rows * 16, text: 'Amount Due' },
        { x: 450, y: 156 + rows * 16, text: '$1,008.00' },
      ]);
    const short = invoice(2);
    const taught = learnLayout(analysePages([short]), [
      { key: 'total', pageNumber: 1, box: boxOf(short, '$1,008.00') },
    ])!;
    expect(matchingMemory(analysePages([invoice(14)]), [taught])).toBe(taught);
  });

  it('learns nothing from a review without located values', () => {
    expect(learnLayout(analysePages([reviewed]), [])).toBeNull();
  });
});

describe('a remembered caption the analysis of the next document paired with nothing', () => {
  // A harsh scan of draw 7024: a speck before BROKER broke the column of captions over answers.
  const bands = (rows: ReadonlyArray<readonly [string, string]>): TextPage =>
    makePage(
      rows.flatMap(([caption, answer], k) => [
        { x: 40, y: 70 + k * 30, text: caption },
        { x: 40, y: 82 + k * 30, text: answer },
      ]),
    );
  const reviewed = bands([
    ['ASSURED', 'David Novak'],
    ['BROKER', 'Aisha Thompson'],
    ['INSURANCE PROVIDER', 'Bluewater Indemnity Co.'],
    ['COVERAGE ENDS', 'October 7, 2024'],
    ['CONTRACT NUMBER', 'PA-2024-532167'],
  ]);
  const agent = [{ key: 'agent_name', type: 'string', label: 'Agent name' }] as const;
  const memory = learnLayout(analysePages([reviewed]), [
    { key: 'agent_name', pageNumber: 1, box: unionOf(reviewed, ['Aisha', 'Thompson']) },
  ])!;
  const next = bands([
    ['ASSURED', 'Andre McAllister'],
    ['BROKER', 'Elizabeth Nguyen'],
  ]);

  it('reads the value off the caption printed in place, letter for letter', () => {
    expect(memory.fields.map((f) => f.anchorText)).toEqual(['BROKER']);
    expect(analysePages([next])[0].layout.keyValuePairs.map((p) => p.key.text)).not.toContain(
      'BROKER',
    );
    const read = applyLayoutMemory(analysePages([next]), memory, agent, undefined);
    expect(read.map((f) => [f.key, f.value])).toEqual([['agent_name', 'Elizabeth Nguyen']]);
  });
});

describe('a remembered caption OCR read past recognition on the next scan', () => {
  // A scan of draw 7028 read DOL as poL: the date of loss under it was lost one-shot.
  /** The notice moved by (dx, dy) points, with more lines where it places them. */
  const notice = (
    dol: string,
    date: string,
    dx: number,
    dy: number,
    more: readonly PlacedText[] = [],
  ): TextPage =>
    makePage([
      { x: 60 + dx, y: 80 + dy, text: dol },
      { x: 300 + dx, y: 80 + dy, text: 'ASSURED' },
      { x: 60 + dx, y: 94 + dy, text: date },
      { x: 300 + dx, y: 94 + dy, text: 'Thomas Fischer' },
      { x: 60 + dx, y: 130 + dy, text: 'CAUSE OF LOSS' },
      { x: 300 + dx, y: 130 + dy, text: 'ESTIMATED AMOUNT' },
      { x: 60 + dx, y: 144 + dy, text: 'Hail' },
      { x: 300 + dx, y: 144 + dy, text: '21,430.07 USD' },
      ...more,
    ]);
  const reviewed = notice('DOL', '02/11/2023', 0, 0, [
    { x: 60, y: 180, text: 'WHERE IT HAPPENED' },
    { x: 60, y: 194, text: '3151 Elm Ct, Austin, TX 78701' },
  ]);
  const schema = [
    { key: 'date_of_loss', type: 'date', label: 'Date of loss' },
    { key: 'insured_name', type: 'string', label: 'Insured' },
    { key: 'loss_type', type: 'string', label: 'Loss type' },
    { key: 'estimated_loss', type: 'money', label: 'Estimate' },
    { key: 'loss_location', type: 'string', label: 'Location' },
  ] as const;
  const memory = learnLayout(analysePages([reviewed]), [
    { key: 'date_of_loss', pageNumber: 1, box: boxOf(reviewed, '02/11/2023') },
    { key: 'insured_name', pageNumber: 1, box: unionOf(reviewed, ['Thomas', 'Fischer']) },
    { key: 'loss_type', pageNumber: 1, box: boxOf(reviewed, 'Hail') },
    { key: 'estimated_loss', pageNumber: 1, box: unionOf(reviewed, ['21,430.07', 'USD']) },
    { key: 'loss_location', pageNumber: 1, box: unionOf(reviewed, ['3151', '78701']) },
  ])!;
  const read = (page: TextPage) =>
    Object.fromEntries(
      applyLayoutMemory(analysePages([page]), memory, schema, undefined).map((f) => [f.key, f]),
    );

  it('reads the value where the captions found around it say the caption moved, in doubt', () => {
    const date = read(notice('poL', '02/14/2023', 6, 4)).date_of_loss;
    expect(date.value).toBe('2023-02-14');
    expect(date.doubts).toEqual([
      `its caption "DOL" was read otherwise here, found where the layout's other captions place it`,
    ]);
  });

  it("never reads the caption's own words as its value, where a skewed scan's caption line reaches into its place", () => {
    const skewed = notice('DOL', '02/14/2023', 6, 4, [
      { x: 66, y: 186, text: 'WHERE' },
      { x: 97, y: 181, text: '1)', size: 14 },
      { x: 110, y: 190, text: 'HAPPENED' },
      { x: 66, y: 200, text: '6934 Forest Dr, Albany, NY 12207' },
    ]);
    const place = read(skewed).loss_location;
    expect(place.value).toBe('6934 Forest Dr, Albany, NY 12207');
  });

  it("keeps a value's word OCR boxed over its caption's end", () => {
    // A scan of draw 7030: "Feb" of "Feb 7, 2023" boxed over the end of "Effective:".
    const dated = (date: string) =>
      makePage([
        { x: 60, y: 60, text: 'POLICY SUMMARY' },
        { x: 300, y: 100, text: 'Effective:' },
        { x: 357, y: 100, text: date },
        { x: 60, y: 130, text: 'Company: Lakeshore General Insurance' },
      ]);
    const taught = dated('Jan 3, 2022');
    const effective = [{ key: 'effective_date', type: 'date', label: 'Effective date' }] as const;
    const remembered = learnLayout(analysePages([taught]), [
      { key: 'effective_date', pageNumber: 1, box: unionOf(taught, ['Jan', '2022']) },
    ])!;
    const next = dated('Feb 7, 2023');
    const widened = {
      ...next,
      words: next.words.map((w) =>
        w.text === 'Effective:' ? { ...w, box: { ...w.box, x1: 369 / 612 } } : w,
      ),
    };
    const [date] = applyLayoutMemory(analysePages([widened]), remembered, effective, undefined);
    expect(date.value).toBe('2023-02-07');
  });

  it('reads nothing where the phrase in its place keeps none of its letters', () => {
    expect(read(notice('Memo', '02/14/2023', 6, 4)).date_of_loss).toBeUndefined();
  });
});

describe('a remembered identifier read in another form than the reviewed one', () => {
  const page = (value: string, confidence: number): TextPage =>
    makePage(
      [
        { x: 60, y: 50, text: 'LOSS HISTORY', size: 14 },
        { x: 60, y: 100, text: 'Contract Number:', confidence: 0.95 },
        { x: 200, y: 100, text: value, confidence },
      ],
      1,
      'ocr',
    );
  const reviewed = page('WYI9036855', 0.95);
  const memory = learnLayout(analysePages([reviewed]), [
    { key: 'policy_number', pageNumber: 1, box: boxOf(reviewed, 'WYI9036855'), text: 'WYI9036855' },
  ])!;
  const policy = [{ key: 'policy_number', type: 'string', label: 'Policy number' }] as const;
  const read = (value: string, confidence: number) =>
    applyLayoutMemory(analysePages([page(value, confidence)]), memory, policy, undefined)[0];

  // A scan of draw 7025 read HO-74-0582899 as H0-74-0582899 at 0.81, and it went straight through.
  it('doubts a digit beside a capital OCR read unsure', () => {
    expect(read('H0-74-0582899', 0.81).doubts).toContain(
      'a digit beside a capital, read unsure, may be the letter it looks like',
    );
    expect(read('H0-74-0582899', 0.95).doubts ?? []).toEqual([]);
  });

  // A harsh scan of draw 7025 read HO-74-0582899 as `HO-74-05828 99`, the figure split in two.
  it('doubts a space inside a figure where the reviewed value printed none', () => {
    expect(read('HO-74-05828 99', 0.95).doubts).toEqual([
      'a space inside a figure, where the reviewed value of this layout printed none',
    ]);
  });

  // A harsh scan of draw 7024 read the invoice number I066819 as 1066819, sure of it.
  it('doubts a lead digit OCR reads for a capital where the reviewed value opened with a letter', () => {
    expect(read('1066819', 0.95).doubts).toEqual([
      'opens with a digit OCR reads for a capital, where the reviewed value of this layout opened with a letter',
    ]);
  });
});

describe('a remembered value whose characters say it is none', () => {
  const page = (carrier: string, policy: string): TextPage =>
    makePage([
      { x: 60, y: 50, text: 'POLICY SUMMARY', size: 14 },
      { x: 60, y: 100, text: 'Issuing Company' },
      { x: 180, y: 100, text: carrier },
      { x: 60, y: 130, text: 'Policy No.' },
      { x: 180, y: 130, text: policy },
    ]);
  const reviewed = page('Harborline Casualty Company', 'AB-1234');
  const memory = learnLayout(analysePages([reviewed]), [
    {
      key: 'carrier',
      pageNumber: 1,
      box: unionOf(reviewed, ['Harborline', 'Company']),
      text: 'Harborline Casualty Company',
    },
    { key: 'policy_number', pageNumber: 1, box: boxOf(reviewed, 'AB-1234'), text: 'AB-1234' },
  ])!;
  const fields = [
    { key: 'carrier', type: 'string', label: 'Carrier' },
    { key: 'policy_number', type: 'string', label: 'Policy number' },
  ] as const;
  const read = (carrier: string, policy: string) =>
    applyLayoutMemory(analysePages([page(carrier, policy)]), memory, fields, undefined);

  // Draw 7026: a carrier's name long enough to reach the next caption was read with it, and a
  // claim number's J read as a bracket; both went straight through one-shot.
  it('doubts a value ending as a caption does, and a bracket without its pair', () => {
    const [carrier, policy] = read('Lakeshore Mutual Policy No.', 'AB-12J)');
    expect(carrier.doubts).toContain(CAPTION_SHAPED_DOUBT);
    expect(policy.doubts).toContain(UNPAIRED_BRACKET_DOUBT);
    const right = read('Lakeshore Mutual Insurance', 'AB-(12)');
    expect(right.map((f) => f.doubts ?? [])).toEqual([[], []]);
  });
});

describe('a remembered value held to the reviewed form', () => {
  /** A scanned claim notice: OCR sure of its captions, only middling of the values. */
  const notice = (claim: string, address: string, confidence: number) =>
    makePage(
      [
        { x: 60, y: 50, text: 'ACME MUTUAL LOSS NOTICE', size: 14 },
        { x: 60, y: 100, text: 'Loss Ref:' },
        { x: 160, y: 100, text: claim, confidence },
        { x: 60, y: 130, text: 'Site:' },
        { x: 160, y: 130, text: address, confidence },
        { x: 60, y: 160, text: 'Insured:' },
        { x: 160, y: 160, text: 'Ann Lee', confidence },
      ],
      1,
      'ocr',
    );
  const first = notice('23-86340-YM', '12 Elm St Tacoma WA 98402', 1);
  const taught = learnLayout(analysePages([first]), [
    { key: 'claim_number', pageNumber: 1, box: boxOf(first, '23-86340-YM') },
    {
      key: 'loss_location',
      pageNumber: 1,
      box: unionOf(first, ['12', 'Elm', 'St', 'Tacoma', 'WA', '98402']),
    },
    { key: 'insured_name', pageNumber: 1, box: unionOf(first, ['Ann', 'Lee']) },
  ])!;
  const claimFields = [
    { key: 'claim_number', type: 'string', label: 'Claim number' },
    { key: 'loss_location', type: 'string', label: 'Loss location' },
    { key: 'insured_name', type: 'string', label: 'Insured name' },
  ] as const;
  const read = (claim: string, address: string, confidence: number) =>
    applyLayoutMemory(analysePages([notice(claim, address, confidence)]), taught, claimFields, 'd');

  it('remembers the printed form of each reviewed value', () => {
    expect(taught.fields.map((f) => f.form)).toEqual([
      '99-99999-A',
      '99 Aa Aa Aa A 99999',
      'Aa Aa',
    ]);
  });

  it('lets place, caption and form outweigh a middling OCR word confidence', () => {
    const [claim, site] = read('24-11873-QT', '40 Oak Rd Olympia WA 98501', 0.45);
    expect(claim.value).toBe('24-11873-QT');
    expect(claim.confidence).toBeGreaterThanOrEqual(0.7);
    expect(claim.notes).toContain(AGREEMENT_NOTE);
    expect(site.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('keeps OCR doubt where the form differs or OCR was less than middling', () => {
    const [otherForm] = read('24-1873-QT', '40 Oak Rd Olympia WA 98501', 0.45);
    expect(otherForm.confidence).toBeLessThan(0.7);
    const [unsure] = read('24-11873-QT', '40 Oak Rd Olympia WA 98501', 0.3);
    expect(unsure.confidence).toBeLessThan(0.7);
  });

  it('keeps OCR doubt on words without a figure: a misread letter keeps their form', () => {
    const [, , name] = read('24-11873-QT', '40 Oak Rd Olympia WA 98501', 0.45);
    expect(name.value).toBe('Ann Lee');
    expect(name.confidence).toBeLessThan(0.7);
  });

  it('doubts an address that ends in fewer digits than the reviewed one', () => {
    const [, site] = read('24-11873-QT', '40 Oak Rd Olympia WA 9850', 1);
    expect(site.value).toBe('40 Oak Rd Olympia WA 9850');
    expect(site.doubts).toEqual(['ends in fewer digits than the reviewed value of this layout']);
  });

  it("reads a value whose first word the text layer glued to its caption's leader whole", () => {
    const glued = makePage([
      { x: 60, y: 50, text: 'ACME MUTUAL LOSS NOTICE', size: 14 },
      { x: 60, y: 100, text: 'Loss Ref:' },
      { x: 160, y: 100, text: '24-11873-QT' },
      { x: 60, y: 130, text: 'Site:' },
      // The leader from 105 and the house number drawn as one word, ending inside the place.
      { x: 105, y: 130, text: '..........40 Oak Rd Olympia WA 98501' },
      { x: 60, y: 160, text: 'Insured:' },
      { x: 160, y: 160, text: 'Ann Lee' },
    ]);
    // The text layer splits the leader off the house number (glued-word.splitter.ts).
    const [, site] = applyLayoutMemory(analysePages([glued]), taught, claimFields, 'd');
    expect(site.value).toBe('40 Oak Rd Olympia WA 98501');
    expect(site.doubts).toBeUndefined();
    const [, whole] = read('24-11873-QT', '40 Oak Rd Olympia WA 98501', 1);
    expect(whole.doubts).toBeUndefined();
  });

  it('does not doubt a value read from its place when a caption is printed over its start', () => {
    // A declarations page (draw 7009, fillable) whose "POLICY PERIOD FROM" runs over the date
    // after it: "FROM" reaches across the place's start, and "May" begins right at it.
    const line: Array<[string, number, number]> = [
      ['SERVICING', 0.0735, 0.1724],
      ['AGENT', 0.1774, 0.2393],
      ['POLICY', 0.5, 0.5659],
      ['PERIOD', 0.5709, 0.6398],
      ['FROM', 0.6448, 0.6977],
      ['May', 0.6919, 0.7259],
      ['5,', 0.7309, 0.7459],
      ['2024', 0.7508, 0.7908],
    ];
    const page: TextPage = {
      pageNumber: 1,
      width: 1275,
      height: 1650,
      source: 'pdf-text',
      words: [
        { text: 'DECLARATIONS', box: { x0: 0.4, y0: 0.06, x1: 0.6, y1: 0.08 }, confidence: 1 },
        ...line.map(([text, x0, x1]) => ({
          text,
          box: { x0, y0: 0.1526, x1, y1: 0.1681 },
          confidence: 1,
        })),
      ],
    };
    const date: ScalarFieldDefinition = { key: 'effective_date', type: 'date' };
    const value = { x0: 0.6919, y0: 0.1526, x1: 0.7908, y1: 0.1681 };
    const memory = learnLayout(analysePages([page]), [
      { key: 'effective_date', pageNumber: 1, box: value },
    ])!;
    const [read] = applyLayoutMemory(analysePages([page]), memory, [date], 'd');
    expect(read.value).toBe('2024-05-05');
    expect(read.doubts ?? []).toEqual([]);
  });

  it('doubts a value whose phrase runs on past its remembered place', () => {
    const long = '1200 Harbor View Boulevard North East Tacoma WA 98402';
    const [, site] = read('24-11873-QT', long, 1);
    expect(long.startsWith(String(site.value))).toBe(true);
    expect(site.value).not.toBe(long);
    expect(site.doubts?.[0]).toMatch(/runs on past its remembered place/);
  });
});

describe('a remembered identifier held to the letters the review confirmed', () => {
  /** A scanned declarations page: OCR sure of its caption, only middling of the policy number. */
  const declarations = (policy: string, confidence: number) =>
    makePage(
      [
        { x: 60, y: 50, text: 'SCHEDULE OF INSURANCE', size: 14 },
        { x: 60, y: 100, text: 'Policy #' },
        { x: 160, y: 100, text: policy, confidence },
      ],
      1,
      'ocr',
    );
  const first = declarations('OFH3005057', 0.91);
  const taught = learnLayout(analysePages([first]), [
    { key: 'policy_number', pageNumber: 1, box: boxOf(first, 'OFH3005057'), text: 'OFH3005057' },
  ])!;
  const policyField = [{ key: 'policy_number', type: 'string', label: 'Policy number' }] as const;
  const read = (policy: string) =>
    applyLayoutMemory(analysePages([declarations(policy, 0.53)]), taught, policyField, 'd')[0];

  it('remembers the shape of a confirmed identifier beside its form', () => {
    expect(taught.fields.map((f) => [f.form, f.identifier])).toEqual([['A9999999', 'AAA9999999']]);
  });

  it('vouches for a middling reading with as many letters and digits', () => {
    const policy = read('ZEM0549033');
    expect(policy.confidence).toBeGreaterThanOrEqual(0.7);
    expect(policy.notes).toContain(AGREEMENT_NOTE);
  });

  it('leaves OCR its doubt on a reading with a letter put in (draw 7023: ZEMO0549033)', () => {
    const policy = read('ZEMO0549033');
    expect(policy.value).toBe('ZEMO0549033');
    expect(policy.confidence).toBeLessThan(0.7);
    expect(policy.notes).not.toContain(AGREEMENT_NOTE);
  });
});

describe("a remembered value that runs on under the next column's caption", () => {
  const notice = (address: string) =>
    makePage([
      { x: 60, y: 50, text: 'LOSS NOTICE', size: 14 },
      { x: 60, y: 100, text: 'Place of Loss:' },
      { x: 140, y: 100, text: address },
      { x: 292, y: 100, text: 'Claim ID:' },
      { x: 345, y: 100, text: '2468138NV' },
      { x: 60, y: 130, text: 'Adjuster: Kim Lee' },
    ]);
  // The reviewed address closes on no number, so its form says nothing of where one ends.
  const first = notice('8225 Elm Street, Fresno');
  const taught = learnLayout(analysePages([first]), [
    {
      key: 'loss_location',
      pageNumber: 1,
      box: unionOf(first, ['8225', 'Elm', 'Street,', 'Fresno']),
    },
    { key: 'claim_number', pageNumber: 1, box: boxOf(first, '2468138NV') },
  ])!;
  const location = [{ key: 'loss_location', type: 'string', label: 'Loss location' }] as const;
  const read = (address: string) =>
    applyLayoutMemory(analysePages([notice(address)]), taught, location, undefined)[0];

  it('doubts the value cut where its own words run under the caption', () => {
    const overrun = read('2740 Highland Ave, Columbus, OH 43215');
    expect(overrun.value).toBe('2740 Highland Ave, Columbus');
    expect(overrun.doubts).toEqual([
      'the value runs on under another caption ("OH" over "Claim ID")',
    ]);
  });

  it('keeps a caption the reviewed value ran over as a caption, not as the value', () => {
    const address = '2740 Highland Ave, Columbus, OH 43215';
    const overrun = notice(address);
    const over = learnLayout(analysePages([overrun]), [
      {
        key: 'loss_location',
        pageNumber: 1,
        box: unionOf(overrun, address.split(' ')),
        text: address,
      },
      { key: 'claim_number', pageNumber: 1, box: boxOf(overrun, '2468138NV') },
    ])!;
    expect(over.fields.map((f) => [f.key, f.anchorText, f.valueReadAsCaption])).toEqual([
      ['loss_location', 'Place of Loss', undefined],
      ['claim_number', 'Claim ID', undefined],
    ]);
  });

  it('leaves a value ending before the caption alone', () => {
    const short = read('4410 Oak St, Boise ID');
    expect(short.value).toBe('4410 Oak St, Boise ID');
    expect(short.doubts).toBeUndefined();
  });
});

describe('a reviewed value the layout analysis took for a caption', () => {
  /** A grid of captions and values; the analysis reads the value column as captions. */
  const grid = (name: string, peril: string, dol: string, joined = false): AnalysedPage => {
    const page = makePage([
      { x: 380, y: 70, text: 'CLAIM INTAKE FORM', size: 14 },
      { x: 72, y: 150, text: 'Policy #' },
      { x: 177, y: 150, text: 'KV88641343' },
      { x: 72, y: 180, text: 'Name of Insured' },
      { x: 177, y: 180, text: name },
      { x: 306, y: 180, text: 'Peril' },
      { x: 411, y: 180, text: peril },
      { x: 72, y: 198, text: 'DOL' },
      { x: 177, y: 198, text: dol },
    ]);
    const [analysed] = analysePages([page]);
    // As the analysis read a digital form of draw 7008: each value over the one below it.
    const printed = analysed.lines.flatMap((line) => line.words);
    const text = (t: string) => ({
      text: t,
      box: unionOf(page, t.split(' ')),
      words: t.split(' ').map((w) => printed.find((p) => p.text === w)!),
    });
    const pair = (key: string, value: string) => ({
      key: text(key),
      value: text(value),
      arrangement: 'below' as const,
      confidence: 0.6,
    });
    return {
      ...analysed,
      layout: {
        ...analysed.layout,
        keyValuePairs: joined
          ? [pair('Policy #', 'KV88641343'), pair(`${name} ${dol}`, peril)]
          : [pair('Policy #', 'KV88641343'), pair(name, dol), pair(peril, dol)],
      },
    };
  };
  const teaching = grid('Priya Kim', 'Theft', '29-Feb-2024');
  const placeOf = (page: AnalysedPage, texts: readonly string[]) => unionOf(page.page, texts);
  const memory = learnLayout(
    [teaching],
    [
      { key: 'policy_number', pageNumber: 1, box: placeOf(teaching, ['KV88641343']) },
      { key: 'insured_name', pageNumber: 1, box: placeOf(teaching, ['Priya', 'Kim']) },
      { key: 'loss_type', pageNumber: 1, box: placeOf(teaching, ['Theft']) },
    ],
  )!;
  const schema = [
    { key: 'insured_name', type: 'string', label: 'Insured name' },
    { key: 'loss_type', type: 'string', label: 'Loss type' },
  ] as const;
  const next = grid('Brian Novak', 'Hail', '16-Aug-2023');

  it('hangs no value off another reviewed value, and remembers the analysis took it for a caption', () => {
    expect(memory.fields.map((f) => [f.key, f.anchorText, f.valueReadAsCaption])).toEqual([
      ['policy_number', 'Policy #', undefined],
      ['insured_name', 'Policy #', true],
      ['loss_type', 'Policy #', true],
    ]);
  });

  it('reads the caption standing where the value starts as the value', () => {
    const read = applyLayoutMemory([next], memory, schema, undefined);
    expect(read.map((f) => [f.key, f.value, f.doubts])).toEqual([
      ['insured_name', 'Brian Novak', undefined],
      ['loss_type', 'Hail', undefined],
    ]);
  });

  it('reads values the analysis joined into one caption, one above the other', () => {
    const taughtJoined = grid('Priya Kim', 'Theft', '29-Feb-2024', true);
    const joinedMemory = learnLayout(
      [taughtJoined],
      [
        { key: 'policy_number', pageNumber: 1, box: placeOf(taughtJoined, ['KV88641343']) },
        { key: 'insured_name', pageNumber: 1, box: placeOf(taughtJoined, ['Priya', 'Kim']) },
        { key: 'date_of_loss', pageNumber: 1, box: placeOf(taughtJoined, ['29-Feb-2024']) },
      ],
    )!;
    const stacked = [
      { key: 'insured_name', type: 'string', label: 'Insured name' },
      { key: 'date_of_loss', type: 'date', label: 'Date of loss' },
    ] as const;
    const read = applyLayoutMemory(
      [grid('Brian Novak', 'Hail', '16-Aug-2023', true)],
      joinedMemory,
      stacked,
      undefined,
    );
    expect(read.map((f) => [f.key, f.value])).toEqual([
      ['insured_name', 'Brian Novak'],
      ['date_of_loss', '2023-08-16'],
    ]);
  });

  it('still ends a value at a caption where the reviewed value was no caption', () => {
    const plain = {
      ...memory,
      fields: memory.fields.map(({ valueReadAsCaption: _taken, ...field }) => field),
    };
    expect(applyLayoutMemory([next], plain, schema, undefined)).toEqual([]);
  });
});

describe("a remembered place that holds another field's caption", () => {
  const addressForm = (address: string) =>
    makePage([
      { x: 60, y: 50, text: 'ACME MUTUAL LOSS NOTICE', size: 14 },
      { x: 60, y: 100, text: 'Loss Location:' },
      { x: 160, y: 100, text: address },
      { x: 60, y: 130, text: 'Reference Number:' },
      { x: 180, y: 130, text: 'RF-1001' },
    ]);
  const taught = addressForm('12 Elm Rd, Tacoma');
  const memory = learnLayout(analysePages([taught]), [
    { key: 'loss_location', pageNumber: 1, box: unionOf(taught, ['12', 'Elm', 'Rd,', 'Tacoma']) },
    { key: 'reference', pageNumber: 1, box: boxOf(taught, 'RF-1001') },
  ])!;
  const read = (address: string) =>
    applyLayoutMemory(
      analysePages([addressForm(address)]),
      memory,
      [{ key: 'loss_location', type: 'string', label: 'Loss location' }],
      undefined,
    )[0]!;

  it('ends the value before the caption and doubts it', () => {
    const field = read('9 Oak Ave, Boise Reference Number');
    expect(field.value).toBe('9 Oak Ave, Boise');
    expect(field.doubts).toContain(
      'the place also held another field\'s caption, "Reference Number"',
    );
  });

  it('reads what follows a caption standing first, in doubt', () => {
    const field = read('Reference Number 9 Oak Ave, Boise');
    expect(field.value).toBe('9 Oak Ave, Boise');
    expect(field.doubts).toHaveLength(1);
  });

  it('leaves a value without another caption alone', () => {
    expect(read('9 Oak Ave, Boise').doubts).toBeUndefined();
  });
});

describe('a remembered amount whose cents OCR set apart', () => {
  /** A scanned loss notice whose estimate OCR read as printed, or as `21448 71`. */
  const notice = (estimate: string) =>
    makePage(
      [
        { x: 60, y: 50, text: 'ACME MUTUAL LOSS NOTICE', size: 14 },
        { x: 60, y: 100, text: 'Estimated loss:' },
        { x: 180, y: 100, text: estimate, confidence: 0.9 },
      ],
      1,
      'ocr',
    );
  const first = notice('21448.71');
  const taught = learnLayout(analysePages([first]), [
    { key: 'estimated_loss', pageNumber: 1, box: boxOf(first, '21448.71') },
  ])!;
  const estimate = [{ key: 'estimated_loss', type: 'money', label: 'Estimate' }] as const;
  const read = (printed: string) =>
    applyLayoutMemory(analysePages([notice(printed)]), taught, estimate, 'd')[0];

  it('doubts the whole units read alone when two digits stand close after them', () => {
    const apart = read('21448 71');
    expect(apart.value).toEqual({ amount: 21448, currency: 'USD' });
    expect(apart.doubts).toEqual([CENTS_APART_DOUBT]);
    expect(read('30512.08').doubts).toBeUndefined();
  });
});

describe('extraction reads a remembered layout first', () => {
  it('extracts fields the schema labels cannot find, with provenance, once a review taught the layout', () => {
    const reviewed = carrierForm('CX-1001', '01/10/2026');
    const memory = learnLayout(analysePages([reviewed]), [
      { key: 'policy_number', pageNumber: 1, box: boxOf(reviewed, 'CX-1001') },
      { key: 'date_of_loss', pageNumber: 1, box: boxOf(reviewed, '01/10/2026') },
    ])!;
    const next = { documentId: 'doc-2', pages: [carrierForm('CX-2002', '03/04/2026', 4)] };
    const schema = { fields: [...fields, { key: 'adjuster', type: 'string' as const }] };

    // Without the memory the page yields at best a flagged guess for it: "Contract" is only a
    // broader word for a policy.
    const before = extractDocumentFields(next, schema).find((f) => f.key === 'policy_number')!;
    expect(before.source).not.toBe('layout-memory');
    expect(before.confidence).toBeLessThan(0.7);
    expect(before.doubts?.[0]).toMatch(/^weak caption match: "Contract ID"/);

    const after = extractDocumentFields(next, schema, { layoutMemories: [memory] });
    expect(after.map((f) => [f.key, f.value, f.source])).toEqual([
      ['policy_number', 'CX-2002', 'layout-memory'],
      ['date_of_loss', '2026-03-04', 'layout-memory'],
      ['adjuster', 'Kim Lee', 'label-right'],
    ]);
  });
});

describe('a field the reviewed layout prints only with a value', () => {
  // With `blankCaption` the caption stands in place with nothing after it: the layout's own word
  // that the field is blank. On a text layer no value can hide there, on OCR one may be lost.
  const repair = (
    vin: string | null,
    source: 'pdf-text' | 'ocr' = 'pdf-text',
    blankCaption = false,
  ) =>
    makePage(
      [
        { x: 60, y: 50, text: 'ACME BODY SHOP INVOICE', size: 14 },
        { x: 60, y: 100, text: 'Ticket:' },
        { x: 160, y: 100, text: 'T-7781' },
        { x: 60, y: 120, text: 'Billed on:' },
        { x: 160, y: 120, text: '02/02/2026' },
        { x: 60, y: 140, text: 'Grand sum:' },
        { x: 160, y: 140, text: '$410.00' },
        ...(vin || blankCaption ? [{ x: 60, y: 160, text: 'Chassis:' }] : []),
        ...(vin ? [{ x: 160, y: 160, text: vin }] : []),
      ],
      1,
      source,
    );
  const schema = {
    fields: [
      { key: 'invoice_number', type: 'string' as const, label: 'Invoice number' },
      { key: 'invoice_date', type: 'date' as const, label: 'Invoice date' },
      { key: 'total', type: 'money' as const, label: 'Total' },
      { key: 'vin', type: 'string' as const, label: 'VIN' },
    ],
  };
  const reviewed = repair('1HGCM82633A004352');
  const memory = learnLayout(
    analysePages([reviewed]),
    [
      ['invoice_number', 'T-7781'],
      ['invoice_date', '02/02/2026'],
      ['total', '$410.00'],
      ['vin', '1HGCM82633A004352'],
    ].map(([key, text]) => ({ key, pageNumber: 1, box: boxOf(reviewed, text) })),
  )!;
  const vinOf = (page: TextPage) =>
    extractDocumentFields({ pages: [page] }, schema, { layoutMemories: [memory] }).find(
      (f) => f.key === 'vin',
    )!;

  // A caption the memory cannot find is not proof that the field is absent: the layout may word
  // or place it otherwise on this document (seen: a policy number left empty without a flag).
  // An empty field the layout remembers stays for a reviewer, on a text layer as on OCR.
  it.each(['pdf-text', 'ocr'] as const)(
    'stays in doubt when its caption is not printed (%s)',
    (source) => {
      const vin = vinOf(repair(null, source));
      expect([vin.value, vin.doubts]).toEqual([null, ['not found on the page']]);
    },
  );

  // A caption printed in place with nothing after it is the layout's own word that the field is
  // blank on this document: on a text layer no value can hide there, on OCR one may be lost.
  it('is absent without doubt when its caption stands in place with nothing after it', () => {
    const vin = vinOf(repair(null, 'pdf-text', true));
    expect([vin.value, vin.doubts]).toEqual([null, []]);
    expect(vin.notes).toContain(EMPTY_PLACE_NOTE);
  });

  it('stays in doubt when the blank place was read by OCR', () => {
    const vin = vinOf(repair(null, 'ocr', true));
    expect([vin.value, vin.doubts]).toEqual([null, ['not found on the page']]);
  });

  // A text layer may draw a caption and its dotted leader as one word reaching over the start of
  // the value's place ("CHASSIS NO......" on draw 7003): dots print no value there.
  describe('with a dotted leader drawn into the place', () => {
    const leadered = (vin: string | null) =>
      makePage([
        { x: 60, y: 50, text: 'ACME BODY SHOP INVOICE', size: 14 },
        { x: 60, y: 100, text: 'Ticket:' },
        { x: 160, y: 100, text: 'T-7781' },
        { x: 60, y: 160, text: `Chassis${'.'.repeat(20)}` },
        ...(vin ? [{ x: 200, y: 160, text: vin }] : []),
      ]);
    const taught = leadered('1HGCM82633A004352');
    const leaderMemory = learnLayout(
      analysePages([taught]),
      [
        ['invoice_number', 'T-7781'],
        ['vin', '1HGCM82633A004352'],
      ].map(([key, text]) => ({ key, pageNumber: 1, box: boxOf(taught, text) })),
    )!;
    const read = (page: TextPage) =>
      extractDocumentFields({ pages: [page] }, schema, { layoutMemories: [leaderMemory] }).find(
        (f) => f.key === 'vin',
      )!;

    it('is absent without doubt when only the leader reaches into the place', () => {
      expect(leaderMemory.fields.find((f) => f.key === 'vin')?.anchorText).toMatch(/^Chassis/);
      const vin = read(leadered(null));
      expect([vin.value, vin.doubts]).toEqual([null, []]);
    });

    it('still reads the value printed after the leader', () => {
      expect(read(leadered('2T1BURHE5JC012345')).value).toBe('2T1BURHE5JC012345');
    });

    it('stays in doubt when a word run into the leader is all the place holds', () => {
      const glued = makePage([
        { x: 60, y: 50, text: 'ACME BODY SHOP INVOICE', size: 14 },
        { x: 60, y: 100, text: 'Ticket:' },
        { x: 160, y: 100, text: 'T-7781' },
        { x: 60, y: 160, text: `Chassis${'.'.repeat(20)}2T1B` },
      ]);
      // The leader split off, "2T1B" is read, and is far from a VIN's form.
      const vin = read(glued);
      expect(vin.value).toBe('2T1B');
      expect(vin.confidence).toBeLessThan(0.7);
    });
  });

  it('is read from its remembered place when printed', () => {
    const vin = vinOf(repair('2T1BURHE5JC012345'));
    expect([vin.value, vin.source]).toEqual(['2T1BURHE5JC012345', 'layout-memory']);
  });
});

describe('a field the review confirmed empty on the reviewed document', () => {
  const repair = (vin: string | null, source: 'pdf-text' | 'ocr' = 'pdf-text') =>
    makePage(
      [
        { x: 60, y: 50, text: 'ACME BODY SHOP INVOICE', size: 14 },
        { x: 60, y: 100, text: 'Ticket:' },
        { x: 160, y: 100, text: 'T-7781' },
        { x: 60, y: 120, text: 'Billed on:' },
        { x: 160, y: 120, text: '02/02/2026' },
        ...(vin ? [{ x: 60, y: 160, text: `Chassis: ${vin}` }] : []),
      ],
      1,
      source,
    );
  const schema = {
    fields: [
      { key: 'invoice_number', type: 'string' as const, label: 'Invoice number' },
      { key: 'invoice_date', type: 'date' as const, label: 'Invoice date' },
      { key: 'vin', type: 'string' as const, label: 'VIN' },
    ],
  };
  const learn = (source: 'pdf-text' | 'ocr', confirmedEmpty: readonly string[]) => {
    const reviewed = repair(null, source);
    return learnLayout(
      analysePages([reviewed]),
      [
        ['invoice_number', 'T-7781'],
        ['invoice_date', '02/02/2026'],
      ].map(([key, text]) => ({ key, pageNumber: 1, box: boxOf(reviewed, text) })),
      [],
      confirmedEmpty,
    )!;
  };
  const vinOf = (page: TextPage, memory: LayoutMemory) =>
    extractDocumentFields({ pages: [page] }, schema, { layoutMemories: [memory] }).find(
      (f) => f.key === 'vin',
    )!;

  it('remembers the fields the review confirmed empty, not those it placed', () => {
    expect(learn('pdf-text', ['vin', 'invoice_number']).emptyFields).toEqual(['vin']);
    expect(learn('pdf-text', []).emptyFields).toBeUndefined();
  });

  it('is absent without doubt on a born-digital page where nothing reads as it', () => {
    const vin = vinOf(repair(null), learn('pdf-text', ['vin']));
    expect([vin.value, vin.doubts, vin.notes]).toEqual([
      null,
      [],
      expect.arrayContaining([CONFIRMED_EMPTY_NOTE]),
    ]);
  });

  it('stays in doubt on OCR pages, or without the review saying so', () => {
    expect(vinOf(repair(null, 'ocr'), learn('ocr', ['vin'])).doubts).toEqual([
      'not found on the page',
    ]);
    expect(vinOf(repair(null), learn('pdf-text', [])).doubts).toEqual(['not found on the page']);
  });

  it('is still read where this document prints it', () => {
    expect(vinOf(repair('1HGCM82633A004352'), learn('pdf-text', ['vin'])).value).toBe(
      '1HGCM82633A004352',
    );
  });
});

describe('a remembered value is read once', () => {
  it('does not hand the words the memory read to another field', () => {
    const reviewed = carrierForm('CX-1001', '01/10/2026');
    const memory = learnLayout(analysePages([reviewed]), [
      { key: 'policy_number', pageNumber: 1, box: boxOf(reviewed, 'CX-1001') },
    ])!;
    const next = { documentId: 'doc-2', pages: [carrierForm('CX-2002', '03/04/2026', 4)] };
    const schema = {
      fields: [
        { key: 'policy_number', type: 'string' as const, label: 'Policy number' },
        { key: 'claim_number', type: 'string' as const, label: 'Claim number' },
      ],
    };
    const [policy, claim] = extractDocumentFields(next, schema, { layoutMemories: [memory] });
    expect([policy.value, policy.source]).toEqual(['CX-2002', 'layout-memory']);
    expect(claim.value).toBeNull();
  });
});

describe('a remembered table', () => {
  const claims = {
    key: 'claims',
    type: 'table',
    columns: [
      { key: 'claim', type: 'string', label: 'Claim' },
      { key: 'paid', type: 'money', label: 'Paid' },
    ],
  } as const;
  const pitch = 16;

  /** A loss run; a row given as null is printed as a smudge the text layer reads as dashes. */
  function lossRun(rows: ReadonlyArray<readonly [string, string] | null>): TextPage {
    return makePage([
      { x: 60, y: 50, text: 'ACME MUTUAL LOSS RUN', size: 14 },
      { x: 60, y: 80, text: 'Account: Harbor Freight Lines' },
      { x: 60, y: 120, text: 'Claim' },
      { x: 300, y: 120, text: 'Paid' },
      ...rows.flatMap((row, i): PlacedText[] =>
        row === null
          ? [{ x: 60, y: 140 + i * pitch, text: '— — — —' }]
          : [
              { x: 60, y: 140 + i * pitch, text: row[0] },
              { x: 300, y: 140 + i * pitch, text: row[1] },
            ],
      ),
    ]);
  }

  const taught = lossRun([
    ['CL-1', '$100.00'],
    ['CL-2', '$200.00'],
    ['CL-3', '$300.00'],
  ]);
  const rowBoxes = [0, 1, 2].map((i) => ({
    pageNumber: 1,
    box: { x0: 60 / 612, y0: (140 + i * pitch) / 792, x1: 340 / 612, y1: (150 + i * pitch) / 792 },
  }));
  const memory = learnLayout(
    analysePages([taught]),
    [{ key: 'account', pageNumber: 1, box: boxOf(taught, 'Harbor') }],
    [{ key: 'claims', rows: rowBoxes }],
  )!;
  const doubtsOf = (page: TextPage, memories = [memory]): readonly string[] =>
    extractDocumentFields({ pages: [page] }, { fields: [claims] }, { layoutMemories: memories })[0]
      .doubts ?? [];

  it('remembers the spacing of its rows', () => {
    expect(memory.tables).toEqual([
      {
        key: 'claims',
        rowPitch: expect.closeTo(pitch / 792, 6),
        rowHeight: expect.closeTo(10 / 792, 6),
        rowCount: 3,
      },
    ]);
  });

  it('doubts a reading that skipped a row where the layout has one', () => {
    const smudged = lossRun([['CL-7', '$10.00'], null, ['CL-9', '$30.00'], ['CL-10', '$40.00']]);
    expect(doubtsOf(smudged)).toEqual(["rows: read 3, the remembered layout's row spacing fits 4"]);
    // Without the memory nothing says a row is missing.
    expect(doubtsOf(smudged, [])).toEqual([]);
  });

  it('trusts a reading whose rows follow the remembered spacing, however many there are', () => {
    const longer = lossRun([
      ['CL-7', '$10.00'],
      ['CL-8', '$20.00'],
      ['CL-9', '$30.00'],
      ['CL-10', '$40.00'],
      ['CL-11', '$50.00'],
    ]);
    expect(doubtsOf(longer)).toEqual([]);
  });
});

describe('a weak caption match the review settled', () => {
  // A yes/no under a caption that shares little with the field's label; its marks move from one
  // option to the other, so the memory leaves it to the ordinary reading of the marks.
  const claimForm = (answer: 'yes' | 'no', captionY = 200) =>
    makePage([
      { x: 60, y: 50, text: 'ACME LOSS NOTICE', size: 14 },
      { x: 60, y: 100, text: 'Ticket:' },
      { x: 160, y: 100, text: 'T-7781' },
      { x: 60, y: captionY, text: 'Police Called:' },
      ...(answer === 'yes'
        ? [{ x: 60, y: captionY + 14, text: 'X Yes' }]
        : [{ x: 70, y: captionY + 14, text: 'Yes' }]),
      ...(answer === 'no'
        ? [{ x: 110, y: captionY + 14, text: 'X No' }]
        : [{ x: 120, y: captionY + 14, text: 'No' }]),
    ]);
  const taught = claimForm('no');
  const memory = learnLayout(analysePages([taught]), [
    { key: 'ticket', pageNumber: 1, box: boxOf(taught, 'T-7781') },
    { key: 'police', pageNumber: 1, box: boxOf(taught, 'No') },
  ])!;
  const match = { memory, fromPrintedWords: false };
  /** The ordinary reading of the marks: `X Yes` under the weakly matched caption. */
  const weakReading = (page: TextPage, caption = 'Police Called'): ExtractedField => {
    const words = page.words.filter((w) => w.text === 'X' || w.text === 'Yes').slice(0, 2);
    return {
      key: 'police',
      type: 'boolean',
      value: true,
      confidence: 0.38,
      source: 'label-below',
      grounding: {
        page: 1,
        box: {
          x0: Math.min(...words.map((w) => w.box.x0)),
          y0: Math.min(...words.map((w) => w.box.y0)),
          x1: Math.max(...words.map((w) => w.box.x1)),
          y1: Math.max(...words.map((w) => w.box.y1)),
        },
        words,
      },
      notes: [],
      doubts: [`weak caption match: "${caption}" (0.27)`],
    };
  };
  const settle = (page: TextPage, field: ExtractedField, given = match) =>
    withReviewedCaptions(new Map([[field.key, field]]), given, analysePages([page])).get(
      field.key,
    )!;

  it('is not doubted for its caption when the review hung this field off it, in place', () => {
    const page = claimForm('yes');
    const police = settle(page, weakReading(page));
    expect([police.value, police.doubts]).toEqual([true, []]);
    expect(police.confidence).toBeGreaterThanOrEqual(0.9);
    expect(police.notes).toContain(REVIEWED_CAPTION_NOTE);
  });

  it('lifts the doubt from a value other than a yes/no only inside its remembered place', () => {
    const page = makePage([
      { x: 60, y: 50, text: 'ACME LOSS NOTICE', size: 14 },
      { x: 60, y: 100, text: 'Ticket:' },
      { x: 160, y: 100, text: 'T-9902' },
      { x: 420, y: 100, text: 'T-9903' },
      { x: 60, y: 200, text: 'Police Called:' },
      { x: 60, y: 214, text: 'X Yes' },
      { x: 120, y: 214, text: 'No' },
    ]);
    const reading = (text: string): ExtractedField => {
      const word = page.words.find((w) => w.text === text)!;
      return {
        key: 'ticket',
        type: 'string',
        value: text,
        confidence: 0.5,
        source: 'label-right',
        grounding: { page: 1, box: word.box, words: [word] },
        notes: [],
        doubts: ['weak caption match: "Ticket:" (0.50)'],
      };
    };
    expect(settle(page, reading('T-9902')).doubts).toEqual([]);
    expect(settle(page, reading('T-9903')).doubts).toHaveLength(1);
  });

  it('keeps the doubt on a yes/no whose one mark stands nearer the other option', () => {
    // "Yes X No": the mark is the no's, the first option word was read.
    const page = makePage([
      { x: 60, y: 50, text: 'ACME LOSS NOTICE', size: 14 },
      { x: 60, y: 100, text: 'Ticket:' },
      { x: 160, y: 100, text: 'T-7781' },
      { x: 60, y: 200, text: 'Police Called:' },
      { x: 70, y: 214, text: 'Yes' },
      { x: 110, y: 214, text: 'X No' },
    ]);
    const yes = page.words.find((w) => w.text === 'Yes')!;
    const reading: ExtractedField = {
      ...weakReading(page),
      grounding: { page: 1, box: yes.box, words: [yes] },
    };
    expect(settle(page, reading).doubts).toHaveLength(1);
    const no = page.words.find((w) => w.text === 'No')!;
    const right: ExtractedField = {
      ...reading,
      value: false,
      grounding: { page: 1, box: no.box, words: [no] },
    };
    expect(settle(page, right).doubts).toEqual([]);
  });

  it('keeps the doubt on a yes/no whose line prints both options and no mark read', () => {
    const page = makePage([
      { x: 60, y: 50, text: 'ACME LOSS NOTICE', size: 14 },
      { x: 60, y: 100, text: 'Ticket:' },
      { x: 160, y: 100, text: 'T-7781' },
      { x: 60, y: 200, text: 'Police Called:' },
      { x: 70, y: 214, text: 'Yes' },
      { x: 120, y: 214, text: 'No' },
    ]);
    const yes = page.words.find((w) => w.text === 'Yes')!;
    const reading: ExtractedField = {
      ...weakReading(page),
      grounding: { page: 1, box: yes.box, words: [yes] },
    };
    expect(settle(page, reading).doubts).toHaveLength(1);
  });

  it('keeps the doubt for a caption the review did not hang this field off', () => {
    const page = claimForm('yes');
    const police = settle(page, weakReading(page, 'Ticket'));
    expect(police.doubts).toEqual(['weak caption match: "Ticket" (0.27)']);
    expect(police.confidence).toBe(0.38);
  });

  it('keeps the doubt when the caption stands far from its remembered place', () => {
    const page = claimForm('yes', 400);
    expect(settle(page, weakReading(page)).doubts).toHaveLength(1);
  });

  it('keeps the doubt on a layout recognised from its printed words only', () => {
    const page = claimForm('yes');
    const weakly = { memory, fromPrintedWords: true };
    expect(settle(page, weakReading(page), weakly).doubts).toHaveLength(1);
  });

  it('keeps the doubt beside another doubt, and keeps OCR doubt in the confidence', () => {
    const page = claimForm('yes');
    const rival = weakReading(page);
    const both = { ...rival, doubts: [...rival.doubts!, 'ambiguous: "No" scored close'] };
    expect(settle(page, both).doubts).toHaveLength(2);
    const unsure = {
      ...rival,
      grounding: {
        ...rival.grounding!,
        words: rival.grounding!.words.map((w) => ({ ...w, confidence: 0.5 })),
      },
    };
    expect(settle(page, unsure).confidence).toBeLessThan(0.7);
  });
});

describe("a remembered value with the next column's caption typeset over it", () => {
  // As a digital notice of draw 7015 printed it: "Nature of Loss" over the address's postcode.
  const notice = (address: string, loss: string) =>
    makePage([
      { x: 60, y: 50, text: 'INCIDENT REPORT', size: 14 },
      { x: 60, y: 100, text: 'Loss Address' },
      { x: 160, y: 100, text: address },
      { x: 295, y: 100, text: 'Nature of Loss' },
      { x: 380, y: 100, text: loss },
      { x: 60, y: 130, text: 'Adjuster: Kim Lee' },
    ]);
  const address = '260 Cedar Ln, Denver, CO 80202';
  const first = notice(address, 'Wind');
  const taught = learnLayout(analysePages([first]), [
    { key: 'loss_location', pageNumber: 1, box: unionOf(first, address.split(' ')), text: address },
  ])!;
  const location = [{ key: 'loss_location', type: 'string', label: 'Loss location' }] as const;

  it('learns the form of the confirmed value, not of the caption printed into its place', () => {
    expect(taught.fields[0].form).toBe('999 Aa Aa, Aa, A 99999');
  });

  it('doubts the next value read with the words printed over it', () => {
    const [read] = applyLayoutMemory(
      analysePages([notice('6978 Oak Ave, Denver, CO 80202', 'Collision')]),
      taught,
      location,
      'd',
    );
    expect(read.doubts).toContain('words printed over each other: "80202" and "Nature"');
  });
});

describe('a remembered amount printed right-aligned after its currency code', () => {
  // The figures end at one edge: a longer amount, and its code, begin further left.
  const invoice = (code: string, amount: string) =>
    makePage([
      { x: 60, y: 50, text: 'REPAIR INVOICE', size: 14 },
      { x: 330, y: 300, text: 'Sales Tax' },
      { x: 540 - 5.5 * (code.length + amount.length + 1) - 2.8, y: 300, text: `${code} ${amount}` },
      { x: 60, y: 330, text: 'Adjuster: Kim Lee' },
    ]);
  const first = invoice('USD', '0.00');
  const taught = learnLayout(analysePages([first]), [
    { key: 'tax', pageNumber: 1, box: unionOf(first, ['USD', '0.00']) },
  ])!;
  const tax = [{ key: 'tax', type: 'money', label: 'Tax' }] as const;
  const read = (code: string, amount: string) =>
    applyLayoutMemory(analysePages([invoice(code, amount)]), taught, tax, 'd')[0];

  it('takes the amount’s own code reaching across the place’s start for no cut value', () => {
    const longer = read('USD', '176.41');
    expect(longer.value).toEqual({ amount: 176.41, currency: 'USD' });
    expect(longer.doubts).toBeUndefined();
  });

  it('doubts a code that is not the amount’s read', () => {
    const other = read('EUR', '176.41');
    expect(other.doubts?.[0]).toMatch(/may begin inside "EUR"/);
  });
});
