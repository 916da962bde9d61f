import type { SeededRandom } from './seeded-random';
import {
  addDays,
  address,
  CalendarDate,
  CARRIERS,
  cents,
  CLAIM_STATUSES,
  claimNumber,
  COVERAGES,
  isoDate,
  LineItem,
  lineItems,
  LINES_OF_BUSINESS,
  LOSS_TYPES,
  personName,
  phone,
  policyNumber,
  PROPERTY_COVERAGES,
  randomDate,
  vin,
} from './synthetic-data.generator';
import type { DocumentTruth } from './synthetic-document.types';

const usd = (amount: number) => ({ amount: cents(amount), currency: 'USD' });

export interface FnolFacts {
  readonly carrier: string;
  readonly claimNumber: string;
  readonly policyNumber: string;
  readonly insuredName: string;
  readonly phone: string;
  readonly lossDate: CalendarDate;
  readonly reportedDate: CalendarDate;
  readonly lossType: string;
  readonly location: string;
  readonly estimate: number;
  readonly policeReport: boolean;
  readonly description: string;
}

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  Collision: 'Insured vehicle was struck from behind while stopped at a traffic signal.',
  Theft: 'Vehicle was stolen from the driveway overnight; keys were not in the vehicle.',
  Fire: 'Kitchen fire started at the stove and spread to the cabinets and ceiling.',
  'Water Damage': 'Supply line under the upstairs sink failed and flooded two rooms.',
  Hail: 'Hail storm damaged the roof shingles, gutters and the hood of the vehicle.',
  Vandalism: 'Windows were broken and the side panels were spray painted.',
  Wind: 'High winds tore shingles from the roof and knocked a tree onto the fence.',
};

export function fnolFacts(rng: SeededRandom): FnolFacts {
  const carrierIndex = rng.int(0, CARRIERS.length - 1);
  const lossDate = randomDate(rng, 2023, 2024);
  const lossType = rng.pick(LOSS_TYPES);
  return {
    carrier: CARRIERS[carrierIndex],
    claimNumber: claimNumber(rng),
    policyNumber: policyNumber(rng, carrierIndex),
    insuredName: personName(rng),
    phone: phone(rng),
    lossDate,
    reportedDate: addDays(lossDate, rng.int(0, 12)),
    lossType,
    location: address(rng),
    estimate: cents(rng.float(450, 48000)),
    policeReport: rng.chance(0.5),
    description: DESCRIPTIONS[lossType],
  };
}

export function fnolTruth(f: FnolFacts): DocumentTruth {
  return {
    fields: {
      claim_number: f.claimNumber,
      policy_number: f.policyNumber,
      insured_name: f.insuredName,
      insured_phone: f.phone,
      date_of_loss: isoDate(f.lossDate),
      date_reported: isoDate(f.reportedDate),
      loss_type: f.lossType,
      loss_location: f.location,
      estimated_loss: usd(f.estimate),
      police_report_filed: f.policeReport,
    },
    tables: {},
  };
}

export interface Coverage {
  readonly coverage: string;
  readonly limit: number;
  readonly deductible: number | null;
  readonly premium: number;
}

export interface DeclarationsFacts {
  readonly carrier: string;
  readonly policyNumber: string;
  readonly insuredName: string;
  readonly address: string;
  readonly agentName: string;
  readonly effective: CalendarDate;
  readonly expiration: CalendarDate;
  readonly lineOfBusiness: string;
  readonly coverages: readonly Coverage[];
  readonly totalPremium: number;
}

export function declarationsFacts(rng: SeededRandom): DeclarationsFacts {
  const carrierIndex = rng.int(0, CARRIERS.length - 1);
  const lineOfBusiness = rng.pick(LINES_OF_BUSINESS);
  const property = lineOfBusiness !== 'Personal Auto';
  const names = rng.shuffle(property ? PROPERTY_COVERAGES : COVERAGES).slice(0, rng.int(4, 6));
  const coverages = names.map((coverage) => ({
    coverage,
    limit: rng.pick([5000, 10000, 25000, 50000, 100000, 250000, 300000, 500000]),
    deductible: rng.chance(0.6) ? rng.pick([250, 500, 1000, 2500]) : null,
    premium: cents(rng.float(35, 900)),
  }));
  const effective = randomDate(rng, 2023, 2024);
  return {
    carrier: CARRIERS[carrierIndex],
    policyNumber: policyNumber(rng, carrierIndex),
    insuredName: personName(rng),
    address: address(rng),
    agentName: personName(rng),
    effective,
    expiration: {
      ...effective,
      year: effective.year + 1,
      day: effective.month === 2 && effective.day === 29 ? 28 : effective.day,
    },
    lineOfBusiness,
    coverages,
    totalPremium: cents(coverages.reduce((s, c) => s + c.premium, 0)),
  };
}

