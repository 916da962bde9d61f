import {
  analysePages,
  type LayoutMemory,
  learnLayout,
  matchingMemory,
  type NaiveBayesModel,
  type ReviewedTable,
  type ReviewedValue,
  type TextPage,
  unionBox,
} from '@docket/document-intelligence';

import { renderDigitalPdf } from '../digital-pdf.renderer';
import {
  type DocumentEvaluation,
  evaluateDocument,
  type Medium,
  type Recognition,
} from '../document.evaluator';
import type { ExtractionSetup } from '../extraction-setup';
import { SCHEMAS } from '../insurance-node.config';
import { HARSH_SCAN_OPTIONS, renderScannedPdf } from '../scanned-pdf.renderer';
import { SeededRandom } from '../seeded-random';
import { generateDocuments } from '../synthetic-document.generator';
import type { GeneratedDocument } from '../synthetic-document.types';
import type { TextMeasurer } from '../text-measurer';
import type { TruthBox } from '../truth-box.types';
import { generateFamilies } from './family.generator';

export interface FamilyRunOptions {
  readonly familiesPerType: number;
  readonly docsPerFamily: number;
  /** Scanned documents per family (one-page ones); the first one teaches the scan memory. */
  readonly scansPerFamily: number;
  /** Only the first N families of each type are scanned (OCR is most of the run time). */
  readonly scannedFamiliesPerType: number;
  /** Also scan those documents with the harsher profile (the `harsh-scan` medium). */
  readonly harshScans: boolean;
  readonly seed: number;
}

export interface FamilyRunContext {
  readonly measure: TextMeasurer;
  readonly model: NaiveBayesModel;
  readonly setup: ExtractionSetup;
  readonly read: (pdf: Uint8Array) => Promise<readonly TextPage[]>;
  readonly log: (message: string) => void;
}

/** A document as the engine sees it in one medium. */
interface Read {
  readonly doc: GeneratedDocument;
  readonly medium: Medium;
  readonly pages: readonly TextPage[];
  readonly truthBoxes: ReadonlyMap<string, TruthBox>;
  readonly textMs: number;
  /** The family's reviewed document: teaches the memory, is not scored one-shot. */
  readonly teaches: boolean;
}

/** What a reviewer confirms on the teaching document: every printed field with its box. */
function reviewedValues(read: Read): ReviewedValue[] {
  const textFields = new Set(
    SCHEMAS[read.doc.type].fields.filter((f) => f.type === 'string').map((f) => f.key),
  );
  return Object.entries(read.doc.truth.fields).flatMap(([key, value]) => {
    const box = read.truthBoxes.get(`field:${key}`);
    if (value === null || !box) return [];
    // What the reviewer confirms of a text field is its value, as the learning request sends it.
    const text = textFields.has(key) && typeof value === 'string' ? { text: value } : {};
    return [{ key, pageNumber: box.page, box: box.box, ...text }];
  });
}

/** The fields a reviewer submits empty: the teaching document does not print them. */
function confirmedEmpty(read: Read): string[] {
  return Object.entries(read.doc.truth.fields).flatMap(([key, value]) =>
    value === null ? [key] : [],
  );
}

/**
 * What a reviewer confirms of each table on the teaching document: every printed row, cell by
 * cell (the review's table as corrected, with each cell's place).
 */
function reviewedTables(read: Read): ReviewedTable[] {
  return Object.entries(read.doc.truth.tables).map(([key, rows]) => ({
    key,
    rows: rows.flatMap((row, index) => {
      const cells = Object.keys(row).flatMap((column) => {
        const box = read.truthBoxes.get(`cell:${key}:${index}:${column}`);
        return box ? [{ column, ...box }] : [];
      });
      if (cells.length === 0) return [];
      const pageNumber = cells[0].page;
      const onPage = cells.filter((c) => c.page === pageNumber);
      return [
        {
          pageNumber,
          box: unionBox(onPage.map((c) => c.box))!,
          cells: onPage.map((c) => ({ column: c.column, box: c.box })),
        },
      ];
    }),
  }));
}

