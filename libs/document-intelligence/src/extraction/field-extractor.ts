import { analyseDocument } from '../layout/analysed-document';
import { answerFeatures } from '../linker/answer-features';
import { DEFAULT_LINKER_RANKING, type LinkerRanking } from '../linker/linker';
import type { FeatureVector } from '../linker/logistic-model';
import { applyLayoutMemory, type LayoutMemory, matchingMemory } from '../memory/layout-memory';
import type { ExtractedField } from '../schema/extraction-result.types';
import type {
  FieldDefinition,
  FieldSchema,
  ObjectFieldDefinition,
  ScalarFieldDefinition,
} from '../schema/field-schema.types';
import type { PositionedWord, TextLine } from '../text-layer/line-grouper';
import type { DocumentPages } from '../text-layer/text-layer.types';
import { wordKey } from '../values/word-span';
import { fieldPhrases } from '../vocabulary/label-vocabulary';
import { captionWords } from './caption-guard';
import { notFound, objectResult, toField } from './field-results';
import { findLabelMatches } from './label-matcher';
import { asksForIssuer, fromLetterhead, letterheadLine } from './letterhead';
import { matchFieldsToPairs } from './pair-matcher';
import { orderPeriodEnds } from './period-ends';
import {
  type Candidate,
  type CandidateContext,
  labelCandidates,
  scalarCandidates,
} from './scalar-candidates';
import { settleTotal } from './sum-check';
import { readTables } from './table-readings';

/** A rival reading with a different value scoring this close to the chosen one: ambiguous. */
const AMBIGUOUS_RATIO = 0.9;

/**
 * Picks one candidate per field, best score first, never letting two fields share a label or a
 * value word. This settles "Date" vs "Date of Loss" and two fields pointing at one value.
 */
function assign(candidates: readonly Candidate[], used: Set<string>): Map<string, Candidate> {
  const chosen = new Map<string, Candidate>();
  const sorted = [...candidates].sort(
    (a, b) => b.rank - a.rank || firstPosition(a) - firstPosition(b),
  );
  for (const candidate of sorted) {
    if (chosen.has(candidate.field.key)) continue;
    const keys = [...candidate.words, ...candidate.labelWords].map(wordKey);
    if (keys.some((k) => used.has(k))) continue;
    keys.forEach((k) => used.add(k));
    chosen.set(candidate.field.key, candidate);
  }
  return chosen;
}

/**
 * A reading of the same field with another value that scored nearly as well as the chosen one,
 * and whose words no other field took: the page does not settle which one is meant.
 */
function rivalOf(
  chosen: Candidate,
  candidates: readonly Candidate[],
  taken: ReadonlySet<string>,
): Candidate | undefined {
  const value = JSON.stringify(chosen.value);
  const own = new Set(chosen.words.map(wordKey));
  return candidates.find(
    (c) =>
      c.field.key === chosen.field.key &&
      c !== chosen &&
      JSON.stringify(c.value) !== value &&
      c.score >= chosen.score * AMBIGUOUS_RATIO &&
      c.words.every((w) => !own.has(wordKey(w)) && !taken.has(wordKey(w))),
  );
}

/** Words that chosen readings of other fields hold, so a rival on them is no rival. */
function wordsOfOthers(chosen: ReadonlyMap<string, Candidate>, key: string): Set<string> {
  const words = new Set<string>();
  for (const [other, candidate] of chosen) {
    if (other === key) continue;
    for (const w of [...candidate.words, ...candidate.labelWords]) words.add(wordKey(w));
  }
  return words;
}

function firstPosition(candidate: Candidate): number {
  const word = candidate.words[0];
  return word ? word.pageNumber * 10 + word.box.y0 : Infinity;
}

/** Lines below an object's section heading, up to the next heading of another object. */
function sectionLines(
  field: ObjectFieldDefinition,
  allObjects: readonly ObjectFieldDefinition[],
  context: CandidateContext,
): TextLine[] {
  const headings = findLabelMatches(context.lines, fieldPhrases(field), context.fuzzy)
    .filter((m) => m.score >= 0.8 && (m.alone || m.endsWithColon))
    .sort((a, b) => b.score - a.score);
  const heading = headings[0];
  if (!heading) return [];
  const others = allObjects
    .filter((o) => o.key !== field.key)
    .flatMap((o) =>
      findLabelMatches(context.lines, fieldPhrases(o), context.fuzzy).filter(
        (m) => m.score >= 0.8 && (m.alone || m.endsWithColon),
      ),
    );
  const headingIndex = context.lines.indexOf(heading.line);
  const result: TextLine[] = [];
  for (let i = headingIndex; i < context.lines.length; i += 1) {
    const line = context.lines[i];
    if (line.pageNumber !== heading.line.pageNumber) break;
    if (i > headingIndex && others.some((o) => o.line === line)) break;
    result.push(line);
  }
  return result;
}

export interface ExtractionOptions {
  /** Tolerate OCR slips in labels; default: on when any page is OCR output. */
  readonly fuzzyLabels?: boolean;
  /**
   * What reviews taught about the project's layouts. When the document is of a remembered
   * layout, its remembered fields are read from there first; the others are matched as usual.
   */
  readonly layoutMemories?: readonly LayoutMemory[];
  /** How readings are ranked: by the rules' scores alone (the default) or by the learned linker. */
  readonly linker?: LinkerRanking;
}

/**
 * For training the linker (`libs/document-intelligence/training/`): every reading the rules
 * propose for each field under its caption, with the features the model ranks it by.
 */
