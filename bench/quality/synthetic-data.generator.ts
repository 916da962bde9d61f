import type { SeededRandom } from './seeded-random';

/** A calendar date without time zone trouble. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export const FIRST_NAMES = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Michael',
  'Patricia',
  'David',
  'Jennifer',
  'William',
  'Elizabeth',
  'Carlos',
  'Aisha',
  'Thomas',
  'Sarah',
  'Daniel',
  'Karen',
  'Kevin',
  'Nancy',
  'Brian',
  'Lisa',
  'Hiroshi',
  'Priya',
  'Andre',
  'Olga',
  'Samuel',
  'Grace',
  'Victor',
  'Helen',
  'Marcus',
  'Rachel',
  'Ethan',
  'Sofia',
  'Nathan',
  'Chloe',
  'Omar',
  'Fatima',
  'Derek',
  'Monica',
  'Tyrone',
  'Megan',
];
export const LAST_NAMES = [
  'Anderson',
  'Baker',
  'Castillo',
  'Dawson',
  'Edwards',
  'Fischer',
  'Garcia',
  'Hughes',
  'Iverson',
  'Jackson',
  'Kowalski',
  'Lindqvist',
  'Martinez',
  'Nguyen',
  'Okafor',
  'Patel',
  'Quinn',
  'Reynolds',
  'Schwartz',
  'Thompson',
  'Underwood',
  'Vasquez',
  'Whitaker',
  'Yamamoto',
  'Zimmerman',
  'Brennan',
  'Coleman',
  'Delgado',
  'Ferguson',
  'Holloway',
  'Jennings',
  'Kim',
  'Lambert',
  'McAllister',
  'Novak',
  'Ortega',
  'Pearson',
  'Romero',
  'Sullivan',
  'Wallace',
];
export const CARRIERS = [
  'Granite Mutual Insurance',
  'Harborline Casualty Company',
  'Prairie Shield Insurance',
  'Summit Ridge Assurance',
  'Bluewater Indemnity Co.',
  'Keystone Fidelity Insurance',
  'Northgate Property & Casualty',
  'Lakeshore General Insurance',
];
const CITIES: ReadonlyArray<[string, string, string]> = [
  ['Springfield', 'IL', '62704'],
  ['Columbus', 'OH', '43215'],
  ['Austin', 'TX', '78701'],
  ['Tacoma', 'WA', '98402'],
  ['Raleigh', 'NC', '27601'],
  ['Boise', 'ID', '83702'],
  ['Madison', 'WI', '53703'],
  ['Tucson', 'AZ', '85701'],
  ['Albany', 'NY', '12207'],
  ['Omaha', 'NE', '68102'],
  ['Richmond', 'VA', '23219'],
  ['Denver', 'CO', '80202'],
  ['Savannah', 'GA', '31401'],
  ['Portland', 'ME', '04101'],
  ['Fresno', 'CA', '93721'],
  ['Lexington', 'KY', '40507'],
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Cedar Ln',
  'Washington Blvd',
  'Lakeview Rd',
  'Pine St',
  'Elm Ct',
  'Highland Ave',
  'River Rd',
  'Park Pl',
  'Sunset Blvd',
  'Church St',
  'Mill Rd',
  'Forest Dr',
  'Harbor Way',
];
export const LOSS_TYPES = [
  'Collision',
  'Theft',
  'Fire',
  'Water Damage',
  'Hail',
  'Vandalism',
  'Wind',
];
const AUTO_PARTS = [
  'Front bumper cover',
  'Rear bumper reinforcement',
  'Headlamp assembly LH',
  'Headlamp assembly RH',
  'Hood panel',
  'Grille assembly',
  'Fender RH',
  'Fender LH',
  'Radiator support',
  'Condenser',
  'Windshield',
  'Door shell front LH',
  'Quarter panel RH',
  'Tail lamp LH',
  'Wheel alignment',
  'Side mirror RH',
  'Airbag module driver',
];
const LABOR = [
  'Body labor',
  'Refinish labor',
  'Frame labor',
  'Mechanical labor',
  'Paint and materials',
  'Hazardous waste disposal',
  'Shop supplies',
];
const PROPERTY_ITEMS = [
  'Drywall replacement',
  'Water extraction',
  'Dehumidifier rental',
  'Carpet pad replacement',
  'Roof shingles',
  'Gutter replacement',
  'Interior paint',
  'Baseboard trim',
  'Mold remediation',
  'Debris removal',
];
export const COVERAGES = [
  'Bodily Injury Liability',
  'Property Damage Liability',
  'Medical Payments',
  'Uninsured Motorist',
  'Collision',
  'Comprehensive',
  'Rental Reimbursement',
  'Towing and Labor',
];
export const PROPERTY_COVERAGES = [
  'Dwelling',
  'Other Structures',
  'Personal Property',
  'Loss of Use',
  'Personal Liability',
  'Medical Payments to Others',
];
export const LINES_OF_BUSINESS = [
  'Personal Auto',
  'Homeowners',
  'Commercial Property',
  'General Liability',
];
export const CLAIM_STATUSES = ['Open', 'Closed', 'Reopened'];

export function personName(rng: SeededRandom): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

export function address(rng: SeededRandom): string {
  const [city, state, zip] = rng.pick(CITIES);
  return `${rng.int(10, 9899)} ${rng.pick(STREETS)}, ${city}, ${state} ${zip}`;
}

export function phone(rng: SeededRandom): string {
  return `(${rng.int(201, 989)}) ${rng.int(200, 989)}-${rng.digits(4)}`;
}

export function policyNumber(rng: SeededRandom, carrierIndex: number): string {
  switch (carrierIndex % 4) {
    case 0:
      return `PA-${rng.int(2021, 2024)}-${rng.digits(6)}`;
    case 1:
      return `${rng.letters(3)}${rng.digits(7)}`;
    case 2:
      return `HO-${rng.digits(2)}-${rng.digits(7)}`;
    default:
      return `${rng.letters(2)}${rng.digits(3)}-${rng.digits(5)}`;
  }
}

export function claimNumber(rng: SeededRandom): string {
  return rng.chance(0.5)
    ? `CLM-${rng.int(2022, 2024)}-${rng.digits(6)}`
    : `${rng.int(22, 24)}-${rng.digits(5)}-${rng.letters(2)}`;
}

export function vin(rng: SeededRandom): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  let out = '';
  for (let i = 0; i < 17; i += 1) out += alphabet[rng.int(0, alphabet.length - 1)];
  return out;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function randomDate(rng: SeededRandom, fromYear: number, toYear: number): CalendarDate {
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear, 11, 31);
  const d = new Date(start + Math.floor(rng.next() * ((end - start) / 86_400_000)) * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function isoDate(date: CalendarDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export type DateStyle = 'us' | 'us-short' | 'iso' | 'long' | 'day-month';

export function formatDate(date: CalendarDate, style: DateStyle): string {
  const mm = String(date.month).padStart(2, '0');
  const dd = String(date.day).padStart(2, '0');
  switch (style) {
    case 'us':
      return `${mm}/${dd}/${date.year}`;
    case 'us-short':
      return `${date.month}/${date.day}/${String(date.year).slice(2)}`;
    case 'iso':
      return isoDate(date);
    case 'long':
      return `${MONTH_NAMES[date.month - 1]} ${date.day}, ${date.year}`;
    case 'day-month':
      return `${dd}-${MONTH_NAMES[date.month - 1].slice(0, 3)}-${date.year}`;
  }
}

export type MoneyStyle = 'dollar' | 'plain' | 'code' | 'dollar-nocomma';

export function formatMoney(amount: number, style: MoneyStyle): string {
  const fixed = Math.abs(amount).toFixed(2);
  const grouped = fixed.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 ? '-' : '';
  switch (style) {
    case 'dollar':
      return `${sign}$${grouped}`;
    case 'plain':
      return `${sign}${grouped}`;
    case 'code':
      return `USD ${sign}${grouped}`;
    case 'dollar-nocomma':
      return `${sign}$${fixed}`;
  }
}

export const cents = (value: number): number => Math.round(value * 100) / 100;

export interface LineItem {
  readonly description: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly amount: number;
}

export function lineItems(rng: SeededRandom, count: number, property: boolean): LineItem[] {
  const catalogue = rng.shuffle(property ? PROPERTY_ITEMS : [...AUTO_PARTS, ...LABOR]);
  return catalogue.slice(0, count).map((description) => {
    const labor = LABOR.includes(description);
    const quantity = labor ? rng.int(2, 24) / 2 : rng.int(1, property ? 12 : 2);
    const unitPrice = labor ? rng.pick([48, 52, 55, 58, 62, 65]) : cents(rng.float(18, 950));
    return { description, quantity, unitPrice, amount: cents(quantity * unitPrice) };
  });
}
