import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { groupLines } from '../text-layer/line-grouper';
import { analysePages } from './analysed-page';
import { detectKeyValuePairs } from './key-value-pair.detector';

function pairsOf(runs: readonly PlacedText[]): Array<[string, string | null, string]> {
  return detectKeyValuePairs(groupLines(makePage(runs))).map((p) => [
    p.key.text,
    p.value?.text ?? null,
    p.arrangement,
  ]);
}

/** Bands of captions (in smaller print) over answers, columns 250 apart, a band every 36 points. */
function bands(rows: ReadonlyArray<readonly [readonly string[], readonly string[]]>): PlacedText[] {
  return rows.flatMap(([captions, answers], b) =>
    captions.flatMap((caption, k) => [
      { x: 50 + 250 * k, y: 100 + 36 * b, text: caption, size: 9 },
      { x: 50 + 250 * k, y: 114 + 36 * b, text: answers[k]! },
    ]),
  );
}

describe('detectKeyValuePairs', () => {
  it('pairs captions ending in a colon with the answer after them, several on one line', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Claim No.: 7781-A Date: 01/02/2025' },
        { x: 50, y: 120, text: 'Name of insured: Jane Smith' },
      ]),
    ).toEqual([
      ['Claim No.', '7781-A', 'colon'],
      ['Date', '01/02/2025', 'colon'],
      ['Name of insured', 'Jane Smith', 'colon'],
    ]);
  });

  it('takes the next phrase on the line, or the phrase under the caption, for a bare colon caption', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Phone:' },
        { x: 200, y: 100, text: '(555) 201-3344' },
        { x: 50, y: 140, text: 'Mailing address:' },
        { x: 50, y: 154, text: '12 Oak Lane, Springfield' },
        { x: 50, y: 200, text: 'Signature:' },
      ]),
    ).toEqual([
      ['Phone', '(555) 201-3344', 'colon'],
      ['Mailing address', '12 Oak Lane, Springfield', 'colon'],
      ['Signature', null, 'colon'],
    ]);
  });

  it('answers a row of colon captions from the row under it, capitals and small print too', () => {
    // FUNSD 93106788: small captions, the answers two and a half caption heights under them.
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'AD#:', size: 7 },
        { x: 200, y: 100, text: 'CAPTION:', size: 7 },
        { x: 350, y: 100, text: 'SPACE:', size: 7 },
        { x: 50, y: 124, text: 'NPT-533-7' },
        { x: 200, y: 124, text: 'FOUNTAIN COUPLE' },
        { x: 350, y: 124, text: 'P5CE' },
      ]),
    ).toEqual([
      ['AD#', 'NPT-533-7', 'colon'],
      ['CAPTION', 'FOUNTAIN COUPLE', 'colon'],
      ['SPACE', 'P5CE', 'colon'],
    ]);
  });

  it('answers no caption of a row whose line under it holds a phrase under none of them', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Brand:' },
        { x: 250, y: 100, text: 'Region:' },
        { x: 50, y: 114, text: 'KOOL KING' },
        { x: 150, y: 114, text: 'NEWPORT' },
        { x: 250, y: 114, text: 'MIDWEST' },
      ]),
    ).toEqual([
      ['Brand', null, 'colon'],
      ['Region', null, 'colon'],
    ]);
  });

  it('reads dotted and underscored leaders as the edge between caption and answer', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Premium ............ $1,200.00' },
        { x: 50, y: 120, text: 'Agent______Ray Patel' },
      ]),
    ).toEqual([
      ['Premium', '$1,200.00', 'colon'],
      ['Agent', 'Ray Patel', 'colon'],
    ]);
  });

  it('reads a leader set apart from its caption as the caption’s, and no dot of it in the answer', () => {
    // Harsh scans of draw 7032: blurred dots read as ellipses after a gap, the last one glued
    // to the answer's first letter.
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Policy' },
        { x: 120, y: 100, text: '... ... XR921-29794' },
        { x: 50, y: 130, text: 'Writing Company ..........' },
        { x: 260, y: 130, text: '.Northgate Property & Casualty' },
      ]),
    ).toEqual([
      ['Policy', 'XR921-29794', 'colon'],
      ['Writing Company', 'Northgate Property & Casualty', 'colon'],
    ]);
  });

  it('reads leader pieces standing alone between caption and answer as the caption’s', () => {
    // A harsh scan of draw 7035: "Insured Entity  ...  ...  David Dawson", the pieces apart.
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Insured Entity' },
        { x: 140, y: 100, text: '...' },
        { x: 200, y: 100, text: '...' },
        { x: 260, y: 100, text: 'David Dawson' },
      ]),
    ).toEqual([['Insured Entity', 'David Dawson', 'colon']]);
  });

  it('pairs a column of captions over answers by its spacing taken over all its bands', () => {
    // A harsh scan of draw 7034: the date's taller digits left its band a little loose.
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Insured Entity' },
        { x: 50, y: 114, text: 'Robert Garcia' },
        { x: 50, y: 133, text: 'Start Date' },
        { x: 50, y: 150, text: 'September 29, 2023' },
        { x: 50, y: 170, text: 'Class of Business' },
        { x: 50, y: 184, text: 'General Liability' },
      ]),
    ).toEqual([
      ['Insured Entity', 'Robert Garcia', 'below'],
      ['Start Date', 'September 29, 2023', 'below'],
      ['Class of Business', 'General Liability', 'below'],
    ]);
  });

  it('pairs an unmarked caption and answer standing in the columns of marked pairs near them', () => {
    // A harsh scan of draw 7034 kept two lines' leaders and lost those of the two under them.
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Certificate No. .........' },
        { x: 250, y: 100, text: 'PA2021154906' },
        { x: 50, y: 116, text: 'Data As Of ..........' },
        { x: 250, y: 116, text: 'November 26, 2024' },
        { x: 50, y: 132, text: 'Client' },
        { x: 250, y: 132, text: 'Victor Ortega' },
        { x: 50, y: 148, text: 'Issuing Company' },
        { x: 250, y: 148, text: 'Bluewater Indemnity Co.' },
      ]),
    ).toEqual([
      ['Certificate No.', 'PA2021154906', 'colon'],
      ['Data As Of', 'November 26, 2024', 'colon'],
      ['Client', 'Victor Ortega', 'right'],
      ['Issuing Company', 'Bluewater Indemnity Co.', 'right'],
    ]);
  });

  it('passes over what OCR read of a leader’s end between a caption and its answer', () => {
    // A harsh scan of draw 7033: a dash and a semicolon read at the leaders' ends.
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Underwriter ..........' },
        { x: 200, y: 100, text: '-' },
        { x: 260, y: 100, text: 'Summit Ridge Assurance' },
        { x: 50, y: 130, text: 'Deductible:' },
        { x: 200, y: 130, text: '-' },
      ]),
    ).toEqual([
      ['Underwriter', 'Summit Ridge Assurance', 'colon'],
      ['Deductible', '-', 'colon'],
    ]);
  });

  it('reports tick boxes as checked or unchecked captions', () => {
    expect(pairsOf([{ x: 50, y: 100, text: '[x] Injuries [ ] Towed ☐ Glass' }])).toEqual([
      ['Injuries', 'checked', 'checkbox'],
      ['Towed', 'unchecked', 'checkbox'],
      ['Glass', 'unchecked', 'checkbox'],
    ]);
  });

  it('pairs a caption with an answer to its right or printed larger under it, without colons', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'INVOICE NUMBER' },
        { x: 250, y: 100, text: 'INV-20931' },
        { x: 50, y: 140, text: 'Insured name', size: 7 },
        { x: 300, y: 140, text: 'Vehicle', size: 7 },
        { x: 50, y: 150, text: 'Jane Smith', size: 11 },
        { x: 300, y: 150, text: 'Honda Civic', size: 11 },
      ]),
    ).toEqual([
      ['INVOICE NUMBER', 'INV-20931', 'right'],
      ['Insured name', 'Jane Smith', 'below'],
      ['Vehicle', 'Honda Civic', 'below'],
    ]);
  });

  it('does not pair two captions side by side or a sentence with anything', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Name' },
        { x: 250, y: 100, text: 'Address' },
        { x: 50, y: 200, text: 'Please return this form within thirty days of the loss date' },
      ]),
    ).toEqual([]);
  });

  it('does not take a heading over a subheading, or wrapped sentence lines, for pairs', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'QUALITY IMPROVEMENT', size: 8.4 },
        { x: 50, y: 112, text: 'SUGGESTION FORM', size: 10 },
        { x: 50, y: 200, text: 'Inspection of each carton was thought' },
        { x: 50, y: 212, text: 'sufficient by the plant for all 12 shifts' },
      ]),
    ).toEqual([]);
  });

  it('pairs a column of captions each over its answer when the answers, unlike the captions, mostly carry values', () => {
    const stack = [
      'Writing Company',
      'Northgate Property & Casualty',
      'Inception',
      'Jan 21, 2023',
      'Broker',
      'William Quinn',
      'Policy ID',
      'HO268209252',
    ];
    expect(
      pairsOf(stack.map((text, k) => ({ x: 40, y: 100 + k * 13 + (k % 2) * -3, text }))),
    ).toEqual([
      ['Writing Company', 'Northgate Property & Casualty', 'below'],
      ['Inception', 'Jan 21, 2023', 'below'],
      ['Broker', 'William Quinn', 'below'],
      ['Policy ID', 'HO268209252', 'below'],
    ]);
  });

  it('pairs two captions each over its answer when the spacing pairs the lines', () => {
    // Draw 7029: a wider gap under each answer than under each caption.
    const stack = (gapAfterAnswer: number) =>
      pairsOf([
        { x: 40, y: 100, text: 'Account Name' },
        { x: 40, y: 113, text: 'Underwood Logistics LLC' },
        { x: 40, y: 126 + gapAfterAnswer, text: 'Policy ID' },
        { x: 40, y: 139 + gapAfterAnswer, text: 'HCP7512284' },
      ]);
    expect(stack(10)).toEqual([
      ['Account Name', 'Underwood Logistics LLC', 'below'],
      ['Policy ID', 'HCP7512284', 'below'],
    ]);
    // Evenly spaced, four lines are as likely a list: the answer carrying a value pairs alone.
    expect(stack(0).map(([caption]) => caption)).not.toContain('Account Name');
  });

  it('reads caption/answer lines as a grid when every caption is set in another type than its answer', () => {
    // Draw 7029: no answer a value, the captions' boxes a tenth taller than the answers'.
    const rows = [
      ['Company', 'Northgate Property & Casualty'],
      ['First Named Insured', 'Nancy Quinn'],
      ['Form Type', 'General Liability'],
      ['Your Representative', 'Aisha Romero'],
    ];
    const grid = (answerSize: number) =>
      pairsOf(
        rows.flatMap(([caption, answer], k) => [
          { x: 40, y: 100 + k * 17, text: caption, size: 11 },
          { x: 190, y: 100 + k * 17, text: answer, size: answerSize },
        ]),
      );
    expect(grid(10)).toEqual(rows.map(([caption, answer]) => [caption, answer, 'right']));
    // Set in one type, such lines say nothing of which is which.
    expect(grid(11)).toEqual([]);
  });

  it('takes a band of names into the column of captions over answers it heads', () => {
    // A harsh scan of draw 7028: from "CLIENT" down, under half the answers are values.
    const stack = [
      'CLIENT',
      'Rachel Quinn',
      'ACCOUNT EXECUTIVE',
      'Ethan McAllister',
      'INSURANCE PROVIDER',
      'Prairie Shield Insurance',
      'COVERAGE BEGINS',
      '08/09/2024',
      'EXPIRES',
      '08/09/2025',
      'POLICY NO.',
      'HO-41-9996755',
      'POLICY TYPE',
      'Homeowners',
    ];
    // Evenly spaced: no spacing pairs the lines, only the answers' values do.
    const pairs = pairsOf(stack.map((text, k) => ({ x: 40, y: 100 + k * 13, text })));
    expect(pairs.slice(0, 2)).toEqual([
      ['CLIENT', 'Rachel Quinn', 'below'],
      ['ACCOUNT EXECUTIVE', 'Ethan McAllister', 'below'],
    ]);
  });

  it('reads lines holding a caption beside its own date as caption/answer rows, never bands', () => {
    // Two-column lines of caption and answer; read as bands, "Start Date" was the insurer.
    const lines = [
      ['Writing Company', 'Bluewater Indemnity Co.'],
      ['Start Date', '2024-11-16'],
      ['Agent Name', 'Jennifer Thompson'],
      ['Class of Business', 'Commercial Property'],
    ];
    const pairs = pairsOf(
      lines.flatMap(([caption, answer], k) => [
        { x: 40, y: 100 + k * 15, text: caption },
        { x: 160, y: 100 + k * 15, text: answer },
      ]),
    );
    expect(pairs.map(([caption, answer]) => [caption, answer])).toEqual(lines);
  });

  it('splits a caption whose colon the text layer glued to its answer, and leaves times whole', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'POLICE REPORT?:Yes' },
        { x: 50, y: 120, text: 'Opened: 10:30' },
      ]),
    ).toEqual([
      ['POLICE REPORT?', 'Yes', 'colon'],
      ['Opened', '10:30', 'colon'],
    ]);
  });

  it('leaves a colon caption empty when the next caption sits under it, not its answer', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Tipping paper:' },
        { x: 50, y: 114, text: 'Supplier' },
      ]),
    ).toEqual([['Tipping paper', null, 'colon']]);
  });

  it('pairs a colon-less caption with a value under it, not with a word of the same style', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Bobbin width' },
        { x: 50, y: 112, text: 'Bobbin length' },
        { x: 300, y: 100, text: 'Total sample' },
        { x: 300, y: 112, text: '214' },
      ]),
    ).toEqual([['Total sample', '214', 'below']]);
  });

  it('does not pair a caption in capitals with the one stacked under it, though printed a little larger', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'PROJECT NAME', size: 9 },
        { x: 50, y: 114, text: 'PROJECT LEADER', size: 11.5 },
        { x: 50, y: 160, text: 'Form Type', size: 9 },
        { x: 50, y: 174, text: 'Personal Auto', size: 11.5 },
        { x: 50, y: 240, text: 'INSURED NAME', size: 7 },
        { x: 50, y: 250, text: 'JANE SMITH', size: 11 },
      ]),
    ).toEqual([
      ['Form Type', 'Personal Auto', 'below'],
      ['INSURED NAME', 'JANE SMITH', 'below'],
    ]);
  });

  it('pairs a grid of captions and answers without colons, answers that read like captions too', () => {
    expect(
      pairsOf([
        { x: 30, y: 100, text: 'Our Ref' },
        { x: 180, y: 100, text: '2426576NR' },
        { x: 30, y: 114, text: 'Nature of Loss' },
        { x: 180, y: 114, text: 'Fire' },
        { x: 30, y: 128, text: 'DOL' },
        { x: 180, y: 128, text: '02/17/2024' },
        { x: 30, y: 142, text: 'Account Name' },
        { x: 180, y: 142, text: 'Hiroshi Thompson' },
        { x: 30, y: 156, text: 'Policy No.' },
        { x: 180, y: 156, text: 'PA2022905030' },
      ]),
    ).toEqual([
      ['Our Ref', '2426576NR', 'right'],
      ['Nature of Loss', 'Fire', 'right'],
      ['DOL', '02/17/2024', 'right'],
      ['Account Name', 'Hiroshi Thompson', 'right'],
      ['Policy No.', 'PA2022905030', 'right'],
    ]);
  });

  it('pairs a grid of two caption/answer columns side by side', () => {
    expect(
      pairsOf([
        { x: 40, y: 100, text: 'Certificate No.' },
        { x: 150, y: 100, text: 'FP070-34005' },
        { x: 300, y: 100, text: 'Company' },
        { x: 400, y: 100, text: 'Lakeshore General Insurance' },
        { x: 40, y: 114, text: 'Producer' },
        { x: 150, y: 114, text: 'Jennifer Castillo' },
        { x: 300, y: 114, text: 'Form Type' },
        { x: 400, y: 114, text: 'Homeowners' },
        { x: 40, y: 128, text: 'Policy Period To' },
        { x: 150, y: 128, text: 'February 20, 2024' },
      ]),
    ).toEqual([
      ['Certificate No.', 'FP070-34005', 'right'],
      ['Company', 'Lakeshore General Insurance', 'right'],
      ['Producer', 'Jennifer Castillo', 'right'],
      ['Form Type', 'Homeowners', 'right'],
      ['Policy Period To', 'February 20, 2024', 'right'],
    ]);
  });

  it('pairs caption rows in capitals with the answer rows under them, not across the line', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'INSURER', size: 8 },
        { x: 300, y: 100, text: 'INCEPTION', size: 8 },
        { x: 50, y: 112, text: 'Summit Ridge Assurance' },
        { x: 300, y: 112, text: '05-Oct-2023' },
        { x: 50, y: 132, text: 'POLICYHOLDER', size: 8 },
        { x: 300, y: 132, text: 'POLICY ID', size: 8 },
        { x: 50, y: 144, text: 'Tyrone Underwood' },
        { x: 300, y: 144, text: 'WO265-40761' },
        { x: 50, y: 164, text: 'COVERAGE ENDS', size: 8 },
        { x: 300, y: 164, text: 'FORM TYPE', size: 8 },
        { x: 50, y: 176, text: '05-Oct-2024' },
        { x: 300, y: 176, text: 'General Liability' },
        { x: 50, y: 196, text: 'SERVICING AGENT', size: 8 },
        { x: 50, y: 208, text: 'Omar Baker' },
      ]),
    ).toEqual([
      ['INSURER', 'Summit Ridge Assurance', 'below'],
      ['INCEPTION', '05-Oct-2023', 'below'],
      ['POLICYHOLDER', 'Tyrone Underwood', 'below'],
      ['POLICY ID', 'WO265-40761', 'below'],
      ['COVERAGE ENDS', '05-Oct-2024', 'below'],
      ['FORM TYPE', 'General Liability', 'below'],
      ['SERVICING AGENT', 'Omar Baker', 'below'],
    ]);
  });

  it('reads caption rows over answer rows as bands where a grid across the lines would read fewer', () => {
    // A declarations page of draw 7026: read across as a grid, the first caption row was a
    // header, the last answer row no grid row, and "Personal Auto" the caption of the date.
    expect(
      pairsOf(
        bands([
          [
            ['Policy Type', 'Coverage Ends'],
            ['Personal Auto', '10/31/2025'],
          ],
          [
            ['Your Representative', 'Policy ID'],
            ['Priya Novak', 'PA-2022-470189'],
          ],
          [
            ['Policy Period From', 'Issuing Company'],
            ['10/31/2024', 'Bluewater Indemnity Co.'],
          ],
        ]),
      ),
    ).toEqual([
      ['Policy Type', 'Personal Auto', 'below'],
      ['Coverage Ends', '10/31/2025', 'below'],
      ['Your Representative', 'Priya Novak', 'below'],
      ['Policy ID', 'PA-2022-470189', 'below'],
      ['Policy Period From', '10/31/2024', 'below'],
      ['Issuing Company', 'Bluewater Indemnity Co.', 'below'],
    ]);
  });

  it('reads a caption whose first capital OCR read small, in title case after it', () => {
    // A harsh scan of draw 7026 read "Insured Entity" as "insured Entity" at 0.91.
    const band = (caption: string) =>
      pairsOf(
        bands([
          [
            [caption, 'Daytime Phone'],
            ['Tyrone Underwood', '(715) 546-2274'],
          ],
          [
            ['Claim No.', 'Loss Cause'],
            ['CLM2022820162', 'Collision'],
          ],
        ]),
      );
    expect(band('insured Entity')).toEqual([
      ['insured Entity', 'Tyrone Underwood', 'below'],
      ['Daytime Phone', '(715) 546-2274', 'below'],
      ['Claim No.', 'CLM2022820162', 'below'],
      ['Loss Cause', 'Collision', 'below'],
    ]);
    // A sentence's next line, or a word no capital looks like, is no caption.
    expect(band('with Coverage Ends')).not.toContainEqual([
      'with Coverage Ends',
      'Tyrone Underwood',
      'below',
    ]);
    expect(band('named Insured')).not.toContainEqual([
      'named Insured',
      'Tyrone Underwood',
      'below',
    ]);
  });

  it('reads a Y or an N under a caption as its answer, however small OCR boxed it', () => {
    // The scans of draw 7026 boxed "N" under "Reported to Police" shorter than the caption.
    const form = (answer: string) =>
      pairsOf([
        { x: 50, y: 100, text: 'Reported to Police', size: 10 },
        { x: 50, y: 114, text: answer, size: 8 },
      ]);
    expect(form('N')).toEqual([['Reported to Police', 'N', 'below']]);
    expect(form('Y')).toEqual([['Reported to Police', 'Y', 'below']]);
    expect(form('Notes')).toEqual([]);
    // A one-word heading over a lone letter is a column of marks.
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'STOUT', size: 10 },
        { x: 50, y: 114, text: 'N', size: 8 },
      ]),
    ).toEqual([]);
  });

  it('reads lines printed alike at one pitch as a grid across, whatever its answers are', () => {
    // A schedule of draw 7027: read as bands, "Client" took "Coverage Ends" for its answer.
    const lines = [
      ['Broker', 'Karen Novak'],
      ['Client', 'Thomas Holloway'],
      ['Coverage Ends', 'February 15, 2025'],
      ['Underwriter', 'Northgate Property & Casualty'],
      ['Form Type', 'Homeowners'],
      ['Policy Period From', 'February 15, 2024'],
    ];
    expect(
      pairsOf(
        lines.flatMap(([caption, answer], k) => [
          { x: 50, y: 100 + 16 * k, text: caption },
          { x: 200, y: 100 + 16 * k, text: answer },
        ]),
      ),
    ).toEqual(lines.map(([caption, answer]) => [caption, answer, 'right']));
  });

  it("goes on past a short band set at the bands' own spacing", () => {
    // A claim notice of draw 7026: two-column bands, then "Nature of Loss" over "Theft" alone.
    expect(
      pairsOf(
        bands([
          [
            ['Date Notified', 'When Did It Happen'],
            ['2023-06-18', '2023-06-17'],
          ],
          [
            ['Assured', 'Loss Estimate'],
            ['Monica Thompson', '$28,583.41'],
          ],
          [['Nature of Loss'], ['Theft']],
        ]),
      ),
    ).toContainEqual(['Nature of Loss', 'Theft', 'below']);
  });

  it('ends a grid of bands at a short band whose answer is printed as its caption is', () => {
    const pairs = pairsOf([
      { x: 50, y: 100, text: 'BRAND ONE', size: 8 },
      { x: 300, y: 100, text: 'BRAND TWO', size: 8 },
      { x: 50, y: 112, text: 'Brand One 100' },
      { x: 300, y: 112, text: 'Brand Two 100' },
      { x: 50, y: 132, text: 'BRAND THREE', size: 8 },
      { x: 300, y: 132, text: 'BRAND FOUR', size: 8 },
      { x: 50, y: 144, text: 'Brand Three 100' },
      { x: 300, y: 144, text: 'Brand Four 100' },
      { x: 50, y: 164, text: 'BRAND FIVE', size: 8 },
      { x: 50, y: 176, text: 'BRAND SIX' },
    ]);
    expect(pairs.slice(0, 4)).toEqual([
      ['BRAND ONE', 'Brand One 100', 'below'],
      ['BRAND TWO', 'Brand Two 100', 'below'],
      ['BRAND THREE', 'Brand Three 100', 'below'],
      ['BRAND FOUR', 'Brand Four 100', 'below'],
    ]);
    expect(pairs).not.toContainEqual(['BRAND FIVE', 'BRAND SIX', 'below']);
  });

  it('keeps a grid of capital captions beside their answers a grid of pairs across the line', () => {
    expect(
      pairsOf([
        { x: 40, y: 100, text: 'INSURED' },
        { x: 150, y: 100, text: 'Jane Moss' },
        { x: 300, y: 100, text: 'POLICY NO' },
        { x: 400, y: 100, text: 'HX-2231' },
        { x: 40, y: 114, text: 'AGENT' },
        { x: 150, y: 114, text: 'Ray Patel' },
        { x: 300, y: 114, text: 'ISSUED' },
        { x: 400, y: 114, text: '01/02/2024' },
      ]),
    ).toEqual([
      ['INSURED', 'Jane Moss', 'right'],
      ['POLICY NO', 'HX-2231', 'right'],
      ['AGENT', 'Ray Patel', 'right'],
      ['ISSUED', '01/02/2024', 'right'],
    ]);
  });

  it('reads a single column of capital captions beside answers in their own print as pairs across each line, not as bands', () => {
    expect(
      pairsOf([
        { x: 40, y: 100, text: 'ISSUING COMPANY' },
        { x: 200, y: 100, text: 'Northgate Property & Casualty' },
        { x: 40, y: 114, text: 'INCEPTION' },
        { x: 200, y: 114, text: '12/25/2024' },
        { x: 40, y: 128, text: 'FIRST NAMED INSURED' },
        { x: 200, y: 128, text: 'Lisa Castillo' },
        { x: 40, y: 142, text: 'CLASS OF BUSINESS' },
        { x: 200, y: 142, text: 'Homeowners' },
      ]),
    ).toEqual([
      ['ISSUING COMPANY', 'Northgate Property & Casualty', 'right'],
      ['INCEPTION', '12/25/2024', 'right'],
      ['FIRST NAMED INSURED', 'Lisa Castillo', 'right'],
      ['CLASS OF BUSINESS', 'Homeowners', 'right'],
    ]);
  });

  it('keeps the first line of a capital-caption grid a pair, not a table header over the rest', () => {
    const [page] = analysePages([
      makePage([
        { x: 56, y: 90, text: 'POLICYHOLDER' },
        { x: 206, y: 90, text: 'Fatima Nguyen' },
        { x: 56, y: 110, text: 'RUN DATE' },
        { x: 206, y: 110, text: 'March 31, 2024' },
        { x: 56, y: 130, text: 'POLICY ID' },
        { x: 206, y: 130, text: 'YOF3375365' },
        { x: 56, y: 150, text: 'WRITING COMPANY' },
        { x: 206, y: 150, text: 'Keystone Fidelity Insurance' },
      ]),
    ]);
    expect(page.layout.tables).toEqual([]);
    expect(page.layout.keyValuePairs.map((p) => [p.key.text, p.value?.text])).toEqual([
      ['POLICYHOLDER', 'Fatima Nguyen'],
      ['RUN DATE', 'March 31, 2024'],
      ['POLICY ID', 'YOF3375365'],
      ['WRITING COMPANY', 'Keystone Fidelity Insurance'],
    ]);
  });

  it('reads one band of captions over answers holding a value, unless a row under it continues its columns', () => {
    const band = [
      { x: 60, y: 100, text: 'Contract Number' },
      { x: 300, y: 100, text: 'Underwriter' },
      { x: 62, y: 112, text: 'HO-38-5788847' },
      { x: 302, y: 112, text: 'Northgate Property & Casualty' },
    ];
    expect(pairsOf(band)).toEqual([
      ['Contract Number', 'HO-38-5788847', 'below'],
      ['Underwriter', 'Northgate Property & Casualty', 'below'],
    ]);
    const table = pairsOf([
      ...band,
      { x: 62, y: 124, text: 'HO-38-5788848' },
      { x: 302, y: 124, text: 'Granite Mutual Insurance' },
    ]);
    expect(table).not.toContainEqual(['Underwriter', 'Northgate Property & Casualty', 'below']);
    // Values only where a grid read across the line puts its answers: no band, whatever the
    // names in the line above look like.
    const grid = pairsOf([
      { x: 50, y: 100, text: 'Company' },
      { x: 160, y: 100, text: 'Bluewater Indemnity Co.' },
      { x: 300, y: 100, text: 'Insured Party' },
      { x: 420, y: 100, text: 'Brennan Logistics LLC' },
      { x: 50, y: 114, text: 'Valued As Of' },
      { x: 160, y: 114, text: 'May 22, 2024' },
      { x: 300, y: 114, text: 'Policy ID' },
      { x: 420, y: 114, text: 'PA/2022/151334' },
    ]);
    expect(grid).not.toContainEqual(['Insured Party', 'Policy ID', 'below']);
  });

  it('reads an answer set in pieces under its caption as one answer of the band', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Date of Incident' },
        { x: 300, y: 100, text: 'Contact No.' },
        { x: 50, y: 112, text: '04/17/2023' },
        { x: 300, y: 112, text: '(875) 316-4038' },
        { x: 50, y: 132, text: 'Police Report?' },
        { x: 300, y: 132, text: 'Policyholder' },
        { x: 62, y: 144, text: 'Yes' },
        { x: 118, y: 144, text: 'X No' },
        { x: 300, y: 144, text: 'Samuel Schwartz' },
      ]),
    ).toEqual([
      ['Date of Incident', '04/17/2023', 'below'],
      ['Contact No.', '(875) 316-4038', 'below'],
      ['Police Report?', 'Yes X No', 'below'],
      ['Policyholder', 'Samuel Schwartz', 'below'],
    ]);
  });

  it('pairs a column of captions over answers by their spacing, in step with the captions under a heading', () => {
    expect(
      pairsOf([
        { x: 40, y: 40, text: 'SCHEDULE OF INSURANCE', size: 14 },
        { x: 40, y: 70, text: 'Client' },
        { x: 40, y: 82, text: 'Derek Nguyen' },
        { x: 40, y: 100, text: 'Inception' },
        { x: 40, y: 112, text: '2023-06-29' },
        { x: 40, y: 130, text: 'Broker' },
        { x: 40, y: 142, text: 'William Okafor' },
        { x: 40, y: 160, text: 'Policy Type' },
        { x: 40, y: 172, text: 'Commercial Property' },
      ]),
    ).toEqual([
      ['Client', 'Derek Nguyen', 'below'],
      ['Inception', '2023-06-29', 'below'],
      ['Broker', 'William Okafor', 'below'],
      ['Policy Type', 'Commercial Property', 'below'],
    ]);
  });

  it('reads a column of captions over answers past a line of OCR noise between two of them', () => {
    // A harsh scan of draw 7024 read a box edge as "]" at 0.00 between two bands.
    const scanned = (placed: PlacedText[]) =>
      detectKeyValuePairs(groupLines(makePage(placed, 1, 'ocr'))).map((p) => [
        p.key.text,
        p.value?.text ?? null,
      ]);
    const at = (y: number, text: string, x = 40, confidence = 0.95): PlacedText => ({
      x,
      y,
      text,
      confidence,
    });
    expect(
      scanned([
        at(70, 'ASSURED'),
        at(82, 'David Thompson'),
        at(100, 'BROKER'),
        at(112, 'Aisha Thompson'),
        at(130, 'INSURANCE PROVIDER'),
        at(142, 'Bluewater Indemnity Co.'),
        at(152, ']', 36, 0),
        at(160, 'COVERAGE ENDS'),
        at(172, 'October 7, 2024'),
        at(190, 'CONTRACT NUMBER'),
        at(202, 'PA-2024-532167'),
      ]),
    ).toEqual([
      ['ASSURED', 'David Thompson'],
      ['BROKER', 'Aisha Thompson'],
      ['INSURANCE PROVIDER', 'Bluewater Indemnity Co.'],
      ['COVERAGE ENDS', 'October 7, 2024'],
      ['CONTRACT NUMBER', 'PA-2024-532167'],
    ]);
  });

  it('reads a colon printed apart from its caption as the caption’s', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Phone Booth' },
        { x: 150, y: 100, text: ': 60' },
      ]),
    ).toEqual([['Phone Booth', '60', 'colon']]);
  });

  it('does not take a person’s name for a caption of the value beside it', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Dr. Helen Park' },
        { x: 250, y: 100, text: 'JUNE 29' },
      ]),
    ).toEqual([]);
  });

  it('pairs a caption ending in a preposition with the phrase after it, even one printed alike', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Written by' },
        { x: 200, y: 100, text: 'Peter Schick' },
      ]),
    ).toEqual([['Written by', 'Peter Schick', 'right']]);
  });

  it('reads each person listed under a caption’s first name as one more answer of it', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'cc:' },
        { x: 100, y: 100, text: 'Mr. A. B. Brown' },
        { x: 100, y: 112, text: 'Ms. C. Dole' },
        { x: 100, y: 124, text: 'Dr. E. Fry' },
        { x: 50, y: 160, text: 'Subject: Budget' },
      ]),
    ).toEqual([
      ['cc', 'Mr. A. B. Brown', 'colon'],
      ['cc', 'Ms. C. Dole', 'colon'],
      ['cc', 'Dr. E. Fry', 'colon'],
      ['Subject', 'Budget', 'colon'],
    ]);
  });

  it('keeps the next line of an address out of a list of names', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'To:' },
        { x: 100, y: 100, text: 'Dr. E. Fry' },
        { x: 100, y: 112, text: '12 Oak Lane' },
        { x: 100, y: 124, text: 'Ms. C. Dole' },
      ]),
    ).toEqual([['To', 'Dr. E. Fry', 'colon']]);
  });

  it('ends a list of names where the next caption starts under the first one', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'To:' },
        { x: 100, y: 100, text: 'Mr. G. Hart' },
        { x: 50, y: 112, text: 'From:' },
        { x: 100, y: 112, text: 'Ms. C. Dole' },
      ]),
    ).toEqual([
      ['To', 'Mr. G. Hart', 'colon'],
      ['From', 'Ms. C. Dole', 'colon'],
    ]);
  });

  it('does not take a phrase in the next column of the page for a caption’s answer', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'SEX:' },
        { x: 330, y: 100, text: 'sample size and should be read' },
        { x: 50, y: 130, text: 'Account' },
        { x: 330, y: 130, text: 'Harley Davidson' },
      ]),
    ).toEqual([['SEX', null, 'colon']]);
  });

  it('still reads an answer far to the right when a dotted leader leads to it', () => {
    expect(
      pairsOf([
        {
          x: 50,
          y: 100,
          text: 'Premium .................................................. $1,200.00',
        },
      ]),
    ).toEqual([['Premium', '$1,200.00', 'colon']]);
  });

  it('pairs a question with the yes and no tick boxes after it, not each box with its option', () => {
    // A scan's tick boxes put back as signs ("☒ Yes ☐ No"), or an empty one OCR read as a
    // letter glued to its option ("JNo").
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Police Notified' },
        { x: 180, y: 100, text: '☒ Yes' },
        { x: 240, y: 100, text: '☐ No' },
      ]),
    ).toEqual([['Police Notified', '☒ Yes ☐ No', 'right']]);
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Police Notified' },
        { x: 180, y: 100, text: '☒ Yes' },
        { x: 240, y: 100, text: 'JNo' },
      ]),
    ).toEqual([['Police Notified', '☒ Yes JNo', 'right']]);
  });

  it('pairs a colon caption with the marked yes/no after it, boxes read in its phrase', () => {
    // Scans of draw 7032: the empty box read into the caption's phrase, or glued to its colon.
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'POLICE REPORT?: ☐ Yes' },
        { x: 200, y: 100, text: '☑ No' },
      ]),
    ).toEqual([['POLICE REPORT?', '☐ Yes ☑ No', 'colon']]);
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'POLICE REPORT?:[] Yes' },
        { x: 200, y: 100, text: '☑ No' },
      ]),
    ).toEqual([['POLICE REPORT?', '[] Yes ☑ No', 'colon']]);
    // Boxes beside other options are checkbox captions, as before.
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Options: ☐ Glass' },
        { x: 200, y: 100, text: '☑ Towing' },
      ]),
    ).toEqual([
      ['Glass', 'unchecked', 'checkbox'],
      ['Towing', 'checked', 'checkbox'],
    ]);
  });

  it('reads a tick box printed apart from its caption as that caption’s box', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: '☒' },
        { x: 70, y: 100, text: 'Police report filed' },
        { x: 250, y: 100, text: '☐' },
        { x: 270, y: 100, text: 'Injuries' },
        { x: 50, y: 130, text: '☐' },
        { x: 400, y: 130, text: 'Remarks' },
      ]),
    ).toEqual([
      ['Police report filed', 'checked', 'checkbox'],
      ['Injuries', 'unchecked', 'checkbox'],
    ]);
  });
});
