import {
  type AiClassEvidenceRecord,
  type AiExtractedFieldRecord,
  type AiExtractedRowRecord,
  type AiGroundingRecord,
  pageBoxFromCorners,
} from '@docket/contracts';
import type {
  ExtractedRow,
  Grounding,
  RuleEvidence,
  ValidatedField,
} from '@docket/document-intelligence';

/*
 * Engine results in the wire shape of the AI preview contracts: boxes as {x, y, width, height}
 * (like an item field's grounding), numbers rounded, JSON-safe values.
 */

export function groundingRecord(grounding: Grounding | undefined): AiGroundingRecord | null {
  if (!grounding) return null;
  return {
    documentId: grounding.documentId ?? null,
    page: grounding.page,
    box: pageBoxFromCorners(grounding.box),
    words: grounding.words.map((word) => ({
      text: word.text,
      box: pageBoxFromCorners(word.box),
      confidence: round(word.confidence),
    })),
  };
}

export function evidenceRecord(evidence: RuleEvidence): AiClassEvidenceRecord {
  return {
    label: evidence.label,
    term: evidence.term,
    page: evidence.pageNumber,
    box: evidence.box ? pageBoxFromCorners(evidence.box) : null,
    weight: evidence.weight,
  };
}

export function fieldRecord(field: ValidatedField): AiExtractedFieldRecord {
  return {
    key: field.key,
    type: field.type,
    value: jsonValue(field.value),
    confidence: round(field.confidence),
    documentId: field.documentId ?? null,
    grounding: groundingRecord(field.grounding),
    flagged: field.flagged,
    flagReasons: [...field.flagReasons],
    source: field.source ?? 'not-found',
    ...(field.rows ? { rows: field.rows.map(rowRecord) } : {}),
  };
}

function rowRecord(row: ExtractedRow): AiExtractedRowRecord {
  return {
    confidence: round(row.confidence),
    cells: Object.fromEntries(
      Object.entries(row.cells).map(([key, cell]) => [
        key,
        {
          value: jsonValue(cell.value),
          confidence: round(cell.confidence),
          grounding: groundingRecord(cell.grounding),
        },
      ]),
    ),
  };
}

function jsonValue(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

export function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
