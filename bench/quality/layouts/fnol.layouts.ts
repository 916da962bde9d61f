import { fnolFacts, fnolTruth } from '../document-facts.generator';
import type { DocumentLayout } from '../layout.types';
import {
  addPageFooters,
  box,
  captionBox,
  field,
  labelValue,
  newPage,
  prose,
  rightText,
  rule,
  shade,
  text,
} from '../layout-kit';
import { formatDate, formatMoney } from '../synthetic-data.generator';

const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');

/** Dev: label-colon-value pairs in two columns under a bold title. */
const classic: DocumentLayout = {
  id: 'fnol-classic',
  type: 'fnol',
  set: 'dev',
  build(rng, m) {
    const f = fnolFacts(rng);
    const page = newPage();
    const dateStyle = rng.pick(['us', 'us-short'] as const);
    const labelFont = rng.pick(['sans', 'sans-bold'] as const);
    text(page, 'FIRST NOTICE OF LOSS', 50, 64, { size: 16, font: 'sans-bold' });
    rightText(page, m, f.carrier, 562, 52, { size: 10, font: 'sans-bold' });
    rightText(page, m, 'Claims Department', 562, 66, { size: 8 });
    text(page, 'Claim Information', 50, 108, { size: 11, font: 'sans-bold' });
    rule(page, 50, 113, 562, 113);
    const lv = (label: string, value: string, x: number, y: number, key: string): void =>
      labelValue(page, m, label, value, x, y, { labelFont, truth: field(key) });
    lv('Claim Number:', f.claimNumber, 50, 134, 'claim_number');
    lv('Policy Number:', f.policyNumber, 320, 134, 'policy_number');
    lv('Insured Name:', f.insuredName, 50, 154, 'insured_name');
    lv('Phone:', f.phone, 320, 154, 'insured_phone');
    lv('Date of Loss:', formatDate(f.lossDate, dateStyle), 50, 174, 'date_of_loss');
    lv('Date Reported:', formatDate(f.reportedDate, dateStyle), 320, 174, 'date_reported');
    lv('Type of Loss:', f.lossType, 50, 194, 'loss_type');
    lv('Police Report Filed:', yesNo(f.policeReport), 320, 194, 'police_report_filed');
    lv('Location of Loss:', f.location, 50, 214, 'loss_location');
    lv('Estimated Loss:', formatMoney(f.estimate, 'dollar'), 50, 234, 'estimated_loss');
    text(page, 'Description of Loss', 50, 272, { size: 11, font: 'sans-bold' });
    rule(page, 50, 277, 562, 277);
    const y = prose(page, m, f.description, 50, 296, 500);
    labelValue(page, m, 'Reported by:', `${f.insuredName} (insured)`, 50, y + 20, { labelFont });
    const pages = [page];
    if (rng.chance(0.5)) addPageFooters(pages, m, (i, n) => `Page ${i} of ${n}`);
    return { pages, truth: fnolTruth(f) };
  },
};

/** Dev: a ruled grid, captions above values, long dates and "USD" amounts. */
const boxed: DocumentLayout = {
  id: 'fnol-boxed',
  type: 'fnol',
  set: 'dev',
  build(rng, m) {
    const f = fnolFacts(rng);
    const page = newPage();
    text(page, f.carrier.toUpperCase(), 40, 50, { size: 9, font: 'sans-bold' });
    text(page, 'NOTICE OF LOSS', 40, 76, { size: 18, font: 'sans-bold' });
    text(page, 'Property & Casualty', 40, 92, { size: 9 });
    const cols = [40, 230, 410, 572];
    const rows: Array<Array<[string, string, string]>> = [
      [
        ['CLAIM NO.', f.claimNumber, 'claim_number'],
        ['POLICY NO.', f.policyNumber, 'policy_number'],
        ['REPORT DATE', formatDate(f.reportedDate, 'long'), 'date_reported'],
      ],
      [
        ['NAMED INSURED', f.insuredName, 'insured_name'],
        ['CONTACT PHONE', f.phone, 'insured_phone'],
        ['LOSS DATE', formatDate(f.lossDate, 'long'), 'date_of_loss'],
      ],
      [
        ['CAUSE OF LOSS', f.lossType, 'loss_type'],
        ['ESTIMATED AMOUNT', formatMoney(f.estimate, 'code'), 'estimated_loss'],
        ['POLICE REPORT', yesNo(f.policeReport), 'police_report_filed'],
      ],
    ];
    let top = 110;
    for (const row of rows) {
      row.forEach(([caption, value, key], i) =>
        captionBox(page, caption, value, cols[i], top, cols[i + 1], top + 34, field(key)),
      );
      top += 34;
    }
    captionBox(page, 'LOSS LOCATION', f.location, 40, top, 572, top + 34, field('loss_location'));
    top += 34;
    box(page, 40, top, 572, top + 90);
    text(page, 'DESCRIPTION OF LOSS', 44, top + 10, { size: 7, font: 'sans-bold' });
    prose(page, m, f.description, 46, top + 26, 500, 9);
    return { pages: [page], truth: fnolTruth(f) };
  },
};