async function timedRead(
  context: FamilyRunContext,
  pdf: Uint8Array,
): Promise<{ pages: readonly TextPage[]; ms: number }> {
  const started = process.hrtime.bigint();
  const pages = await context.read(pdf);
  return { pages, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

/** Renders and reads every family's documents; the teaching document is a one-page one. */
async function readFamily(
  docs: readonly GeneratedDocument[],
  scans: number,
  options: FamilyRunOptions,
  context: FamilyRunContext,
): Promise<Read[]> {
  const ordered = [...docs].sort((a, b) => a.pages.length - b.pages.length);
  const reads: Read[] = [];
  for (const [index, doc] of ordered.entries()) {
    const digital = await renderDigitalPdf(doc.pages, context.measure);
    const text = await timedRead(context, digital.pdf);
    const teaches = index === 0;
    reads.push({
      doc,
      medium: 'digital',
      pages: text.pages,
      truthBoxes: digital.truthBoxes,
      textMs: text.ms,
      teaches,
    });
    const fillable = await renderDigitalPdf(doc.pages, context.measure, {
      answersInFormFields: true,
    });
    const filled = await timedRead(context, fillable.pdf);
    reads.push({
      doc,
      medium: 'fillable',
      pages: filled.pages,
      truthBoxes: fillable.truthBoxes,
      textMs: filled.ms,
      teaches,
    });
    if (index >= scans || doc.pages.length > 1) continue;
    const scan = await renderScannedPdf(
      doc.pages,
      new SeededRandom(options.seed + index * 977 + doc.id.length),
    );
    const ocr = await timedRead(context, scan.pdf);
    reads.push({
      doc,
      medium: 'scan',
      pages: ocr.pages,
      truthBoxes: scan.truthBoxes,
      textMs: ocr.ms,
      teaches,
    });
    context.log(`  scan ${doc.id}: ${(ocr.ms / 1000).toFixed(1)} s OCR`);
    if (!options.harshScans) continue;
    const harsh = await renderScannedPdf(
      doc.pages,
      new SeededRandom(options.seed + index * 983 + doc.id.length),
      HARSH_SCAN_OPTIONS,
    );
    const harshOcr = await timedRead(context, harsh.pdf);
    reads.push({
      doc,
      medium: 'harsh-scan',
      pages: harshOcr.pages,
      truthBoxes: harsh.truthBoxes,
      textMs: harshOcr.ms,
      teaches,
    });
    context.log(`  harsh scan ${doc.id}: ${(harshOcr.ms / 1000).toFixed(1)} s OCR`);
  }
  return reads;
}

/** A memory with the layout and medium of the document that taught it (the bench's, not the engine's). */
interface TaughtMemory {
  readonly layoutId: string;
  readonly medium: Medium;
  readonly memory: LayoutMemory;
}

/** Which layout the engine took a document for, among the memories it was given. */
function recognition(read: Read, pool: readonly TaughtMemory[]): Recognition {
  const matched = matchingMemory(
    analysePages(read.pages),
    pool.map((taught) => taught.memory),
  );
  const taught = pool.find((t) => t.memory === matched);
  return !taught ? 'none' : taught.layoutId === read.doc.layoutId ? 'own' : 'other';
}

/**
 * Zero-shot: every document with the configuration alone. One-shot: each family's teaching
 * document (in each medium separately) becomes a layout memory through the engine's public
 * learnLayout, given what a reviewer confirms: every field's place and every table cell's. A
 * family's other documents are scored with the memories learned in their own medium from every
 * family (a scan with what scans taught: scan-to-scan learning), as a project holding them would
 * extract; whether the engine took each for its own layout is recorded, and also against the
 * memories of every medium (a false match there is a layout taken for another).
 */
export async function evaluateFamilies(
  options: FamilyRunOptions,
  context: FamilyRunContext,
): Promise<DocumentEvaluation[]> {
  const layouts = generateFamilies(options.familiesPerType, options.seed);
  const docs = generateDocuments(
    { set: 'generated', perLayout: options.docsPerFamily, longShare: 0.25, seed: options.seed },
    context.measure,
    layouts,
  );
  const reads: Read[] = [];
  for (const [index, layout] of layouts.entries()) {
    const scanned = index % options.familiesPerType < options.scannedFamiliesPerType;
    reads.push(
      ...(await readFamily(
        docs.filter((d) => d.layoutId === layout.id),
        scanned ? options.scansPerFamily : 0,
        options,
        context,
      )),
    );
    context.log(`  family ${layout.id} read`);
  }
  const taught: TaughtMemory[] = reads.flatMap((read) => {
    const memory = read.teaches
      ? learnLayout(
          analysePages(read.pages),
          reviewedValues(read),
          reviewedTables(read),
          confirmedEmpty(read),
        )
      : null;
    return memory ? [{ layoutId: read.doc.layoutId, medium: read.medium, memory }] : [];
  });
  context.log(`learned ${taught.length} layout memories`);
  const evaluations: DocumentEvaluation[] = [];
  for (const read of reads) {
    const evaluate = (memories: readonly LayoutMemory[]): Promise<DocumentEvaluation> =>
      evaluateDocument(
        read.doc,
        read.medium,
        read.pages,
        read.truthBoxes,
        context.model,
        read.textMs,
        context.setup,
        memories,
      );
    evaluations.push(await evaluate([]));
    if (read.teaches) continue;
    const pool = taught.filter((t) => t.medium === read.medium);
    const oneShot = await evaluate(pool.map((t) => t.memory));
    evaluations.push({
      ...oneShot,
      recognition: recognition(read, pool),
      recognitionAmongAll: recognition(read, taught),
    });
  }
  return evaluations;
}
