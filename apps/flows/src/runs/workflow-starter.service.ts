import { FLOW_EXECUTION_WORKFLOW, FlowRunInput } from '@docket/contracts';
import { createLogger, PeriodicTask, runWithTrace } from '@docket/platform';
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';

import { ExecutionRepository } from '../database/execution.repository';
import { ExecutionEntity } from '../database/flows.entities';
import { TemporalClientProvider } from '../temporal/temporal-client.provider';
import { FlowVersionCache } from './flow-version.cache';

const logger = createLogger('workflow-starter');
const RELAY_INTERVAL_MS = 2000;
/** A first start that has not happened after this is presumed lost and retried by the relay. */
const GRACE_MS = 5000;

/**
 * Starts the workflow of a recorded run. The API path calls `startRecorded` right after
 * recording the execution and does not wait for it; the relay claims and starts any pending
 * run whose workflow did not start within GRACE_MS (Temporal unavailable, process killed in
 * between). The workflow id is the executionId, so a repeated start is harmless.
 */
@Injectable()
export class WorkflowStarter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly relay = new PeriodicTask(() => this.startUnstarted(), {
    name: 'start relay',
    everyMs: RELAY_INTERVAL_MS,
    logger,
  });

  constructor(
    private readonly executions: ExecutionRepository,
    private readonly versions: FlowVersionCache,
    private readonly temporal: TemporalClientProvider,
  ) {}

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
  }

  /** Starts a recorded run known by id (the relay's path): claimed first, then read. */
  async start(executionId: string): Promise<void> {
    if (!(await this.executions.claimStart(executionId))) return;
    const row = await this.executions.findById(executionId);
    if (!row) return;
    if ((await this.startWorkflow(row)) === 'failed') await this.executions.releaseStart(row.id);
  }

  /**
   * Starts the run the launcher has just recorded, from the row it holds: nothing is read back
   * and nothing claimed first, so the API path costs one batched statement after the insert.
   * A start that fails leaves the run unstarted for the relay; one the relay makes meanwhile
   * (the same workflow id) is refused by Temporal and harmless.
   */
  async startRecorded(row: ExecutionEntity): Promise<void> {
    await this.startWorkflow(row);
  }

  /**
   * Starts the run's workflow and records that it runs; a run canceled meanwhile (its cancel
   * found no workflow yet and marked the row) has its new workflow canceled too.
   */
  private async startWorkflow(row: ExecutionEntity): Promise<'started' | 'failed'> {
    return runWithTrace(row.traceId ?? row.id.replace(/-/g, ''), async () => {
      try {
        const client = await this.temporal.client();
        await client.workflow.start(FLOW_EXECUTION_WORKFLOW, {
          taskQueue: this.temporal.taskQueue,
          workflowId: row.id,
          args: [await this.inputOf(row)],
        });
      } catch (error) {
        if (error instanceof WorkflowExecutionAlreadyStartedError) return 'started';
        logger.warn(
          { err: error, executionId: row.id },
          'workflow start failed; the relay will retry',
        );
        return 'failed';
      }
      if ((await this.executions.markStarted(row.id)) === 'canceled') {
        const client = await this.temporal.client();
        await client.workflow
          .getHandle(row.id)
          .cancel()
          .catch(() => undefined);
      }
      return 'started';
    });
  }

  private async startUnstarted(): Promise<void> {
    for (const id of await this.executions.unstarted(GRACE_MS, 50)) await this.start(id);
  }

  private async inputOf(row: ExecutionEntity): Promise<FlowRunInput> {
    const graph = row.draftGraph ?? (await this.versions.get(row.versionId as string))?.graph;
    if (!graph) throw new Error(`no graph for execution ${row.id}`);
    return {
      executionId: row.id,
      organizationId: row.organizationId,
      workspaceId: row.workspaceId,
      projectId: row.projectId,
      flowId: row.flowId,
      flowName: row.flowName,
      versionId: row.versionId,
      version: row.flowVersion,
      test: row.test,
      environmentId: row.environmentId,
      trigger: row.trigger,
      graph,
      input: row.input,
      fileIds: row.fileIds,
      startedBy: row.startedBy,
      traceId: row.traceId ?? undefined,
    };
  }
}
