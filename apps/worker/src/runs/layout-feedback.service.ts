import {
  LearnedFieldInput,
  LearnedTableInput,
  LearnLayoutV1,
  ReviewedField,
} from '@docket/contracts';
import { createLogger, RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { systemActor } from '../services/system-actor';
import type { NodeExecution } from '../workflows/flow-activities.types';
import { fileOf } from './review-feedback.service';

const logger = createLogger('layout-feedback');

export interface LayoutFeedbackRecord {
  documentId: string;
  status: 'learned' | 'nothing-placed' | 'failed';
  fields?: number;
  version?: number;
  error?: string;
}

/**
 * After a review, each document teaches the project where its layout holds the reviewed fields
 * (one-shot layout learning): confirmed fields where extraction grounded them, corrected ones
 * where their new value is printed, and tables as submitted, row by row (flows finds where each
 * row is printed, and learns the columns' places and headers). Keys make a retried activity teach once; a failure is
 * logged and reported, never fails the run.
 */
@Injectable()
export class LayoutFeedbackService {
  constructor(private readonly rpc: RpcClient) {}

  async teach(
    execution: NodeExecution,
    fields: readonly ReviewedField[],
  ): Promise<LayoutFeedbackRecord[]> {
    const { run, data } = execution;
    const records: LayoutFeedbackRecord[] = [];
    for (const document of data.documents) {
      const own = fields.filter((field) => field.documentId === document.documentId);
      const inputs = own
        .map(learnedField)
        .filter((input): input is LearnedFieldInput => input !== null);
      const tables = own
        .map(learnedTable)
        .filter((input): input is LearnedTableInput => input !== null);
      // Fields submitted empty teach only beside a value or a table that places the layout.
      if (!inputs.some((input) => input.value !== null) && tables.length === 0) continue;
      try {
        const result = await this.rpc.call(
          LearnLayoutV1,
          {
            projectId: run.projectId,
            ...fileOf(document),
            fields: inputs,
            ...(tables.length === 0 ? {} : { tables }),
            idempotencyKey: `${run.executionId}:${document.documentId}:layout`,
          },
          systemActor(run.organizationId),
        );
        records.push({
          documentId: document.documentId,
          status: result.learned ? 'learned' : 'nothing-placed',
          fields: result.fields,
          version: result.version,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.warn(
          { executionId: run.executionId, documentId: document.documentId, error: message },
          'layout feedback failed; the run goes on',
        );
        records.push({ documentId: document.documentId, status: 'failed', error: message });
      }
    }
    return records;
  }
}

/** Fields with rows or sub-fields: what they teach is not one value at one place. */
const COMPOUND_TYPES: ReadonlySet<string> = new Set(['table', 'object']);

/**
 * A scalar the reviewer left with a value; its box when it is where that value is (a field the
 * reviewer did not change, or an edit that said where its value is). A scalar submitted empty is
 * sent as null: the layout may leave it blank.
 */
function learnedField(field: ReviewedField): LearnedFieldInput | null {
  const value = field.value;
  if (COMPOUND_TYPES.has(field.type) || Array.isArray(value)) return null;
  if (value === null || value === '') return { key: field.key, type: field.type, value: null };
  if (typeof value === 'object' && !('amount' in value)) return null;
  const input: LearnedFieldInput = { key: field.key, type: field.type, value };
  if (field.grounding && (!field.editedInReview || field.grounding.placedByReviewer)) {
    input.page = field.grounding.page;
    input.box = field.grounding.box;
  }
  return input;
}

/** A table the reviewer left with rows: each row as submitted, column key to value. */
function learnedTable(field: ReviewedField): LearnedTableInput | null {
  if (field.type !== 'table' || !Array.isArray(field.value)) return null;
  const rows = field.value.flatMap((row) =>
    row !== null && typeof row === 'object' && !Array.isArray(row)
      ? [row as Record<string, unknown>]
      : [],
  );
  return rows.length === 0 ? null : { key: field.key, rows };
}
