import type {
  LayoutMemory,
  NaiveBayesModel,
  TextPage,
  ValidatedField,
} from '@docket/document-intelligence';
import { extractFields, prepareClassify, summariseWithConfig } from '@docket/nodes';

import type { ExtractionSetup } from './extraction-setup';
import { CLASSIFY_NODE, SCHEMAS } from './insurance-node.config';
import {
  addCounts,
  type CellError,
  type Counts,
  emptyCounts,
  type FieldOutcome,
  scoreFields,
  scoreTable,
} from './quality-metrics';
import type { DocumentType, GeneratedDocument } from './synthetic-document.types';
import type { TruthBox } from './truth-box.types';

/**
 * How the engine receives a document: a born-digital PDF, the same PDF as a fillable form whose
 * answers were typed into form fields, a scan of it, or a harsher scan (150 dpi,
 * heavy JPEG artefacts and noise, 1-3 degrees of skew; only with --harsh-scans).
 */
export const MEDIA = ['digital', 'fillable', 'scan', 'harsh-scan'] as const;
export type Medium = (typeof MEDIA)[number];
/** zero: the configuration alone; one: after one reviewed document of the layout. */
export type Shot = 'zero' | 'one';

/**
 * One-shot: the remembered layout the engine took the document for: its own family's, another
 * family's (a false match), or none (not recognised).
 */
export type Recognition = 'own' | 'other' | 'none';

export interface DocumentEvaluation {
  readonly documentId: string;
  readonly type: DocumentType;
  readonly layoutId: string;
  readonly set: GeneratedDocument['layoutSet'];
  readonly medium: Medium;
  readonly shot: Shot;
  readonly pages: number;
  readonly predictedType: string | null;
  readonly classConfidence: number;
  readonly fieldCounts: Counts;
  readonly fieldOutcomes: readonly FieldOutcome[];
  readonly cellCounts: Counts;
  readonly cellIous: readonly number[];
  /** Printed table cells (truth) and how many of them came back wrong or missing. */
  readonly truthCells: number;
  readonly wrongCells: number;
  readonly needsReview: boolean;
  /** Why the document was sent to review: each flagged field's key and reasons. */
  readonly flagReasons: readonly string[];
  /** Every table cell read wrong, missing or extra. */
  readonly cellErrors: readonly CellError[];
  /** Every field and every table cell right (nothing missing, nothing extra). */
  readonly fullyRight: boolean;
  readonly textLayerMs: number;
  readonly engineMs: number;
  readonly summary: string;
  /** One-shot: among the memories of the document's medium. */
  readonly recognition?: Recognition;
  /** One-shot: among the memories of every medium. */
  readonly recognitionAmongAll?: Recognition;
}

function isDocumentType(label: string | null): label is DocumentType {
  return label !== null && label in SCHEMAS;
}

/**
 * Runs the engine as the worker does, through the node recipes the worker runs (libs/nodes):
 * classify, extract with the predicted class's schema, validate, summarise. A wrong class
 * therefore costs the document's fields too.
 */
export async function evaluateDocument(
  document: GeneratedDocument,
  medium: Medium,
  pages: readonly TextPage[],
  truthBoxes: ReadonlyMap<string, TruthBox>,
  model: NaiveBayesModel | null,
  textLayerMs: number,
  setup: ExtractionSetup,
  memories: readonly LayoutMemory[] = [],
): Promise<DocumentEvaluation> {
  const started = process.hrtime.bigint();
  const classifier = await prepareClassify(CLASSIFY_NODE, () => Promise.resolve(model));
  const classification = await classifier.classify(pages);
  let validated: readonly ValidatedField[] = [];
  let needsReview = true;
  if (isDocumentType(classification.label)) {
    const validation = await extractFields([{ documentId: document.id, pages }], {
      schema: setup.schema(classification.label),
      validation: setup.validation(classification.label),
      layoutMemories: memories,
      linker: setup.linker,
      referenceLists: setup.referenceLists,
    });
    validated = validation.fields;
    needsReview = validation.needsReview;
  }
  const summary = await summariseWithConfig(
    { documents: [{ documentId: document.id, label: classification.label, fields: validated }] },
    {},
  );
  const engineMs = Number(process.hrtime.bigint() - started) / 1e6;

  const { counts: fieldCounts, outcomes } = scoreFields(
    document.truth.fields,
    validated,
    truthBoxes,
  );
  const cellCounts = emptyCounts();
  const cellIous: number[] = [];
  const cellErrors: CellError[] = [];
  for (const [tableKey, rows] of Object.entries(document.truth.tables)) {
    const predicted = validated.find((f) => f.key === tableKey);
    const scored = scoreTable(tableKey, rows, predicted?.rows ?? [], truthBoxes);
    addCounts(cellCounts, scored.counts);
    cellIous.push(...scored.ious);
    cellErrors.push(...scored.errors);
  }
  return {
    documentId: document.id,
    type: document.type,
    layoutId: document.layoutId,
    set: document.layoutSet,
    medium,
    shot: memories.length > 0 ? 'one' : 'zero',
    pages: pages.length,
    predictedType: classification.label,
    classConfidence: classification.confidence,
    fieldCounts,
    fieldOutcomes: outcomes,
    cellCounts,
    cellIous,
    truthCells: cellCounts.tp + cellCounts.fn,
    wrongCells: cellCounts.fn,
    needsReview,
    flagReasons: validated
      .filter((f) => f.flagged)
      .map((f) => `${f.key} [${f.source ?? '?'}]: ${f.flagReasons.join('; ')}`),
    cellErrors,
    fullyRight: outcomes.every((o) => o.correct) && cellCounts.fn === 0 && cellCounts.fp === 0,
    textLayerMs,
    engineMs,
    summary: `${summary.summary} ${summary.insight}`,
  };
}
