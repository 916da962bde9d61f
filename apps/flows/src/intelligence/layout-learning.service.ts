import {
  cornersFromPageBox,
  DirectoryAccess,
  ForgottenLayoutMemoriesResult,
  LAYOUT_FIELD_TYPES,
  LayoutMemoriesResult,
  LayoutMemoryRecord,
  LearnedFieldInput,
  LearnedTableInput,
  LearnLayoutRequest,
  LearnLayoutResult,
  pageBoxFromCorners,
} from '@docket/contracts';
import {
  type AnalysedPage,
  analysePages,
  bestMemoryMatch,
  type LayoutMemory,
  learnLayout,
  type ReviewedTable,
  reviewedTableOf,
  type ReviewedValue,
  reviewedValueOf,
  type ScalarFieldDefinition,
  type TextPage,
} from '@docket/document-intelligence';
import type { Actor } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { LayoutMemoryRepository } from '../database/layout-memory.repository';
import { FileTextSource } from './file-text.source';

const PLACEABLE_TYPES: ReadonlySet<string> = new Set(LAYOUT_FIELD_TYPES);

/**
 * One-shot layout learning: a reviewed document teaches its project where each confirmed or
 * corrected value sits relative to its caption, per layout; the extract node and the preview
 * read a document of a remembered layout from there first (ExtractionOptions.layoutMemories).
 */
@Injectable()
export class LayoutLearningService {
  constructor(
    private readonly directory: DirectoryAccess,
    private readonly text: FileTextSource,
    private readonly memories: LayoutMemoryRepository,
  ) {}

  async learn(actor: Actor, request: LearnLayoutRequest): Promise<LearnLayoutResult> {
    const project = await this.directory.project(actor, request.projectId);
    const { documents } = await this.text.read(
      actor,
      project.workspaceId,
      request.fileId,
      request.documentId,
    );
    const pages = documents.flatMap((document) => document.pages);
    return this.learnFromPages(
      actor.organizationId,
      project.projectId,
      pages,
      request.fields,
      request.idempotencyKey,
      request.tables,
    );
  }

  /**
   * Teaches the layout of these pages where the fields are (a field without a box where its
   * value is printed) and how its tables are printed (rows found by their values), once per
   * key. The caller has checked the project is the actor's.
   */
  async learnFromPages(
    organizationId: string,
    projectId: string,
    pages: readonly TextPage[],
    fields: readonly LearnedFieldInput[],
    idempotencyKey: string,
    tables: readonly LearnedTableInput[] = [],
  ): Promise<LearnLayoutResult> {
    const analysed = analysePages(pages);
    const reviewed = fields
      .map((field) => placed(analysed, field))
      .filter((value): value is ReviewedValue => value !== null);
    const reviewedTables = tables
      .map((table) => reviewedTableOf(analysed, table.key, table.rows))
      .filter((table): table is ReviewedTable => table !== null);
    const confirmedEmpty = fields
      .filter((field) => field.value === null && PLACEABLE_TYPES.has(field.type))
      .map((field) => field.key);
    const answered = fields.filter((field) => field.value !== null).map((field) => field.key);
    // A layout is recognised by where reviewed values stand: emptiness alone teaches no layout.
    if (reviewed.length === 0 && reviewedTables.length === 0) {
      return { learned: false, fields: 0, version: 0 };
    }
    const outcome = await this.memories.learnOnce(
      organizationId,
      projectId,
      idempotencyKey,
      (known) => merged(analysed, { reviewed, reviewedTables, confirmedEmpty, answered }, known),
    );
    return { learned: outcome.version > 0, fields: outcome.fields, version: outcome.version };
  }

  /** The project's memories, most recently taught first (the engine picks the best match). */
  list(actor: Actor, projectId: string): Promise<LayoutMemoryRecord[]> {
    return this.memories.list(actor.organizationId, projectId);
  }

