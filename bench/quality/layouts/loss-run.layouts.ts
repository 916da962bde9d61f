import { type LossRunClaim, lossRunFacts, lossRunTruth } from '../document-facts.generator';
import type { DocumentLayout } from '../layout.types';
import {
  addPageFooters,
  drawTable,
  field,
  labelValue,
  newPage,
  rightText,
  rule,
  text,
} from '../layout-kit';
import type { SeededRandom } from '../seeded-random';
import { formatDate, formatMoney } from '../synthetic-data.generator';

const claimCount = (rng: SeededRandom, size: 'short' | 'long'): number =>
  size === 'long' ? rng.int(35, 55) : rng.int(3, 10);

/** Dev: carrier loss run, colon labels, ruled table, totals block below. */
const carrier: DocumentLayout = {
  id: 'lossrun-carrier',
  type: 'loss_run',
  set: 'dev',
  build(rng, m, size) {
    const f = lossRunFacts(rng, claimCount(rng, size));
    const page = newPage();
    text(page, f.carrier, 50, 50, { size: 11, font: 'sans-bold' });
    text(page, 'LOSS RUN REPORT', 50, 76, { size: 16, font: 'sans-bold' });
    labelValue(page, m, 'Insured:', f.insuredName, 50, 104, {
      labelFont: 'sans-bold',
      truth: field('insured_name'),
    });
    labelValue(page, m, 'Policy Number:', f.policyNumber, 50, 120, {
      labelFont: 'sans-bold',
      truth: field('policy_number'),
    });
    labelValue(page, m, 'Carrier:', f.carrier, 330, 104, {
      labelFont: 'sans-bold',
      size: 9,
      truth: field('carrier'),
    });
    labelValue(page, m, 'Valuation Date:', formatDate(f.valuationDate, 'us'), 330, 120, {
      labelFont: 'sans-bold',
      truth: field('valuation_date'),
    });
    const pages = [page];
    const dollars = (v: number): string => formatMoney(v, 'dollar');
    const y = drawTable<LossRunClaim>(pages, m, 156, {
      tableKey: 'claims',
      rowHeight: 15,
      size: 9,
      repeatHeader: true,
      gridLines: true,
      bottom: 700,
      continuationHeader: (p) => {
        text(p, `Loss Run - ${f.insuredName} - ${f.policyNumber}`, 50, 50, { size: 9 });
        return 84;
      },
      rows: f.claims,
      columns: [
        {
          header: 'Claim Number',
          x: 54,
          align: 'left',
          key: 'claim_number',
          format: (c) => c.claimNumber,
        },
        {
          header: 'Loss Date',
          x: 150,
          align: 'left',
          key: 'loss_date',
          format: (c) => formatDate(c.lossDate, 'us'),
        },
        { header: 'Status', x: 222, align: 'left', key: 'status', format: (c) => c.status },
        {
          header: 'Paid',
          x: 320,
          right: 340,
          align: 'right',
          key: 'paid',
          format: (c) => dollars(c.paid),
        },
        {
          header: 'Reserve',
          x: 400,
          right: 440,
          align: 'right',
          key: 'reserve',
          format: (c) => dollars(c.reserve),
        },
        {
          header: 'Incurred',
          x: 510,
          right: 556,
          align: 'right',
          key: 'incurred',
          format: (c) => dollars(c.incurred),
        },
      ],
    });
    const last = pages[pages.length - 1];
    labelValue(last, m, 'Total Paid:', dollars(f.totalPaid), 330, y + 16, {
      labelFont: 'sans-bold',
      truth: field('total_paid'),
    });
    labelValue(last, m, 'Total Incurred:', dollars(f.totalIncurred), 330, y + 32, {
      labelFont: 'sans-bold',
      truth: field('total_incurred'),
    });
    addPageFooters(pages, m, (i, n) => `Page ${i} of ${n}`);
    return { pages, truth: lossRunTruth(f) };
  },
};

