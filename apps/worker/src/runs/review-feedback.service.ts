import { AI_CLASS_LABEL_PATTERN, AiFeedbackV1, ReviewedField } from '@docket/contracts';
import { createLogger, RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { systemActor } from '../services/system-actor';
import type { NodeExecution, RunDocument } from '../workflows/flow-activities.types';

const logger = createLogger('review-feedback');

/**
 * The reviewed field that corrects a document's class: key `documentClass`, the documentId of
 * the document, and the class label as its string value.
 */
export const DOCUMENT_CLASS_FIELD_KEY = 'documentClass';

export interface ClassFeedbackRecord {
  documentId: string;
  label: string;
  /** `corrected`: the reviewer's documentClass field; `confirmed`: the classifier's label. */
  source: 'corrected' | 'confirmed';
  status: 'applied' | 'failed';
  modelVersion?: number;
  error?: string;
}

/**
 * After a review, every classified document of the run teaches the project's classifier: the
 * reviewer's class where they corrected it, else the classifier's as a confirmation. Keys make
 * a retried activity train once; a failure is logged and reported, never fails the run.
 */
@Injectable()
export class ReviewFeedbackService {
  constructor(private readonly rpc: RpcClient) {}

  async teach(execution: NodeExecution, fields: readonly ReviewedField[]) {
    const { run, data } = execution;
    const records: ClassFeedbackRecord[] = [];
    for (const document of data.documents) {
      if (!document.category) continue;
      const correction = correctedClass(fields, document.documentId);
      const label = correction ?? document.category;
      const source = correction ? 'corrected' : 'confirmed';
      try {
        const result = await this.rpc.call(
          AiFeedbackV1,
          {
            projectId: run.projectId,
            ...fileOf(document),
            label,
            idempotencyKey: `${run.executionId}:${document.documentId}:feedback`,
          },
          systemActor(run.organizationId),
        );
        records.push({
          documentId: document.documentId,
          label,
          source,
          status: 'applied',
          modelVersion: result.modelVersion,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.warn(
          { executionId: run.executionId, documentId: document.documentId, error: message },
          'classifier feedback failed; the run goes on',
        );
        records.push({
          documentId: document.documentId,
          label,
          source,
          status: 'failed',
          error: message,
        });
      }
    }
    return records;
  }
}

/** The reviewer's class for the document, when a valid documentClass field names one. */
export function correctedClass(
  fields: readonly ReviewedField[],
  documentId: string,
): string | null {
  const field = fields.find(
    (f) => f.key === DOCUMENT_CLASS_FIELD_KEY && f.documentId === documentId,
  );
  const value = typeof field?.value === 'string' ? field.value.trim() : '';
  return AI_CLASS_LABEL_PATTERN.test(value) ? value : null;
}

/** An unsplit file is its own single document (documentId = fileId), not one of its documents. */
export function fileOf(document: RunDocument): { fileId: string; documentId?: string } {
  return document.documentId === document.fileId
    ? { fileId: document.fileId }
    : { fileId: document.fileId, documentId: document.documentId };
}
