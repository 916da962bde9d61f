import type { ValueKind } from './caption-wordings';
import type { SeededRandom } from './seeded-random';

/*
 * Answers of the training forms, drawn from syllables and formats rather than lists, so no two
 * documents share names and the model cannot learn particular words.
 */

const SYLLABLES = [
  'ka',
  'ro',
  'mi',
  'len',
  'dor',
  'sa',
  'vi',
  'ten',
  'bel',
  'mar',
  'to',
  'ni',
  'gar',
  'lu',
  'fen',
  'os',
  'ber',
  'chi',
  'wa',
  'del',
  'ru',
  'ste',
  'han',
  'qui',
  'zo',
  'pel',
  'ny',
  'ast',
];
const FIRMS = ['Ltd', 'GmbH', 'S.A.', 'SARL', 'B.V.', 'S.p.A.', 'Inc.', 'LLC', '& Co', 'AG'];
const STREETS = ['Street', 'Road', 'rue', 'Straße', 'Calle', 'Via', 'straat', 'Avenida', 'Lane'];
const WORDS = [
  'Open',
  'Closed',
  'Pending',
  'Urgent',
  'Standard',
  'Blue',
  'Cash',
  'Transfer',
  'Water damage',
  'Theft',
  'Approved',
  'Ouvert',
  'Offen',
  'Abierto',
  'Aperto',
  'Gold',
  'Basic',
];

/** A month's English name, from the platform's calendar data rather than a list of our own. */
function monthName(month: number): string {
  return new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
}

function word(random: SeededRandom, syllables = random.int(2, 3)): string {
  let text = '';
  for (let i = 0; i < syllables; i += 1) text += random.pick(SYLLABLES);
  return text[0].toUpperCase() + text.slice(1);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function date(random: SeededRandom): string {
  const y = random.int(1995, 2029);
  const m = random.int(1, 12);
  const d = random.int(1, 28);
  return random.pick([
    () => `${pad(m)}/${pad(d)}/${y}`,
    () => `${pad(d)}.${pad(m)}.${y}`,
    () => `${y}-${pad(m)}-${pad(d)}`,
    () => `${monthName(m)} ${d}, ${y}`,
    () => `${d} ${monthName(m).slice(0, 3)} ${y}`,
    () => `${m}/${d}/${String(y).slice(2)}`,
  ])();
}

function grouped(n: number, separator: string): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

function money(random: SeededRandom): string {
  const whole = random.chance(0.3) ? random.int(1, 999) : random.int(1000, 2_000_000);
  const cents = pad(random.int(0, 99));
  return random.pick([
    () => `$${grouped(whole, ',')}.${cents}`,
    () => `${grouped(whole, ',')}.${cents}`,
    () => `USD ${grouped(whole, ',')}.${cents}`,
    () => `${grouped(whole, ',')}.${cents} EUR`,
    () => `€ ${grouped(whole, ',')}.${cents}`,
    () => `£${grouped(whole, ',')}.${cents}`,
  ])();
}

function identifier(random: SeededRandom): string {
  const letters = () => word(random, 1).toUpperCase().slice(0, random.int(1, 3));
  return random.pick([
    () => `${letters()}-${random.int(10000, 9999999)}`,
    () => `${random.int(100000, 99999999)}`,
    () => `${letters()}${random.int(100, 99999)}/${random.int(10, 99)}`,
    () => `${random.int(10, 99)}-${letters()}-${random.int(1000, 9999)}`,
  ])();
}

export function makeValue(kind: ValueKind, random: SeededRandom): string {
  switch (kind) {
    case 'date':
      return date(random);
    case 'money':
      return money(random);
    case 'identifier':
      return identifier(random);
    case 'person':
      return random.chance(0.2)
        ? `${word(random)[0]}. ${word(random)}`
        : `${word(random)} ${word(random)}`;
    case 'organisation':
      return `${word(random)}${random.chance(0.4) ? ` ${word(random)}` : ''} ${random.pick(FIRMS)}`;
    case 'place':
      return random.chance(0.5)
        ? `${random.int(1, 240)} ${word(random)} ${random.pick(STREETS)}`
        : word(random);
    case 'count':
      return String(random.chance(0.7) ? random.int(1, 60) : random.int(100, 99999));
    case 'phone':
      return random.pick([
        () => `(${random.int(200, 989)}) ${random.int(200, 989)}-${random.int(1000, 9999)}`,
        () =>
          `+${random.int(30, 49)} ${random.int(10, 99)} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
        () => `0${random.int(100, 999)} ${random.int(100000, 999999)}`,
      ])();
    case 'email':
      return `${word(random).toLowerCase()}@${word(random).toLowerCase()}.${random.pick(['com', 'de', 'fr', 'es', 'it', 'nl'])}`;
    case 'percent':
      return `${random.int(1, 40)}${random.chance(0.5) ? `.${random.int(0, 9)}` : ''}%`;
    case 'word':
      return random.pick(WORDS);
  }
}
