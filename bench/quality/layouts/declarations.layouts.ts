import { type Coverage, declarationsFacts, declarationsTruth } from '../document-facts.generator';
import type { DocumentLayout } from '../layout.types';
import {
  addPageFooters,
  captionBox,
  drawTable,
  field,
  labelValue,
  newPage,
  rightText,
  rule,
  text,
} from '../layout-kit';
import { formatDate, formatMoney, type MoneyStyle } from '../synthetic-data.generator';

const money =
  (style: MoneyStyle) =>
  (value: number): string =>
    formatMoney(value, style);

function title(lineOfBusiness: string): string {
  return lineOfBusiness === 'Personal Auto'
    ? 'AUTO POLICY DECLARATIONS'
    : `${lineOfBusiness.toUpperCase()} POLICY DECLARATIONS`;
}

/** Dev: label/value block, ruled coverage table with right-aligned amounts. */
const classic: DocumentLayout = {
  id: 'dec-classic',
  type: 'declarations',
  set: 'dev',
  build(rng, m) {
    const f = declarationsFacts(rng);
    const page = newPage();
    const fmt = money('dollar');
    text(page, f.carrier, 50, 50, { size: 12, font: 'sans-bold' });
    text(page, title(f.lineOfBusiness), 50, 76, { size: 15, font: 'sans-bold' });
    rule(page, 50, 84, 562, 84, 1);
    const lv = (label: string, value: string, x: number, y: number, key?: string): void =>
      labelValue(page, m, label, value, x, y, {
        labelFont: 'sans-bold',
        ...(key ? { truth: field(key) } : {}),
      });
    lv('Policy Number:', f.policyNumber, 50, 108, 'policy_number');
    lv('Line of Business:', f.lineOfBusiness, 320, 108, 'line_of_business');
    lv('Named Insured:', f.insuredName, 50, 128, 'named_insured');
    text(page, f.address, 50, 142, { size: 9 });
    lv('Effective Date:', formatDate(f.effective, 'us'), 50, 166, 'effective_date');
    lv('Expiration Date:', formatDate(f.expiration, 'us'), 320, 166, 'expiration_date');
    lv('Agent:', f.agentName, 50, 186, 'agent_name');
    lv('Insurance Company:', f.carrier, 320, 186, 'carrier');
    text(page, 'Coverages and Limits', 50, 222, { size: 11, font: 'sans-bold' });
    const pages = [page];
    const y = drawTable<Coverage>(pages, m, 246, {
      tableKey: 'coverages',
      rowHeight: 16,
      size: 9,
      repeatHeader: true,
      gridLines: true,
      rows: f.coverages,
      columns: [
        { header: 'Coverage', x: 54, align: 'left', key: 'coverage', format: (c) => c.coverage },
        {
          header: 'Limit',
          x: 300,
          right: 340,
          align: 'right',
          key: 'limit',
          format: (c) => fmt(c.limit),
        },
        {
          header: 'Deductible',
          x: 380,
          right: 440,
          align: 'right',
          key: 'deductible',
          format: (c) => (c.deductible === null ? '' : fmt(c.deductible)),
        },
        {
          header: 'Premium',
          x: 500,
          right: 556,
          align: 'right',
          key: 'premium',
          format: (c) => fmt(c.premium),
        },
      ],
    });
    labelValue(page, m, 'Total Premium:', fmt(f.totalPremium), 400, y + 14, {
      labelFont: 'sans-bold',
      truth: field('total_premium'),
    });
    text(
      page,
      'This declarations page is part of your policy. Please keep it with your policy documents.',
      50,
      y + 60,
      { size: 8 },
    );
    return { pages, truth: declarationsTruth(f) };
  },
};