/** Dev: claims history with shaded header, labels above values. */
const history: DocumentLayout = {
  id: 'lossrun-history',
  type: 'loss_run',
  set: 'dev',
  build(rng, m, size) {
    const f = lossRunFacts(rng, claimCount(rng, size));
    const page = newPage();
    text(page, 'CLAIMS HISTORY', 40, 60, { size: 18, font: 'sans-bold' });
    const block = (caption: string, value: string, x: number, key: string): void => {
      text(page, caption, x, 92, { size: 8, font: 'sans-bold' });
      text(page, value, x, 106, { size: 10, truth: field(key) });
    };
    block('Account Name', f.insuredName, 40, 'insured_name');
    block('Policy No.', f.policyNumber, 230, 'policy_number');
    block('Valued As Of', formatDate(f.valuationDate, 'long'), 360, 'valuation_date');
    block('Insurance Company', f.carrier, 470, 'carrier');
    rule(page, 40, 116, 572, 116);
    const pages = [page];
    const plain = (v: number): string => formatMoney(v, 'plain');
    const y = drawTable<LossRunClaim>(pages, m, 144, {
      tableKey: 'claims',
      rowHeight: 14,
      size: 8,
      repeatHeader: true,
      headerShade: true,
      bottom: 710,
      rows: f.claims,
      columns: [
        {
          header: 'Claim No.',
          x: 44,
          align: 'left',
          key: 'claim_number',
          format: (c) => c.claimNumber,
        },
        {
          header: 'Date of Loss',
          x: 140,
          align: 'left',
          key: 'loss_date',
          format: (c) => formatDate(c.lossDate, 'iso'),
        },
        { header: 'Claim Status', x: 215, align: 'left', key: 'status', format: (c) => c.status },
        {
          header: 'Paid Loss',
          x: 310,
          right: 350,
          align: 'right',
          key: 'paid',
          format: (c) => plain(c.paid),
        },
        {
          header: 'Outstanding',
          x: 400,
          right: 450,
          align: 'right',
          key: 'reserve',
          format: (c) => plain(c.reserve),
        },
        {
          header: 'Incurred Loss',
          x: 510,
          right: 566,
          align: 'right',
          key: 'incurred',
          format: (c) => plain(c.incurred),
        },
      ],
    });
    const last = pages[pages.length - 1];
    text(last, 'Total Paid', 380, y + 16, { size: 9, font: 'sans-bold' });
    rightText(last, m, plain(f.totalPaid), 566, y + 16, {
      size: 9,
      font: 'sans-bold',
      truth: field('total_paid'),
    });
    text(last, 'Total Incurred', 380, y + 30, { size: 9, font: 'sans-bold' });
    rightText(last, m, plain(f.totalIncurred), 566, y + 30, {
      size: 9,
      font: 'sans-bold',
      truth: field('total_incurred'),
    });
    if (pages.length > 1) addPageFooters(pages, m, (i, n) => `Page ${i} of ${n}`);
    return { pages, truth: lossRunTruth(f) };
  },
};

/** Eval: loss experience summary, "Claim # / DOL" headers, summary totals at the top. */
const experience: DocumentLayout = {
  id: 'lossrun-experience',
  type: 'loss_run',
  set: 'eval',
  build(rng, m, size) {
    const f = lossRunFacts(rng, claimCount(rng, size));
    const page = newPage();
    text(page, 'Loss Experience Summary', 56, 62, { size: 17, font: 'sans-bold' });
    labelValue(page, m, 'Named Insured:', f.insuredName, 56, 96, { truth: field('insured_name') });
    labelValue(page, m, 'Policy #:', f.policyNumber, 56, 112, { truth: field('policy_number') });
    labelValue(page, m, 'Writing Company:', f.carrier, 56, 128, {
      size: 9,
      truth: field('carrier'),
    });
    labelValue(page, m, 'As of Date:', formatDate(f.valuationDate, 'day-month'), 350, 96, {
      truth: field('valuation_date'),
    });
    labelValue(page, m, 'Paid Total:', formatMoney(f.totalPaid, 'dollar'), 350, 112, {
      truth: field('total_paid'),
    });
    labelValue(page, m, 'Incurred Total:', formatMoney(f.totalIncurred, 'dollar'), 350, 128, {
      truth: field('total_incurred'),
    });
    const pages = [page];
    const dollars = (v: number): string => formatMoney(v, 'dollar');
    drawTable<LossRunClaim>(pages, m, 170, {
      tableKey: 'claims',
      rowHeight: 16,
      size: 9,
      repeatHeader: true,
      gridLines: true,
      bottom: 700,
      rows: f.claims,
      columns: [
        {
          header: 'Claim #',
          x: 60,
          align: 'left',
          key: 'claim_number',
          format: (c) => c.claimNumber,
        },
        {
          header: 'DOL',
          x: 160,
          align: 'left',
          key: 'loss_date',
          format: (c) => formatDate(c.lossDate, 'us-short'),
        },
        { header: 'Status', x: 222, align: 'left', key: 'status', format: (c) => c.status },
        {
          header: 'Paid to Date',
          x: 300,
          right: 356,
          align: 'right',
          key: 'paid',
          format: (c) => dollars(c.paid),
        },
        {
          header: 'O/S Reserve',
          x: 400,
          right: 452,
          align: 'right',
          key: 'reserve',
          format: (c) => dollars(c.reserve),
        },
        {
          header: 'Total Incurred',
          x: 490,
          right: 552,
          align: 'right',
          key: 'incurred',
          format: (c) => dollars(c.incurred),
        },
      ],
    });
    addPageFooters(pages, m, (i, n) => `Page ${i} of ${n}`);
    return { pages, truth: lossRunTruth(f) };
  },
};

