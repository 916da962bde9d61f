import { analyseDocument } from '../layout/analysed-document';
import { answerFeatures } from '../linker/answer-features';
import { DEFAULT_LINKER_RANKING, type LinkerRanking } from '../linker/linker';
import type { FeatureVector } from '../linker/logistic-model';
import {
  bestMemoryMatch,
  type LayoutMemory,
  withRecognitionDoubt,
  withRememberedEmptyPlaces,
  withReviewedCaptions,
} from '../memory/layout-memory';
import type { ExtractedField } from '../schema/extraction-result.types';
import type {
  FieldDefinition,
  FieldSchema,
  ScalarFieldDefinition,
  TableFieldDefinition,
} from '../schema/field-schema.types';
import type { PositionedWord } from '../text-layer/line-grouper';
import type { DocumentPages } from '../text-layer/text-layer.types';
import { captionWords } from './caption-guard';
import { settleAcrossFields } from './cross-field-rules';
import { matchFields } from './field-matching';
import { notFound } from './field-results';
import { withOverprintDoubts } from './overprint-doubts';
import { type CandidateContext, labelCandidates } from './scalar-candidates';
import { readTables } from './table-readings';
import { withVinsReadByShape } from './vin-by-shape';

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

/**
 * The engine's stages over one analysed document: the text layer read into lines and layout
 * once; tables read first; every other field matched to its captions, remembered place or
 * layout pair, its value parsed and its doubts said; then the rules across fields.
 */
function extractFromPages(
  document: DocumentPages,
  fields: readonly FieldDefinition[],
  options: ExtractionOptions,
): ExtractedField[] {
  // Text layer and layout: lines, pairs and tables of each page, read once.
  const analysed = analyseDocument(document);
  const fuzzy = options.fuzzyLabels ?? analysed.fromOcr;
  const recognised = bestMemoryMatch(analysed.pages, options.layoutMemories ?? []);
  const memory = recognised?.memory ?? null;
  // Tables first: their header cells ("Date", "Amount") would otherwise pass for field labels.
  const tables = readTables(analysed, fields, memory, fuzzy);
  // Candidates at captions and patterns, parsed as values, matched one to a field with doubts.
  const matches = matchFields(analysed, fields, {
    fuzzy,
    tableWords: tables.usedWords,
    memory,
    ranking: options.linker ?? DEFAULT_LINKER_RANKING,
  });
  // What the layout memory and the print say of the readings: doubts, remembered places.
  const remembered = withReviewedCaptions(
    withRememberedEmptyPlaces(
      withRecognitionDoubt(new Map([...tables.fields, ...matches.fields]), recognised),
      recognised,
      analysed.pages,
    ),
    recognised,
    analysed.pages,
  );
  const results = withOverprintDoubts(
    withVinsReadByShape(remembered, fields, analysed.pages),
    analysed.pages,
  );
  // Validation across fields: a printed sum, the letterhead, a period's two ends.
  settleAcrossFields(
    analysed,
    matches,
    results,
    fields.filter((f): f is TableFieldDefinition => f.type === 'table'),
  );
  return fields.map((f) => results.get(f.key)!);
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