/** Dev: boxed header cells and an unruled coverage table in caps. */
const boxed: DocumentLayout = {
  id: 'dec-boxed',
  type: 'declarations',
  set: 'dev',
  build(rng, m) {
    const f = declarationsFacts(rng);
    const page = newPage();
    const fmt = money('plain');
    text(page, 'DECLARATIONS', 40, 60, { size: 20, font: 'sans-bold' });
    rightText(page, m, f.carrier, 572, 56, { size: 10, font: 'sans-bold' });
    const cells: Array<[string, string, string, number, number]> = [
      ['POLICY NO.', f.policyNumber, 'policy_number', 40, 220],
      ['POLICY TYPE', f.lineOfBusiness, 'line_of_business', 220, 400],
      ['INSURER', f.carrier, 'carrier', 400, 572],
      ['INSURED', f.insuredName, 'named_insured', 40, 220],
      ['PRODUCER', f.agentName, 'agent_name', 220, 400],
      ['EFFECTIVE', formatDate(f.effective, 'long'), 'effective_date', 400, 486],
      ['EXPIRES', formatDate(f.expiration, 'long'), 'expiration_date', 486, 572],
    ];
    cells.forEach(([caption, value, key, x0, x1], i) => {
      const top = i < 3 ? 80 : 114;
      captionBox(page, caption, value, x0, top, x1, top + 34, field(key), {
        valueSize: key.endsWith('_date') ? 8 : 9,
      });
    });
    const pages = [page];
    const y = drawTable<Coverage>(pages, m, 180, {
      tableKey: 'coverages',
      rowHeight: 15,
      size: 9,
      repeatHeader: true,
      headerShade: true,
      rows: f.coverages,
      columns: [
        { header: 'COVERAGE', x: 44, align: 'left', key: 'coverage', format: (c) => c.coverage },
        {
          header: 'LIMITS OF LIABILITY',
          x: 250,
          right: 350,
          align: 'right',
          key: 'limit',
          format: (c) => fmt(c.limit),
        },
        {
          header: 'DEDUCTIBLE',
          x: 390,
          right: 452,
          align: 'right',
          key: 'deductible',
          format: (c) => (c.deductible === null ? 'None' : fmt(c.deductible)),
        },
        {
          header: 'PREMIUM',
          x: 510,
          right: 566,
          align: 'right',
          key: 'premium',
          format: (c) => fmt(c.premium),
        },
      ],
    });
    text(page, 'TOTAL POLICY PREMIUM', 360, y + 12, { size: 9, font: 'sans-bold' });
    rightText(page, m, fmt(f.totalPremium), 566, y + 12, {
      size: 9,
      font: 'sans-bold',
      truth: field('total_premium'),
    });
    return { pages, truth: declarationsTruth(f) };
  },
};

/** Eval: two-column summary, "Policy Period: From .. To ..", amounts without a symbol. */
const summary: DocumentLayout = {
  id: 'dec-summary',
  type: 'declarations',
  set: 'eval',
  build(rng, m) {
    const f = declarationsFacts(rng);
    const page = newPage();
    const fmt = money('dollar-nocomma');
    text(page, 'Declarations Page', 56, 64, { size: 18, font: 'sans-bold' });
    text(page, `Issued ${formatDate(f.effective, 'long')}`, 56, 80, { size: 8 });
    labelValue(page, m, 'Policyholder:', f.insuredName, 56, 116, { truth: field('named_insured') });
    text(page, f.address, 56, 130, { size: 9 });
    labelValue(page, m, 'Policy No.:', f.policyNumber, 340, 116, { truth: field('policy_number') });
    labelValue(page, m, 'Issuing Company:', f.carrier, 340, 132, {
      size: 9,
      truth: field('carrier'),
    });
    labelValue(page, m, 'Agent Name:', f.agentName, 340, 148, {
      size: 9,
      truth: field('agent_name'),
    });
    const from = formatDate(f.effective, 'us');
    text(page, 'Policy Period:', 56, 170, { size: 10, font: 'sans-bold' });
    text(page, 'From', 135, 170);
    text(page, from, 135 + m.width('From ', 'sans', 10), 170, { truth: field('effective_date') });
    const toX = 135 + m.width(`From ${from} `, 'sans', 10);
    text(page, 'To', toX, 170);
    text(page, formatDate(f.expiration, 'us'), toX + m.width('To ', 'sans', 10), 170, {
      truth: field('expiration_date'),
    });
    text(page, '12:01 AM standard time at the address of the named insured', 56, 184, { size: 8 });
    labelValue(page, m, 'Product:', f.lineOfBusiness, 56, 206, {
      truth: field('line_of_business'),
    });
    const pages = [page];
    const y = drawTable<Coverage>(pages, m, 240, {
      tableKey: 'coverages',
      rowHeight: 17,
      size: 9,
      repeatHeader: true,
      gridLines: true,
      rows: f.coverages,
      columns: [
        { header: 'Description', x: 60, align: 'left', key: 'coverage', format: (c) => c.coverage },
        {
          header: 'Amount of Insurance',
          x: 260,
          right: 360,
          align: 'right',
          key: 'limit',
          format: (c) => fmt(c.limit),
        },
        {
          header: 'Deductible',
          x: 400,
          right: 455,
          align: 'right',
          key: 'deductible',
          format: (c) => (c.deductible === null ? 'N/A' : fmt(c.deductible)),
        },
        {
          header: 'Premium',
          x: 505,
          right: 552,
          align: 'right',
          key: 'premium',
          format: (c) => fmt(c.premium),
        },
      ],
    });
    text(page, 'Annual Premium', 400, y + 16, { size: 10, font: 'sans-bold' });
    rightText(page, m, fmt(f.totalPremium), 552, y + 16, {
      size: 10,
      font: 'sans-bold',
      truth: field('total_premium'),
    });
    addPageFooters(pages, m, (i, n) => `Page ${i} of ${n}`);
    return { pages, truth: declarationsTruth(f) };
  },
};

