import type {
  ExtractedCell,
  ExtractedField,
  ExtractedRow,
  ScalarValue,
} from '../schema/extraction-result.types';
import type {
  FieldDefinition,
  FieldSchema,
  ScalarFieldDefinition,
} from '../schema/field-schema.types';
import { groupLines, type TextLine } from '../text-layer/line-grouper';
import type { DocumentPages } from '../text-layer/text-layer.types';
import { groundingOf, meanConfidence } from '../values/word-span';
import { renderDocumentText } from './document-text.renderer';
import { buildFieldJsonSchema } from './field-json-schema.builder';
import { HostedModelException, HostedModelExceptionCode } from './hosted-model.exception';
import type { HostedModelProvider } from './hosted-model.provider';
import { coerceHostedValue } from './hosted-value.coercer';
import { locateValue } from './value-grounder';

/** A grounded answer is trusted a little less than a clean layout read of the same words. */
const GROUNDED_FACTOR = 0.9;
/** An answer not found in the document is kept for the reviewer, but marked as doubtful. */
const UNGROUNDED_CONFIDENCE = 0.3;
export const NOT_GROUNDED_NOTE = 'value not grounded in the document';

export interface HostedExtractionOptions {
  readonly signal?: AbortSignal;
  readonly maxInputCharacters?: number;
  /** Extra instructions from the node configuration (domain hints). */
  readonly instructions?: string;
}

const BASE_INSTRUCTIONS = [
  'You extract data from insurance documents.',
  'Answer only from the document text; use null when a value is not present.',
  'Copy strings exactly as printed. Dates as YYYY-MM-DD. Amounts as numbers without separators.',
].join(' ');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function scalarField(
  field: ScalarFieldDefinition,
  raw: unknown,
  lines: readonly TextLine[],
  documentId: string | undefined,
): ExtractedField {
  const base = {
    key: field.key,
    type: field.type,
    ...(documentId === undefined ? {} : { documentId }),
  };
  const value = coerceHostedValue(raw, field);
  if (value === undefined)
    return {
      ...base,
      value: null,
      confidence: 0,
      source: 'hosted',
      notes: ['hosted value is not of the field type'],
    };
  if (value === null)
    return { ...base, value: null, confidence: 0, source: 'not-found', notes: ['value not found'] };
  const located = locateValue(value, field, lines);
  if (!located)
    return {
      ...base,
      value,
      confidence: UNGROUNDED_CONFIDENCE,
      source: 'hosted',
      notes: [NOT_GROUNDED_NOTE],
    };
  return {
    ...base,
    value,
    text: located.words.map((w) => w.text).join(' '),
    confidence: GROUNDED_FACTOR * located.quality * meanConfidence(located.words),
    grounding: groundingOf(located.words, documentId),
    source: 'hosted',
    notes: located.quality < 1 ? ['grounded by fuzzy text match'] : [],
  };
}

function cellOf(
  field: ScalarFieldDefinition,
  raw: unknown,
  lines: readonly TextLine[],
  documentId: string | undefined,
): ExtractedCell {
  const extracted = scalarField(field, raw, lines, documentId);
  return {
    value: extracted.value as ScalarValue | null,
    text: extracted.text ?? '',
    confidence: extracted.confidence,
    ...(extracted.grounding === undefined ? {} : { grounding: extracted.grounding }),
  };
}

function toField(
  field: FieldDefinition,
  raw: unknown,
  lines: readonly TextLine[],
  documentId: string | undefined,
): ExtractedField {
  const fieldDocumentId = field.scope === 'item' ? undefined : documentId;
  if (field.type === 'table') {
    if (!Array.isArray(raw))
      return {
        key: field.key,
        type: 'table',
        value: null,
        confidence: 0,
        source: 'not-found',
        notes: ['value not found'],
      };
    const rows: ExtractedRow[] = raw.filter(isRecord).map((row) => {
      const cells = Object.fromEntries(
        field.columns.map((c) => [c.key, cellOf(c, row[c.key], lines, documentId)]),
      );
      const present = Object.values(cells).filter((c) => c.value !== null);
      const confidence =
        present.length === 0 ? 0 : present.reduce((s, c) => s + c.confidence, 0) / present.length;
      return { cells, confidence };
    });
    const confidence =
      rows.length === 0 ? 0 : rows.reduce((s, r) => s + r.confidence, 0) / rows.length;
    const ungrounded = rows.some((r) =>
      Object.values(r.cells).some((c) => c.value !== null && !c.grounding),
    );
    return {
      key: field.key,
      type: 'table',
      value: rows.map((r) =>
        Object.fromEntries(Object.entries(r.cells).map(([k, c]) => [k, c.value])),
      ),
      confidence,
      ...(fieldDocumentId === undefined ? {} : { documentId: fieldDocumentId }),
      source: 'hosted',
      rows,
      notes: ungrounded ? [`${NOT_GROUNDED_NOTE} (some cells)`] : [],
    };
  }
  if (field.type === 'object') {
    const record = isRecord(raw) ? raw : {};
    const properties = field.fields.map((f) => scalarField(f, record[f.key], lines, documentId));
    const present = properties.filter((p) => p.value !== null);
    const words = present.flatMap((p) => p.grounding?.words ?? []);
    return {
      key: field.key,
      type: 'object',
      value:
        present.length === 0
          ? null
          : Object.fromEntries(properties.map((p) => [p.key, p.value as ScalarValue | null])),
      confidence: present.length === 0 ? 0 : Math.min(...present.map((p) => p.confidence)),
      ...(fieldDocumentId === undefined ? {} : { documentId: fieldDocumentId }),
      ...(present[0]?.grounding === undefined
        ? {}
        : { grounding: { ...present[0].grounding, words } }),
      source: 'hosted',
      properties,
      notes: present.some((p) => p.notes.includes(NOT_GROUNDED_NOTE))
        ? [`${NOT_GROUNDED_NOTE} (some properties)`]
        : [],
    };
  }
  const extracted = scalarField(field, raw, lines, documentId);
  if (fieldDocumentId === undefined) {
    const { documentId: _omitted, ...itemLevel } = extracted;
    return itemLevel;
  }
  return extracted;
}

/**
 * Extracts a schema with a hosted model and grounds every answer in the word layer. Provider
 * failures surface as `HostedModelException`; an answer of the wrong shape as one with code
 * INVALID_RESPONSE.
 */
export async function extractWithProvider(
  provider: HostedModelProvider,
  document: DocumentPages,
  schema: FieldSchema,
  options: HostedExtractionOptions = {},
): Promise<ExtractedField[]> {
  const completion = await provider.completeStructured(
    {
      purpose: 'extract',
      instructions: options.instructions
        ? `${BASE_INSTRUCTIONS}\n${options.instructions}`
        : BASE_INSTRUCTIONS,
      input: renderDocumentText(document.pages, options.maxInputCharacters),
      schemaName: 'extracted_fields',
      schema: buildFieldJsonSchema(schema),
    },
    { signal: options.signal },
  );
  if (!isRecord(completion.value)) {
    throw new HostedModelException(
      'Model answer is not an object of fields',
      HostedModelExceptionCode.INVALID_RESPONSE,
    );
  }
  const answer = completion.value;
  const lines = document.pages.flatMap((page) => groupLines(page));
  return schema.fields.map((field) =>
    toField(field, answer[field.key], lines, document.documentId),
  );
}
