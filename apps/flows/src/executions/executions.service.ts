import {
  CancelRequested,
  DirectoryAccess,
  ExecutionDetailRecord,
  ExecutionPage,
  ExecutionRecord,
  ExecutionStepRecord,
  ListExecutionsRequest,
  StepPage,
} from '@docket/contracts';
import { Actor, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { WorkflowNotFoundError } from '@temporalio/client';

import { ExecutionRepository } from '../database/execution.repository';
import { ExecutionEntity, ExecutionStepEntity } from '../database/flows.entities';
import { canTransition } from '../execution-rules/execution-status.machine';
import { TemporalClientProvider } from '../temporal/temporal-client.provider';
import { VariablesService } from '../variables/variables.service';
import { ExecutionAccess } from './execution-access';

/** Run history (Admin and Partner): lists, detail, steps, and cancellation. */
@Injectable()
export class ExecutionsService {
  constructor(
    private readonly executions: ExecutionRepository,
    private readonly access: ExecutionAccess,
    private readonly temporal: TemporalClientProvider,
    private readonly directory: DirectoryAccess,
    private readonly variables: VariablesService,
  ) {}

  async list(actor: Actor, request: ListExecutionsRequest): Promise<ExecutionPage> {
    if ((request.projectId === undefined) === (request.workspaceId === undefined)) {
      throw DocketException.invalid('Give exactly one of projectId or workspaceId');
    }
    if (
      request.createdAfter &&
      request.createdBefore &&
      Date.parse(request.createdAfter) > Date.parse(request.createdBefore)
    ) {
      throw DocketException.invalid('createdAfter must not be later than createdBefore');
    }
    // Another organization's project or workspace is a 404, not an empty page.
    if (request.projectId) {
      await this.directory.project(actor, request.projectId);
    } else {
      await this.directory.assertWorkspace(actor, request.workspaceId as string);
    }
    const { rows, total } = await this.executions.list({
      organizationId: actor.organizationId,
      projectId: request.projectId,
      workspaceId: request.workspaceId,
      projectIds: actor.projectAccess === 'all' ? null : actor.projectAccess,
      flowId: request.flowId,
      status: request.status,
      trigger: request.trigger,
      test: request.test ?? false,
      createdAfter: request.createdAfter,
      createdBefore: request.createdBefore,
      page: request.page,
      limit: request.limit,
      sortBy: request.sortBy,
      sortOrder: request.sortOrder,
    });
    return {
      data: rows.map(toRecord),
      page: request.page,
      limit: request.limit,
      totalCount: total,
    };
  }

  async get(actor: Actor, executionId: string): Promise<ExecutionDetailRecord> {
    const execution = await this.access.load(actor, executionId);
    return { ...toRecord(execution), input: await this.maskedInput(execution) };
  }

  async steps(actor: Actor, executionId: string, page: number, limit: number): Promise<StepPage> {
    await this.access.load(actor, executionId);
    const { rows, total } = await this.executions.steps(executionId, page, limit);
    return { data: rows.map(toStepRecord), page, limit, totalCount: total };
  }

  /** The run's input as its steps show it: every variable value of the run masked. */
  private async maskedInput(execution: ExecutionEntity): Promise<ExecutionEntity['input']> {
    if (!execution.environmentId) return execution.input;
    const mask = await this.variables.maskForRun({
      organizationId: execution.organizationId,
      environmentId: execution.environmentId,
      workspaceId: execution.workspaceId,
      projectId: execution.projectId,
      flowId: execution.flowId,
    });
    return mask.mask(execution.input);
  }

  /**
   * Asks the run's workflow to stop; the workflow ends the run `canceled` and its item
   * CANCELED. A run whose workflow no longer exists is marked canceled here.
   */
  async cancel(actor: Actor, executionId: string): Promise<CancelRequested> {
    const execution = await this.access.load(actor, executionId);
    if (!canTransition(execution.status, 'canceled')) {
      throw DocketException.conflict(`The execution is already ${execution.status}`);
    }
    const client = await this.temporal.client();
    try {
      await client.workflow.getHandle(executionId).cancel();
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
      await this.executions.markEnded(executionId, 'canceled', null);
    }
    return { executionId, status: execution.status };
  }
}

export function toRecord(row: ExecutionEntity): ExecutionRecord {
  return {
    executionId: row.id,
    flowId: row.flowId,
    flowName: row.flowName,
    projectId: row.projectId,
    workspaceId: row.workspaceId,
    flowVersion: row.flowVersion,
    test: row.test,
    status: row.status,
    trigger: row.trigger,
    environmentId: row.environmentId,
    parentExecutionId: row.parentExecutionId,
    itemIds: row.itemIds,
    fileIds: row.fileIds,
    error: row.error,
    startedBy: row.startedBy,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    durationMs:
      row.completedAt && row.startedAt ? row.completedAt.getTime() - row.startedAt.getTime() : null,
  };
}

function toStepRecord(row: ExecutionStepEntity): ExecutionStepRecord {
  return {
    stepKey: row.stepKey,
    sequence: row.sequence,
    nodeId: row.nodeId,
    nodeType: row.nodeType,
    nodeName: row.nodeName,
    status: row.status,
    attempt: row.attempt,
    startedAt: row.startedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    durationMs: row.completedAt ? row.completedAt.getTime() - row.startedAt.getTime() : null,
    input: row.input ?? null,
    output: row.output ?? null,
    error: row.error,
  };
}