/** Eval: typewriter (Courier) caps, column-aligned by spaces like a mainframe print. */
const mono: DocumentLayout = {
  id: 'dec-mono',
  type: 'declarations',
  set: 'eval',
  build(rng, m) {
    const f = declarationsFacts(rng);
    const page = newPage();
    const fmt = money('plain');
    const t = (value: string, x: number, y: number, key?: string, size = 9): void =>
      text(page, value, x, y, { size, font: 'mono', ...(key ? { truth: field(key) } : {}) });
    t(`${f.carrier.toUpperCase()}`, 48, 54, undefined, 10);
    t('POLICY DECLARATIONS', 48, 72, undefined, 12);
    t('INSURED:', 48, 104);
    t(f.insuredName.toUpperCase(), 130, 104, 'named_insured');
    t('POLICY NO:', 330, 104);
    t(f.policyNumber, 400, 104, 'policy_number');
    t('COMPANY:', 48, 120);
    t(f.carrier.toUpperCase(), 130, 120, 'carrier');
    t('AGENT:', 48, 136);
    t(f.agentName.toUpperCase(), 130, 136, 'agent_name');
    t('EFFECTIVE:', 48, 152);
    t(formatDate(f.effective, 'us'), 130, 152, 'effective_date');
    t('EXPIRES:', 330, 152);
    t(formatDate(f.expiration, 'us'), 400, 152, 'expiration_date');
    t('LOB:', 48, 168);
    t(f.lineOfBusiness.toUpperCase(), 130, 168, 'line_of_business');
    const pages = [page];
    const y = drawTable<Coverage>(pages, m, 204, {
      tableKey: 'coverages',
      rowHeight: 14,
      size: 9,
      headerFont: 'mono',
      bodyFont: 'mono',
      repeatHeader: true,
      rows: f.coverages,
      columns: [
        {
          header: 'COVERAGE',
          x: 48,
          align: 'left',
          key: 'coverage',
          format: (c) => c.coverage.toUpperCase(),
        },
        {
          header: 'LIMIT',
          x: 300,
          right: 340,
          align: 'right',
          key: 'limit',
          format: (c) => fmt(c.limit),
        },
        {
          header: 'DEDUCTIBLE',
          x: 370,
          right: 424,
          align: 'right',
          key: 'deductible',
          format: (c) => (c.deductible === null ? '' : fmt(c.deductible)),
        },
        {
          header: 'PREMIUM',
          x: 470,
          right: 508,
          align: 'right',
          key: 'premium',
          format: (c) => fmt(c.premium),
        },
      ],
    });
    t('TOTAL PREMIUM:', 330, y + 12);
    rightText(page, m, fmt(f.totalPremium), 508, y + 12, {
      size: 9,
      font: 'mono',
      truth: field('total_premium'),
    });
    return { pages, truth: declarationsTruthUpper(declarationsTruth(f)) };
  },
};

/** The mono layout prints names in capitals; truth follows what is printed. */
function declarationsTruthUpper(
  truth: ReturnType<typeof declarationsTruth>,
): ReturnType<typeof declarationsTruth> {
  const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);
  return {
    fields: {
      ...truth.fields,
      named_insured: upper(truth.fields.named_insured) as string,
      carrier: upper(truth.fields.carrier) as string,
      agent_name: upper(truth.fields.agent_name) as string,
      line_of_business: truth.fields.line_of_business,
    },
    tables: {
      coverages: truth.tables.coverages.map((row) => ({
        ...row,
        coverage: upper(row.coverage) as string,
      })),
    },
  };
}

export const DECLARATIONS_LAYOUTS: readonly DocumentLayout[] = [classic, boxed, summary, mono];