/** Eval: mainframe-style Courier print, capitals, no rules. */
const mono: DocumentLayout = {
  id: 'lossrun-mono',
  type: 'loss_run',
  set: 'eval',
  build(rng, m, size) {
    const f = lossRunFacts(rng, claimCount(rng, size));
    const page = newPage();
    const t = (value: string, x: number, y: number, key?: string, fontSize = 9): void =>
      text(page, value, x, y, {
        size: fontSize,
        font: 'mono',
        ...(key ? { truth: field(key) } : {}),
      });
    t('LOSS HISTORY REPORT', 48, 56, undefined, 12);
    t('ACCOUNT:', 48, 84);
    t(f.insuredName.toUpperCase(), 120, 84, 'insured_name');
    t('POLICY:', 48, 98);
    t(f.policyNumber, 120, 98, 'policy_number');
    t('INSURER:', 330, 84);
    t(f.carrier.toUpperCase(), 390, 84, 'carrier', 8);
    t('RUN DATE:', 330, 98);
    t(formatDate(f.valuationDate, 'us'), 400, 98, 'valuation_date');
    const pages = [page];
    const plain = (v: number): string => formatMoney(v, 'plain');
    const y = drawTable<LossRunClaim>(pages, m, 132, {
      tableKey: 'claims',
      rowHeight: 13,
      size: 8,
      headerFont: 'mono',
      bodyFont: 'mono',
      repeatHeader: true,
      bottom: 710,
      rows: f.claims,
      columns: [
        {
          header: 'CLAIM NO',
          x: 48,
          align: 'left',
          key: 'claim_number',
          format: (c) => c.claimNumber,
        },
        {
          header: 'DATE OF LOSS',
          x: 140,
          align: 'left',
          key: 'loss_date',
          format: (c) => formatDate(c.lossDate, 'us'),
        },
        {
          header: 'STATUS',
          x: 224,
          align: 'left',
          key: 'status',
          format: (c) => c.status.toUpperCase(),
        },
        {
          header: 'PAID',
          x: 320,
          right: 350,
          align: 'right',
          key: 'paid',
          format: (c) => plain(c.paid),
        },
        {
          header: 'RESERVE',
          x: 400,
          right: 440,
          align: 'right',
          key: 'reserve',
          format: (c) => plain(c.reserve),
        },
        {
          header: 'INCURRED',
          x: 500,
          right: 548,
          align: 'right',
          key: 'incurred',
          format: (c) => plain(c.incurred),
        },
      ],
    });
    const last = pages[pages.length - 1];
    text(last, 'TOTAL PAID', 330, y + 14, { size: 8, font: 'mono' });
    rightText(last, m, plain(f.totalPaid), 548, y + 14, {
      size: 8,
      font: 'mono',
      truth: field('total_paid'),
    });
    text(last, 'TOTAL INCURRED', 330, y + 27, { size: 8, font: 'mono' });
    rightText(last, m, plain(f.totalIncurred), 548, y + 27, {
      size: 8,
      font: 'mono',
      truth: field('total_incurred'),
    });
    if (pages.length > 1) addPageFooters(pages, m, (i, n) => `PAGE ${i} OF ${n}`);
    const truth = lossRunTruth(f);
    return {
      pages,
      truth: {
        fields: {
          ...truth.fields,
          insured_name: String(truth.fields.insured_name).toUpperCase(),
          carrier: String(truth.fields.carrier).toUpperCase(),
        },
        tables: truth.tables,
      },
    };
  },
};

export const LOSS_RUN_LAYOUTS: readonly DocumentLayout[] = [carrier, history, experience, mono];
