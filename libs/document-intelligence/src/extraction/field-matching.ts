import type { AnalysedDocument } from '../layout/analysed-document';
import type { LinkerRanking } from '../linker/linker';
import { applyLayoutMemory, type LayoutMemory } from '../memory/layout-memory';
import type { ExtractedField } from '../schema/extraction-result.types';
import type {
  FieldDefinition,
  ObjectFieldDefinition,
  ScalarFieldDefinition,
} from '../schema/field-schema.types';
import type { TextLine } from '../text-layer/line-grouper';
import { wordKey } from '../values/word-span';
import { fieldPhrases } from '../vocabulary/label-vocabulary';
import { captionWords } from './caption-guard';
import { notFound, objectResult, toField } from './field-results';
import { findLabelMatches } from './label-matcher';
import { linePairs, matchFieldsToPairs } from './pair-matcher';
import { type Candidate, type CandidateContext, scalarCandidates } from './scalar-candidates';

/** What the matching stage settled: a reading for every scalar and object field. */
export interface FieldMatches {
  readonly fields: ReadonlyMap<string, ExtractedField>;
  /** The top-level scalar fields (no table, no object). */
  readonly scalars: readonly ScalarFieldDefinition[];
  /** The scalar fields matched here rather than read from layout memory. */
  readonly matched: readonly ScalarFieldDefinition[];
  /** Words some reading holds, the tables' included. */
  readonly usedWords: ReadonlySet<string>;
}

export interface MatchingInputs {
  readonly fuzzy: boolean;
  /** Words the tables took: no caption or value of a field. */
  readonly tableWords: ReadonlySet<string>;
  readonly memory: LayoutMemory | null;
  readonly ranking: LinkerRanking;
}

/**
 * The matching stage for scalar and object fields: objects inside their sections first, then
 * what layout memory remembers, then every other field by its captions and patterns (one reading
 * a field, no word shared), and the fields no caption names by meaning from the layout's pairs.
 */
export function matchFields(
  analysed: AnalysedDocument,
  fields: readonly FieldDefinition[],
  inputs: MatchingInputs,
): FieldMatches {
  const { lines, layouts, documentId } = analysed;
  const { fuzzy, memory } = inputs;
  const results = new Map<string, ExtractedField>();
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
    excluded: inputs.tableWords,
    unparsed: new Map(),
    ranking: inputs.ranking,
  };
  const used = new Set<string>(inputs.tableWords);

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
    linePairs(lines, layouts),
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
  return { fields: results, scalars: scalarFields, matched: toMatch, usedWords: used };
}

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
