import { randomUUID } from 'node:crypto';

import { ExecutionTrigger, FlowGraph } from '@docket/contracts';
import { createLogger, currentTraceId } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { ExecutionRepository } from '../database/execution.repository';
import { ExecutionEntity, FlowEntity } from '../database/flows.entities';
import { WorkflowStarter } from './workflow-starter.service';

const logger = createLogger('run-launcher');

export interface LaunchRequest {
  flow: FlowEntity;
  /** Null for a test run of the draft. */
  version: { id: string; version: string; graph: FlowGraph } | null;
  trigger: ExecutionTrigger;
  input: Record<string, unknown>;
  fileIds: string[];
  environmentId: string | null;
  startedBy: string | null;
  parentExecutionId?: string | null;
  /** One run per trigger occurrence (a READY file): a second launch with the key is skipped. */
  triggerKey?: string;
}

/**
 * Launches a run: the execution row is the record and the outbox in one, so the caller gets
 * the executionId as soon as it is stored; the workflow (id = executionId) is started right
 * after, without the caller waiting for Temporal, and retried by the start relay if needed.
 */
@Injectable()
export class RunLauncher {
  constructor(
    private readonly executions: ExecutionRepository,
    private readonly starter: WorkflowStarter,
  ) {}

  /** The new executionId, or null when the trigger key was launched before. */
  async launch(request: LaunchRequest): Promise<string | null> {
    const { flow, version } = request;
    const executionId = randomUUID();
    const test = version === null;
    const now = new Date();
    const row: ExecutionEntity = {
      id: executionId,
      organizationId: flow.organizationId,
      workspaceId: flow.workspaceId,
      projectId: flow.projectId,
      flowId: flow.id,
      flowName: flow.name,
      versionId: version?.id ?? null,
      flowVersion: version?.version ?? 'draft',
      test,
      environmentId: request.environmentId,
      trigger: request.trigger,
      parentExecutionId: request.parentExecutionId ?? null,
      triggerKey: request.triggerKey ?? null,
      status: 'pending',
      statusSeq: 0,
      input: request.input,
      fileIds: request.fileIds,
      draftGraph: test ? flow.draft : null,
      itemIds: [],
      error: null,
      startedBy: request.startedBy,
      workflowStarted: false,
      traceId: currentTraceId() ?? null,
      createdAt: now,
      startedAt: null,
      completedAt: null,
      updatedAt: now,
    };
    if (!(await this.executions.insert(row))) return null;
    void this.starter
      .startRecorded(row)
      .catch((error: unknown) =>
        logger.warn({ err: error, executionId }, 'start deferred to relay'),
      );
    return executionId;
  }
}
