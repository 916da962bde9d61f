import type { ValueKind } from './caption-wordings';
import type { SeededRandom } from './seeded-random';

/*
 * Answers of the training forms, drawn from syllables and formats rather than lists, so no two
 * documents share names and the model cannot learn particular words. Answers must read like
 * answers do on real forms (figures, dates, codes, tick marks, sentences, names with titles and
 * initials, typed in capitals) and not only like captions: a model trained on answers that all
 * read like captions learns to take the next caption for an answer.
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

/** Ticks, crosses and filled boxes, as typed or written into an option's box. */
const MARKS = ['X', 'x', '✓', '✔', '☑', '☒', '■', 'XX', '/'];
const TITLES = ['Mr.', 'Mrs.', 'Ms.', 'Dr.', 'Prof.', 'M.', 'Herr', 'Sr.', 'Sig.'];
const UNITS = 'mm cm g kg lbs oz ml L °C psi hrs min ft g/100'.split(' ');
const CITY_ENDS = ['ville', 'burg', 'ton', 'heim', 'stad', 'field', ' City', ' Falls'];
/** Words of free-text answers: plain reports of what was done, seen or asked for. */
const SENTENCE_WORDS = (
  'sample was tested and found within the agreed limits except for one lot which ' +
  'showed higher readings than expected customer asked for a second delivery before ' +
  'month end new supplier to be approved by quality staff please send two copies ' +
  'with the signed order stock moved to the north warehouse pending review of the ' +
  'labels damage to outer carton noted on arrival no further action needed at this time'
).split(' ');
const SENTENCE_ENDS = ['.', '.', '', ';', ' etc.'];

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

function personName(random: SeededRandom): string {
  const first = word(random);
  const last = word(random);
  return random.pick([
    () => `${first} ${last}`,
    () => `${first[0]}. ${last}`,
    () => `${random.pick(TITLES)} ${first} ${last}`,
    () => `${random.pick(TITLES)} ${first[0]}. ${word(random, 1)[0]}. ${last}`,
    () => `${last.toUpperCase()}, ${first}`,
    () => `${first} ${word(random, 1)[0]}. ${last}`,
  ])();
}

function place(random: SeededRandom): string {
  const city = `${word(random, 2)}${random.pick(CITY_ENDS)}`;
  return random.pick([
    () => `${random.int(1, 240)} ${word(random)} ${random.pick(STREETS)}`,
    () => city,
    () => `${city}, ${word(random, 1).toUpperCase().slice(0, 2)} ${random.int(10000, 99999)}`,
    () => `${random.int(1, 9999)} ${word(random)} ${random.pick(STREETS)}, ${city}`,
    () => `P.O. Box ${random.int(10, 9999)}`,
  ])();
}

/** One to three clauses of plain words, as typed into a remarks box. */
function sentence(random: SeededRandom): string {
  const start = random.int(0, SENTENCE_WORDS.length - 4);
  const length = random.int(3, Math.min(18, SENTENCE_WORDS.length - start));
  const text = SENTENCE_WORDS.slice(start, start + length).join(' ');
  const opened = random.chance(0.6) ? text[0].toUpperCase() + text.slice(1) : text;
  return `${opened}${random.pick(SENTENCE_ENDS)}`;
}

function measure(random: SeededRandom): string {
  const figure = random.chance(0.5)
    ? String(random.int(1, 999))
    : `${random.int(0, 99)}.${random.int(0, 9)}`;
  return random.pick([
    () => `${figure} ${random.pick(UNITS)}`,
    () => `${figure}${random.pick(UNITS)}`,
    () => figure,
    () => `${figure} - ${Number.parseFloat(figure) + random.int(1, 20)} ${random.pick(UNITS)}`,
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
      return personName(random);
    case 'organisation':
      return `${word(random)}${random.chance(0.4) ? ` ${word(random)}` : ''} ${random.pick(FIRMS)}`;
    case 'place':
      return place(random);
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
      return random.chance(0.7) ? random.pick(WORDS) : identifier(random);
    case 'mark':
      return random.pick(MARKS);
    case 'text':
      return sentence(random);
    case 'measure':
      return measure(random);
  }
}