export function captionAnswerCandidates(
  document: DocumentPages,
  fields: readonly ScalarFieldDefinition[],
): Array<{
  readonly key: string;
  readonly words: readonly PositionedWord[];
  features: FeatureVector;
}> {
  const { lines, layouts, fromOcr: fuzzy } = analyseDocument(document);
  const context: CandidateContext = {
    lines,
    fuzzy,
    labelWords: captionWords(lines, layouts, fields, fuzzy),
    excluded: new Set(),
    unparsed: new Map(),
    ranking: 'learned',
  };
  return fields.flatMap((field) =>
    labelCandidates(field, lines, context).map((c) => ({
      key: field.key,
      words: c.words,
      features: answerFeatures(c.evidence!),
    })),
  );
}

/** Extracts all document-scoped fields of `schema` from one document. */
export function extractDocumentFields(
  document: DocumentPages,
  schema: FieldSchema,
  options: ExtractionOptions = {},
): ExtractedField[] {
  const fields = schema.fields.filter((f) => f.scope !== 'item');
  return extractFromPages(document, fields, options);
}

function extractFromPages(
  document: DocumentPages,
  fields: readonly FieldDefinition[],
  options: ExtractionOptions,
): ExtractedField[] {
  // Lines and the layout of each page, analysed once for every stage below.
  const analysed = analyseDocument(document);
  const { documentId, lines, layouts } = analysed;
  const fuzzy = options.fuzzyLabels ?? analysed.fromOcr;

  const memory = matchingMemory(analysed.pages, options.layoutMemories ?? []);
  // Tables first: their header cells ("Date", "Amount") would otherwise pass for field labels.
  const tables = readTables(analysed, fields, memory, fuzzy);
  const excluded = tables.usedWords;
  const results = new Map<string, ExtractedField>(tables.fields);

  const scalarFields = fields.filter(
    (f): f is ScalarFieldDefinition => f.type !== 'table' && f.type !== 'object',
  );
  const objectFields = fields.filter((f): f is ObjectFieldDefinition => f.type === 'object');
  const allScalars = [...scalarFields, ...objectFields.flatMap((o) => o.fields)];
  const labelWords = captionWords(lines, layouts, allScalars, fuzzy);
  const context: CandidateContext = {
    lines,
    fuzzy,
    documentId,
    labelWords,
    excluded,
    unparsed: new Map(),
    ranking: options.linker ?? DEFAULT_LINKER_RANKING,
  };
  const used = new Set<string>(excluded);

  // Object sub-fields are read inside their section first, so they claim their words before
  // top-level fields with similar labels do.
  for (const object of objectFields) {
    const section = sectionLines(object, objectFields, context);
    const scope = section.length > 0 ? section : lines;
    const candidates = object.fields.flatMap((f) => scalarCandidates(f, scope, context));
    const chosen = assign(candidates, used);
    results.set(object.key, objectResult(object, chosen, documentId, section.length > 0));
  }

  const remembered = memory
    ? applyLayoutMemory(analysed.pages, memory, scalarFields, documentId, used)
    : [];
  for (const field of remembered) results.set(field.key, field);
  const toMatch = scalarFields.filter((f) => !results.has(f.key));
  const candidates = toMatch.flatMap((f) => scalarCandidates(f, lines, context));
  const chosen = assign(candidates, used);
  // Fields no caption names in full are matched by meaning to the layout's key-value pairs.
  const byMeaning = matchFieldsToPairs(
    toMatch.filter((f) => !chosen.has(f.key)),
    layouts,
    used,
    documentId,
    context.ranking,
  );
  for (const field of toMatch) {
    const candidate = chosen.get(field.key);
    const rival = candidate && rivalOf(candidate, candidates, wordsOfOthers(chosen, field.key));
    results.set(
      field.key,
      candidate
        ? toField(candidate, documentId, undefined, rival)
        : (byMeaning.get(field.key) ??
            notFound(field, documentId, context.unparsed.get(field.key))),
    );
  }
  // The one field asking for the total takes the amount the document prints as a sum of others.
  settleTotal(toMatch, results, layouts, documentId);
  // Who issued the document, when no caption says: the name printed large at its top.
  readLetterhead(toMatch, results, lines, used, documentId);
  // A period's start read later than its end: the two captions were taken the wrong way round.
  orderPeriodEnds(scalarFields, results);
  return fields.map((f) => results.get(f.key)!);
}

/** The one field asking for the issuer that nothing else read takes the letterhead's name. */
function readLetterhead(
  fields: readonly ScalarFieldDefinition[],
  results: Map<string, ExtractedField>,
  lines: readonly TextLine[],
  used: ReadonlySet<string>,
  documentId: string | undefined,
): void {
  const issuers = fields.filter(asksForIssuer);
  if (issuers.length !== 1) return;
  const [field] = issuers;
  if (results.get(field.key)?.value !== null) return;
  const line = letterheadLine(lines, used);
  if (line) results.set(field.key, fromLetterhead(field, line, documentId));
}

/**
 * Item-level fields: read from every document, the most confident reading wins. The field has
 * no documentId; its grounding still names the document it was read from.
 */
export function extractItemFields(
  documents: readonly DocumentPages[],
  schema: FieldSchema,
  options: ExtractionOptions = {},
): ExtractedField[] {
  const fields = schema.fields.filter((f) => f.scope === 'item');
  const best = new Map<string, ExtractedField>();
  for (const document of documents) {
    for (const field of extractFromPages(document, fields, options)) {
      const current = best.get(field.key);
      if (!current || field.confidence > current.confidence) best.set(field.key, field);
    }
  }
  return fields.map((f) => {
    const found = best.get(f.key);
    if (!found) return notFound(f, undefined);
    const { documentId: _documentId, ...itemLevel } = found;
    return itemLevel;
  });
}
