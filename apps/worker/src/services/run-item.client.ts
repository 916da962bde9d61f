import {
  AttachItemDocumentsV1,
  CreateItemForRunV1,
  FIELDS_PAGE_MAX,
  FIELDS_PAGE_SIZE_MAX,
  FieldWriteInput,
  ItemDocumentInput,
  ItemFieldRecord,
  ListItemFieldsV1,
  MoveItemStatusV1,
  ReviewRulesInput,
  RunItemStatus,
  SetItemSummaryV1,
  WriteItemFieldsV1,
} from '@docket/contracts';
import { createLogger, DocketException, RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import type { RunRef } from '../workflows/flow-activities.types';
import { systemActor } from './system-actor';

const logger = createLogger('run-item');

/**
 * The run's item through the items contracts. Every call carries an idempotency key derived
 * from the execution and the step, so an activity retried after a crash repeats nothing.
 */
@Injectable()
export class RunItemClient {
  constructor(private readonly rpc: RpcClient) {}

  async create(run: RunRef): Promise<string> {
    const item = await this.rpc.call(
      CreateItemForRunV1,
      {
        idempotencyKey: `${run.executionId}:create-item`,
        organizationId: run.organizationId,
        workspaceId: run.workspaceId,
        projectId: run.projectId,
        flowId: run.flowId,
        flowName: run.flowName,
        temporalWorkflowId: run.executionId,
        displayName: `${run.flowName} ${run.test ? '(test run)' : 'run'}`,
      },
      null,
    );
    return item.id;
  }

  async attachDocuments(run: RunRef, itemId: string, documents: ItemDocumentInput[], key: string) {
    if (documents.length === 0) return;
    await this.rpc.call(
      AttachItemDocumentsV1,
      { idempotencyKey: key, organizationId: run.organizationId, itemId, documents },
      null,
    );
  }

  async writeFields(
    run: RunRef,
    itemId: string,
    fields: FieldWriteInput[],
    key: string,
    rules?: ReviewRulesInput,
  ) {
    if (fields.length === 0) return;
    await this.rpc.call(
      WriteItemFieldsV1,
      { idempotencyKey: key, organizationId: run.organizationId, itemId, fields, rules },
      null,
    );
  }

  async setSummary(run: RunRef, itemId: string, summary: string, insight: string, key: string) {
    await this.rpc.call(
      SetItemSummaryV1,
      {
        idempotencyKey: key,
        organizationId: run.organizationId,
        itemId,
        summary: summary.slice(0, 20000),
        insight: insight.slice(0, 20000),
      },
      null,
    );
  }

  async move(
    run: RunRef,
    itemId: string,
    status: RunItemStatus,
    key: string,
    reviewInstructions?: string,
  ): Promise<void> {
    await this.rpc.call(
      MoveItemStatusV1,
      {
        idempotencyKey: key,
        organizationId: run.organizationId,
        itemId,
        status,
        reviewInstructions,
      },
      null,
    );
  }

  /** Every current field of the item (the items service pages them, 100 at most per page). */
  async fields(run: RunRef, itemId: string): Promise<ItemFieldRecord[]> {
    const all: ItemFieldRecord[] = [];
    for (let page = 1; page <= FIELDS_PAGE_MAX; page++) {
      const result = await this.rpc.call(
        ListItemFieldsV1,
        { itemId, projectId: run.projectId, page, limit: FIELDS_PAGE_SIZE_MAX },
        systemActor(run.organizationId),
      );
      all.push(...result.data);
      if (page >= result.totalPages) break;
    }
    return all;
  }

  /**
   * At the end of a run the item may already be terminal (a reviewer closed it): that is not
   * a reason to keep retrying the run's bookkeeping.
   */
  async moveIfAllowed(run: RunRef, itemId: string, status: RunItemStatus, key: string) {
    try {
      await this.move(run, itemId, status, key);
    } catch (error) {
      if (error instanceof DocketException && error.code === 'INVALID_STATE_TRANSITION') {
        logger.info({ itemId, status, reason: error.message }, 'item left as it is');
        return;
      }
      throw error;
    }
  }
}