  /** What the project remembers, in the public box format, for an Admin of the project. */
  async view(actor: Actor, projectId: string): Promise<LayoutMemoriesResult> {
    const project = await this.directory.project(actor, projectId);
    const memories = await this.memories.summaries(actor.organizationId, project.projectId);
    return {
      data: memories.map((memory) => ({
        layoutMemoryId: memory.id,
        version: memory.version,
        updatedAt: memory.updatedAt.toISOString(),
        fields: memory.fields.map((field) => ({
          key: field.key,
          page: field.pageNumber,
          anchorText: field.anchorText,
          anchorBox: pageBoxFromCorners(field.anchorBox),
        })),
      })),
    };
  }

  /** Forgets the project's layouts: its documents are read by their captions again. */
  async forget(actor: Actor, projectId: string): Promise<ForgottenLayoutMemoriesResult> {
    const project = await this.directory.project(actor, projectId);
    return { deleted: await this.memories.forget(actor.organizationId, project.projectId) };
  }
}

function placed(pages: readonly AnalysedPage[], field: LearnedFieldInput): ReviewedValue | null {
  if (!PLACEABLE_TYPES.has(field.type) || field.value === null) return null;
  const type = field.type === 'enum' ? 'string' : field.type;
  const definition = { key: field.key, type } as ScalarFieldDefinition;
  const given =
    field.page !== undefined && field.box !== undefined
      ? { pageNumber: field.page, box: cornersFromPageBox(field.box) }
      : undefined;
  const reviewed = reviewedValueOf(pages, definition, field.value, given);
  // An enum's value is one of its options, not what the page prints: its form is the page's.
  if (reviewed && field.type === 'enum')
    return { key: reviewed.key, pageNumber: reviewed.pageNumber, box: reviewed.box };
  return reviewed;
}

interface Review {
  readonly reviewed: readonly ReviewedValue[];
  readonly reviewedTables: readonly ReviewedTable[];
  /** Fields the reviewer submitted empty. */
  readonly confirmedEmpty: readonly string[];
  /** Fields the reviewer submitted with a value, placed on the page or not. */
  readonly answered: readonly string[];
}

/**
 * The layout's memory after this review: a layout seen before keeps what it knew of other
 * fields and tables and takes this review's for these; a new layout starts its own memory.
 * A field some review placed, or this review answered, is not taken for one the layout leaves
 * blank.
 */
function merged(
  pages: readonly AnalysedPage[],
  { reviewed, reviewedTables, confirmedEmpty, answered }: Review,
  known: ReadonlyArray<LayoutMemory & { id: string }>,
): { id: string | null; memory: LayoutMemory } | null {
  const fresh = learnLayout(pages, reviewed, reviewedTables, confirmedEmpty);
  if (!fresh) return null;
  // A layout known only from its printed words (a fax-like scan whose captions OCR garbled) is
  // not merged into: its fingerprint would replace the clearer one the memory was taught by.
  const match = bestMemoryMatch(pages, known);
  const same = match && !match.fromPrintedWords ? match.memory : null;
  if (!same) return { id: null, memory: fresh };
  const taught = new Set(fresh.fields.map((field) => field.key));
  const taughtTables = new Set((fresh.tables ?? []).map((table) => table.key));
  const fields = [...same.fields.filter((field) => !taught.has(field.key)), ...fresh.fields];
  const placedKeys = new Set([...fields.map((field) => field.key), ...answered]);
  const emptyFields = [...new Set([...(same.emptyFields ?? []), ...(fresh.emptyFields ?? [])])];
  return {
    id: same.id,
    memory: {
      fingerprint: fresh.fingerprint,
      fields,
      tables: [
        ...(same.tables ?? []).filter((table) => !taughtTables.has(table.key)),
        ...(fresh.tables ?? []),
      ],
      emptyFields: emptyFields.filter((key) => !placedKeys.has(key)),
    },
  };
}