/** Eval: ACORD-like sections with shaded bars, labels in a tab column without colons. */
const acordLike: DocumentLayout = {
  id: 'fnol-acord-like',
  type: 'fnol',
  set: 'eval',
  build(rng, m) {
    const f = fnolFacts(rng);
    const page = newPage();
    text(
      page,
      'AUTOMOBILE LOSS NOTICE',
      306 - m.width('AUTOMOBILE LOSS NOTICE', 'sans-bold', 14) / 2,
      56,
      { size: 14, font: 'sans-bold' },
    );
    text(page, `Agency copy  |  ${f.carrier}`, 40, 80, { size: 8 });
    const section = (title: string, y: number): void => {
      shade(page, 36, y - 10, 576, y + 3);
      text(page, title, 40, y, { size: 9, font: 'sans-bold' });
    };
    const row = (
      label: string,
      value: string,
      y: number,
      key?: string,
      x = 40,
      valueX = 170,
    ): void =>
      labelValue(page, m, label, value, x, y, {
        size: 9,
        labelFont: 'sans-bold',
        valueX,
        ...(key ? { truth: field(key) } : {}),
      });
    section('POLICY', 104);
    row('Company', f.carrier, 124);
    row('Policy #', f.policyNumber, 140, 'policy_number');
    row('Claim Ref.', f.claimNumber, 140, 'claim_number', 330, 420);
    section('INSURED', 170);
    row('Name of Insured', f.insuredName, 190, 'insured_name');
    row('Primary Phone', f.phone, 206, 'insured_phone');
    section('LOSS', 236);
    row(
      'Date/Time of Loss',
      `${formatDate(f.lossDate, 'day-month')} ${rng.int(1, 12)}:${rng.pick(['05', '15', '30', '45'])} ${rng.pick(['AM', 'PM'])}`,
      256,
      'date_of_loss',
    );
    row('Reported On', formatDate(f.reportedDate, 'us'), 256, 'date_reported', 330, 420);
    row('Kind of Loss', f.lossType, 272, 'loss_type');
    row('Police Notified', f.policeReport ? 'Y' : 'N', 272, 'police_report_filed', 330, 420);
    row('Loss Location', f.location, 288, 'loss_location');
    row('Estimate of Damage', formatMoney(f.estimate, 'dollar'), 304, 'estimated_loss');
    section('REMARKS', 334);
    prose(page, m, f.description, 40, 354, 520, 9);
    text(page, 'ACORD-style form for benchmark use only', 40, 760, { size: 7 });
    return { pages: [page], truth: fnolTruth(f) };
  },
};

/** Eval: a claims-portal export, key/value grid with ISO dates, two pages with a notes page. */
const portalExport: DocumentLayout = {
  id: 'fnol-portal-export',
  type: 'fnol',
  set: 'eval',
  build(rng, m) {
    const f = fnolFacts(rng);
    const first = newPage();
    text(first, 'Claim Report', 60, 60, { size: 20, font: 'sans-bold' });
    text(first, `Exported from ${f.carrier} claims portal`, 60, 78, { size: 8 });
    const entries: Array<[string, string, string]> = [
      ['Claim Reference', f.claimNumber, 'claim_number'],
      ['Policy', f.policyNumber, 'policy_number'],
      ['Policyholder', f.insuredName, 'insured_name'],
      ['Telephone', f.phone, 'insured_phone'],
      ['Incident Date', formatDate(f.lossDate, 'iso'), 'date_of_loss'],
      ['Notification Date', formatDate(f.reportedDate, 'iso'), 'date_reported'],
      ['Peril', f.lossType, 'loss_type'],
      ['Address of Loss', f.location, 'loss_location'],
      ['Estimated Loss Amount', formatMoney(f.estimate, 'plain'), 'estimated_loss'],
      ['Police Report', yesNo(f.policeReport), 'police_report_filed'],
    ];
    let y = 120;
    rule(first, 56, y - 14, 556, y - 14);
    for (const [label, value, key] of entries) {
      text(first, label, 62, y, { size: 10, font: 'sans-bold' });
      text(first, value, 230, y, { size: 10, truth: field(key) });
      rule(first, 56, y + 7, 556, y + 7, 0.3);
      y += 22;
    }
    rule(first, 222, 106, 222, y - 15, 0.3);
    const second = newPage();
    text(second, `Claim Report ${f.claimNumber} (continued)`, 60, 60, {
      size: 10,
      font: 'sans-bold',
    });
    text(second, 'Notes', 60, 96, { size: 12, font: 'sans-bold' });
    prose(
      second,
      m,
      `${f.description} Adjuster to contact the insured within one business day.`,
      60,
      116,
      480,
      10,
    );
    const pages = [first, second];
    addPageFooters(pages, m, (i, n) => `Page ${i} of ${n}`);
    return { pages, truth: fnolTruth(f) };
  },
};

export const FNOL_LAYOUTS: readonly DocumentLayout[] = [classic, boxed, acordLike, portalExport];
