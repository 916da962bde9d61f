import { captionAnswerCandidates } from '../src/extraction/field-extractor';
import { analysePage } from '../src/layout/page-layout.analyser';
import type { FeatureVector } from '../src/linker/logistic-model';
import { pairFeatures } from '../src/linker/pair-features';
import type { ScalarFieldDefinition } from '../src/schema/field-schema.types';
import type { PositionedWord } from '../src/text-layer/line-grouper';
import type { TextPage } from '../src/text-layer/text-layer.types';
import type { ValueKind } from './caption-wordings';
import {
  type DraftWord,
  generateFormPage,
  toTextPage,
  type TruthField,
  type WordRole,
} from './form-page.generator';
import { scanned } from './scan-noise';
import type { SeededRandom } from './seeded-random';

/*
 * Labelled examples for the linker from generated pages: every reading the extractor's rules
 * propose for a field under its caption, and every key-value pair the layout analysis finds,
 * each marked right when its words are the field's answer (and, for pairs, its key the field's
 * caption).
 */

export interface Example {
  readonly features: FeatureVector;
  readonly right: boolean;
  /** Readings of one field on one page share a group: the model should rank the right one first. */
  readonly group: string;
}

export interface PageExamples {
  readonly answers: Example[];
  readonly pairs: Example[];
}

const FIELD_TYPE: Readonly<Record<ValueKind, ScalarFieldDefinition['type']>> = {
  date: 'date',
  money: 'money',
  identifier: 'string',
  person: 'string',
  organisation: 'string',
  place: 'string',
  count: 'number',
  phone: 'string',
  email: 'string',
  percent: 'string',
  word: 'string',
  mark: 'string',
  text: 'string',
  measure: 'string',
};

/** The share of a page's fields its schema asks for. */
const SCHEMA_SHARE = 0.75;

/** Words in reading order (top to bottom, then left to right), as a text layer lists them. */
function readingOrder(words: readonly DraftWord[]): DraftWord[] {
  return [...words].sort((a, b) => Math.round(a.y0 / 3) - Math.round(b.y0 / 3) || a.x0 - b.x0);
}

function drawPage(
  random: SeededRandom,
  scan: boolean,
): { page: TextPage; roles: WordRole[]; fields: TruthField[] } {
  const { words, fields } = generateFormPage(random);
  if (scan) {
    const noisy = scanned(readingOrder(words), random);
    const order = readingOrder(noisy.words);
    const confidences = order.map((w) => noisy.confidences[noisy.words.indexOf(w)]);
    return { page: toTextPage(order, 'ocr', confidences), roles: order.map((w) => w.role), fields };
  }
  const order = readingOrder(words);
  return { page: toTextPage(order, 'pdf-text', []), roles: order.map((w) => w.role), fields };
}

function roleOf(word: PositionedWord, roles: readonly WordRole[]): WordRole {
  return roles[Math.floor(word.index)] ?? null;
}

/** Every word is the field's answer, and the words hold at least half of that answer. */
function isAnswer(
  words: readonly PositionedWord[],
  key: string,
  roles: readonly WordRole[],
  answerWords: number,
): boolean {
  const own = words.filter((w) => {
    const role = roleOf(w, roles);
    return role?.field === key && role.part === 'answer';
  });
  return own.length === words.length && own.length * 2 >= answerWords;
}

/** A caption word, or a lone colon or leader printed with it. */
function isCaptionOf(word: PositionedWord, key: string, roles: readonly WordRole[]): boolean {
  const role = roleOf(word, roles);
  return (role?.field === key && role.part === 'caption') || /^[:.…_]+$/.test(word.text);
}

/** The field's label: its printed caption mostly, sometimes another wording of its concept. */
function labelOf(field: TruthField, random: SeededRandom): string {
  return random.chance(0.85) ? field.caption : random.pick(field.concept.captions);
}

export function pageExamples(random: SeededRandom, scan: boolean, pageId: string): PageExamples {
  const { page, roles, fields } = drawPage(random, scan);
  const answerWords = new Map<string, number>();
  roles.forEach((role) => {
    if (role?.part === 'answer')
      answerWords.set(role.field, (answerWords.get(role.field) ?? 0) + 1);
  });
  // A schema asks for some of a form's fields, not all: the other captions stay on the page as
  // captions the extractor does not know, and a reading under a known caption may be one of them.
  const asked = fields.filter(() => random.chance(SCHEMA_SHARE));
  const definitions = asked.map(
    (f) =>
      ({
        key: f.key,
        // Half the schemas ask for text whatever the value is, as a label-given schema does.
        type: random.chance(0.5) ? 'string' : FIELD_TYPE[f.kind],
        label: labelOf(f, random),
      }) as ScalarFieldDefinition,
  );
  const answers = captionAnswerCandidates({ pages: [page] }, definitions).map((c) => ({
    features: c.features,
    right: isAnswer(c.words, c.key, roles, answerWords.get(c.key) ?? 0),
    group: `${pageId}:${c.key}`,
  }));
  const pairs: Example[] = [];
  for (const pair of analysePage(page).keyValuePairs) {
    const features = pairFeatures(pair);
    if (!features || !pair.value) continue;
    const owner = pair.value.words.map((w) => roleOf(w, roles)?.field).find(Boolean);
    const right =
      owner !== undefined &&
      isAnswer(pair.value.words, owner, roles, answerWords.get(owner) ?? 0) &&
      pair.key.words.every((w) => isCaptionOf(w, owner, roles));
    pairs.push({ features, right, group: `${pageId}:${pair.key.text}` });
  }
  return { answers, pairs };
}