export function declarationsTruth(f: DeclarationsFacts): DocumentTruth {
  return {
    fields: {
      policy_number: f.policyNumber,
      named_insured: f.insuredName,
      carrier: f.carrier,
      agent_name: f.agentName,
      effective_date: isoDate(f.effective),
      expiration_date: isoDate(f.expiration),
      line_of_business: f.lineOfBusiness,
      total_premium: usd(f.totalPremium),
    },
    tables: {
      coverages: f.coverages.map((c) => ({
        coverage: c.coverage,
        limit: usd(c.limit),
        deductible: c.deductible === null ? null : usd(c.deductible),
        premium: usd(c.premium),
      })),
    },
  };
}

export interface InvoiceFacts {
  readonly vendor: string;
  readonly vendorAddress: string;
  readonly invoiceNumber: string;
  readonly invoiceDate: CalendarDate;
  readonly claimNumber: string;
  readonly customer: string;
  readonly vin: string | null;
  readonly items: readonly LineItem[];
  readonly subtotal: number;
  readonly tax: number;
  readonly total: number;
}

export function invoiceFacts(rng: SeededRandom, itemCount: number): InvoiceFacts {
  const property = rng.chance(0.35);
  const items = lineItems(rng, itemCount, property);
  const subtotal = cents(items.reduce((s, i) => s + i.amount, 0));
  const tax = cents(subtotal * rng.pick([0, 0.05, 0.0625, 0.07, 0.0825]));
  const owner = personName(rng).split(' ')[1];
  return {
    vendor: property ? `${owner} Restoration Services` : `${owner} Auto Body & Collision`,
    vendorAddress: address(rng),
    invoiceNumber: rng.chance(0.5) ? `INV-${rng.digits(5)}` : `${rng.letters(1)}${rng.digits(6)}`,
    invoiceDate: randomDate(rng, 2023, 2024),
    claimNumber: claimNumber(rng),
    customer: personName(rng),
    vin: property ? null : vin(rng),
    items,
    subtotal,
    tax,
    total: cents(subtotal + tax),
  };
}

export function invoiceTruth(f: InvoiceFacts): DocumentTruth {
  return {
    fields: {
      invoice_number: f.invoiceNumber,
      invoice_date: isoDate(f.invoiceDate),
      claim_number: f.claimNumber,
      vin: f.vin,
      subtotal: usd(f.subtotal),
      tax: usd(f.tax),
      total: usd(f.total),
    },
    tables: {
      line_items: f.items.map((i) => ({
        description: i.description,
        quantity: i.quantity,
        unit_price: usd(i.unitPrice),
        amount: usd(i.amount),
      })),
    },
  };
}

export interface LossRunClaim {
  readonly claimNumber: string;
  readonly lossDate: CalendarDate;
  readonly status: string;
  readonly paid: number;
  readonly reserve: number;
  readonly incurred: number;
}

export interface LossRunFacts {
  readonly carrier: string;
  readonly insuredName: string;
  readonly policyNumber: string;
  readonly valuationDate: CalendarDate;
  readonly claims: readonly LossRunClaim[];
  readonly totalPaid: number;
  readonly totalIncurred: number;
}

export function lossRunFacts(rng: SeededRandom, claimCount: number): LossRunFacts {
  const carrierIndex = rng.int(0, CARRIERS.length - 1);
  const claims = Array.from({ length: claimCount }, () => {
    const status = rng.pick(CLAIM_STATUSES);
    const paid = cents(rng.float(0, 25000));
    const reserve = status === 'Closed' ? 0 : cents(rng.float(500, 30000));
    return {
      claimNumber: claimNumber(rng),
      lossDate: randomDate(rng, 2019, 2024),
      status,
      paid,
      reserve,
      incurred: cents(paid + reserve),
    };
  });
  return {
    carrier: CARRIERS[carrierIndex],
    insuredName: rng.chance(0.5)
      ? personName(rng)
      : `${personName(rng).split(' ')[1]} Logistics LLC`,
    policyNumber: policyNumber(rng, carrierIndex),
    valuationDate: randomDate(rng, 2024, 2024),
    claims,
    totalPaid: cents(claims.reduce((s, c) => s + c.paid, 0)),
    totalIncurred: cents(claims.reduce((s, c) => s + c.incurred, 0)),
  };
}

export function lossRunTruth(f: LossRunFacts): DocumentTruth {
  return {
    fields: {
      insured_name: f.insuredName,
      policy_number: f.policyNumber,
      carrier: f.carrier,
      valuation_date: isoDate(f.valuationDate),
      total_paid: usd(f.totalPaid),
      total_incurred: usd(f.totalIncurred),
    },
    tables: {
      claims: f.claims.map((c) => ({
        claim_number: c.claimNumber,
        loss_date: isoDate(c.lossDate),
        status: c.status,
        paid: usd(c.paid),
        reserve: usd(c.reserve),
        incurred: usd(c.incurred),
      })),
    },
  };
}
