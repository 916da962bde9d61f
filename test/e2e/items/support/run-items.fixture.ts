import { randomUUID } from 'node:crypto';

import {
  AttachItemDocumentsV1,
  CreateItemForRunRequest,
  CreateItemForRunV1,
  FieldWriteInput,
  ItemDocumentInput,
  ItemRecord,
  MoveItemStatusV1,
  ReviewRulesInput,
  RunItemStatus,
  SetItemSummaryV1,
  WriteItemFieldsResult,
  WriteItemFieldsV1,
} from '@docket/contracts';
import { RpcClient } from '@docket/platform';
import { TEST_NATS_PREFIX } from '@docket/testing';

export interface ItemScope {
  organizationId: string;
  workspaceId: string;
  projectId: string;
}

/**
 * Seeds items exactly as a flow run does: through the items service's NATS run contracts with
 * the platform RpcClient (actor null, like the worker). No SQL, no shortcuts.
 */
export class RunItemsFixture {
  private constructor(private readonly rpc: RpcClient) {}

  static async connect(): Promise<RunItemsFixture> {
    // RpcClient prefixes subjects from the environment, as every Docket process does.
    process.env.DOCKET_NATS_PREFIX = TEST_NATS_PREFIX;
    const rpc = await RpcClient.connect(['nats://127.0.0.1:4222'], 30_000, 'items-e2e');
    return new RunItemsFixture(rpc);
  }

  get client(): RpcClient {
    return this.rpc;
  }

  create(
    scope: ItemScope,
    overrides: Partial<Omit<CreateItemForRunRequest, keyof ItemScope>> = {},
  ): Promise<ItemRecord> {
    return this.rpc.call(
      CreateItemForRunV1,
      {
        idempotencyKey: randomUUID(),
        organizationId: scope.organizationId,
        workspaceId: scope.workspaceId,
        projectId: scope.projectId,
        flowId: 'flow-default',
        flowName: 'Default Flow',
        temporalWorkflowId: `exec-${randomUUID()}`,
        displayName: 'Item',
        ...overrides,
      },
      null,
    );
  }

  attach(scope: ItemScope, itemId: string, documents: ItemDocumentInput[]): Promise<ItemRecord> {
    return this.rpc.call(
      AttachItemDocumentsV1,
      { idempotencyKey: randomUUID(), organizationId: scope.organizationId, itemId, documents },
      null,
    );
  }

  writeFields(
    scope: ItemScope,
    itemId: string,
    fields: FieldWriteInput[],
    idempotencyKey: string = randomUUID(),
    rules?: ReviewRulesInput,
  ): Promise<WriteItemFieldsResult> {
    return this.rpc.call(
      WriteItemFieldsV1,
      { idempotencyKey, organizationId: scope.organizationId, itemId, fields, rules },
      null,
    );
  }

  summarize(
    scope: ItemScope,
    itemId: string,
    summary?: string,
    insight?: string,
  ): Promise<ItemRecord> {
    return this.rpc.call(
      SetItemSummaryV1,
      {
        idempotencyKey: randomUUID(),
        organizationId: scope.organizationId,
        itemId,
        summary,
        insight,
      },
      null,
    );
  }

  move(scope: ItemScope, itemId: string, status: RunItemStatus): Promise<ItemRecord> {
    return this.rpc.call(
      MoveItemStatusV1,
      { idempotencyKey: randomUUID(), organizationId: scope.organizationId, itemId, status },
      null,
    );
  }

  /** QUEUED -> IN_PROGRESS -> REVIEW, the way a run reaches its human-review node. */
  async toReview(scope: ItemScope, itemId: string): Promise<ItemRecord> {
    await this.move(scope, itemId, 'IN_PROGRESS');
    return this.move(scope, itemId, 'REVIEW');
  }

  async close(): Promise<void> {
    await this.rpc.onApplicationShutdown();
  }
}
