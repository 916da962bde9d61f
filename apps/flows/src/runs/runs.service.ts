import {
  GetFileV1,
  RunFlowRequest,
  RunStarted,
  ScheduledRunStarted,
  StartScheduledRunRequest,
} from '@docket/contracts';
import { Actor, DocketException, RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { FlowAccess } from '../access/flow-access';
import { EnvironmentRepository } from '../database/environment.repository';
import { FlowRepository } from '../database/flow.repository';
import { FlowEntity, FlowVersionEntity } from '../database/flows.entities';
import { ExecutionAccess } from '../executions/execution-access';
import { FlowVersionCache } from './flow-version.cache';
import { RunLauncher } from './run-launcher.service';

/** Starting runs: from the API (active version or a draft test run), reruns and schedule ticks. */
@Injectable()
export class RunsService {
  constructor(
    private readonly flowRows: FlowRepository,
    private readonly environments: EnvironmentRepository,
    private readonly flows: FlowAccess,
    private readonly executions: ExecutionAccess,
    private readonly versions: FlowVersionCache,
    private readonly launcher: RunLauncher,
    private readonly rpc: RpcClient,
  ) {}

  async run(actor: Actor, request: RunFlowRequest): Promise<RunStarted> {
    const flow = await this.flows.load(actor, request.flowId);
    const version = request.draft ? null : await this.activeVersion(flow);
    const fileIds = [...new Set(request.fileIds ?? [])];
    await Promise.all([
      this.assertFiles(actor, flow, fileIds),
      request.environmentId ? this.assertEnvironment(actor, request.environmentId) : undefined,
    ]);
    const executionId = await this.launcher.launch({
      flow,
      version,
      trigger: 'api',
      input: request.input ?? {},
      fileIds,
      environmentId: request.environmentId ?? null,
      startedBy: actor.userId,
    });
    return { executionId: executionId as string, status: 'pending' };
  }

  /** Same inputs, same version (or the same draft snapshot), a new execution id. */
  async rerun(actor: Actor, executionId: string): Promise<RunStarted> {
    const original = await this.executions.load(actor, executionId);
    const flow = await this.flows.load(actor, original.flowId);
    let version: { id: string; version: string; graph: FlowVersionEntity['graph'] } | null = null;
    if (original.versionId) {
      const stored = await this.versions.get(original.versionId);
      if (!stored) throw DocketException.notFound('Flow version');
      version = stored;
    }
    const launched = await this.launcher.launch({
      flow: original.draftGraph ? { ...flow, draft: original.draftGraph } : flow,
      version,
      trigger: 'rerun',
      input: original.input,
      fileIds: original.fileIds,
      environmentId: original.environmentId,
      startedBy: actor.userId,
      parentExecutionId: original.id,
    });
    return { executionId: launched as string, status: 'pending' };
  }

  async startScheduled(request: StartScheduledRunRequest): Promise<ScheduledRunStarted> {
    const flow = await this.flowRows.findInOrganization(request.flowId, request.organizationId);
    if (!flow?.activeVersionId) return { executionId: null };
    const version = await this.versions.get(flow.activeVersionId);
    if (!version || version.triggerType !== 'trigger.schedule') return { executionId: null };
    const executionId = await this.launcher.launch({
      flow,
      version,
      trigger: 'schedule',
      input: (version.triggerConfig.input as Record<string, unknown> | undefined) ?? {},
      fileIds: [],
      environmentId: flow.activeEnvironmentId,
      startedBy: null,
      triggerKey: `schedule:${request.tickKey}`,
    });
    return { executionId };
  }

  private async activeVersion(flow: FlowEntity): Promise<FlowVersionEntity> {
    if (!flow.activeVersionId) {
      throw DocketException.conflict(
        'The flow is not active: activate a published version, or run the draft with draft: true',
      );
    }
    const version = await this.versions.get(flow.activeVersionId);
    if (!version) throw DocketException.notFound('Flow version');
    return version;
  }

  /** Files must exist in the caller's organization and belong to the flow's workspace. */
  private async assertFiles(actor: Actor, flow: FlowEntity, fileIds: string[]): Promise<void> {
    const files = await Promise.all(
      fileIds.map((fileId) => this.rpc.call(GetFileV1, { fileId }, actor)),
    );
    const foreign = files.find((file) => file.workspaceId !== flow.workspaceId);
    if (foreign) {
      throw DocketException.invalid(
        `File ${foreign.fileId} belongs to another workspace than the flow`,
      );
    }
  }

  private async assertEnvironment(actor: Actor, environmentId: string): Promise<void> {
    const found = await this.environments.existsInOrganization(environmentId, actor.organizationId);
    if (!found) throw DocketException.notFound('Environment');
  }
}
