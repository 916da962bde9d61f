import { randomUUID } from 'node:crypto';

import {
  ActivateFlowRequest,
  CreateFlowRequest,
  DirectoryAccess,
  FlowDetailRecord,
  FlowGraph,
  FlowRecord,
  FlowVersionRecord,
  isTriggerType,
  PublishFlowRequest,
  SaveDraftRequest,
} from '@docket/contracts';
import { ServiceTransactions } from '@docket/persistence';
import { Actor, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { FlowAccess } from '../access/flow-access';
import { AuditEventsRepository } from '../database/audit-events.repository';
import { EnvironmentRepository } from '../database/environment.repository';
import { FlowRepository } from '../database/flow.repository';
import { FlowVersionRepository } from '../database/flow-version.repository';
import { FlowEntity, FlowVersionEntity } from '../database/flows.entities';
import { TriggerActivation } from '../triggers/trigger-activation.service';
import { assertMayChangeAiNodes } from './ai-node-guard';
import { assertValidGraph } from './flow-graph.validator';
import { ReferencedResources } from './referenced-resources';
import { formatVersion, nextVersion } from './semantic-version';

/** A new flow starts as a single API trigger: valid, and editable into anything. */
const DEFAULT_GRAPH: FlowGraph = { nodes: [{ id: 'trigger', type: 'trigger.api' }], edges: [] };

/** Flows, their one draft, immutable published versions and activation (the build model). */
@Injectable()
export class FlowDefinitionsService {
  constructor(
    private readonly transactions: ServiceTransactions,
    private readonly flows: FlowRepository,
    private readonly flowVersions: FlowVersionRepository,
    private readonly environments: EnvironmentRepository,
    private readonly access: FlowAccess,
    private readonly directory: DirectoryAccess,
    private readonly triggers: TriggerActivation,
    private readonly references: ReferencedResources,
    private readonly audit: AuditEventsRepository,
  ) {}

  async create(actor: Actor, request: CreateFlowRequest): Promise<FlowDetailRecord> {
    // A project not granted is refused before the graph is read, as the gateway refuses it; a
    // granted one is looked up only after the graph is valid (a 400 before a 404).
    await this.directory.assertProjectGrant(actor, request.projectId);
    const graph = request.graph ?? DEFAULT_GRAPH;
    assertValidGraph(graph);
    assertMayChangeAiNodes(actor, null, graph);
    // The project must exist in the caller's organization (404 otherwise); it names the workspace.
    const project = await this.directory.project(actor, request.projectId);
    await this.references.assertVisible(actor, graph);
    const now = new Date();
    const flow = await this.flows.insert({
      id: randomUUID(),
      organizationId: actor.organizationId,
      workspaceId: project.workspaceId,
      projectId: project.projectId,
      name: request.name,
      description: request.description ?? '',
      draft: graph,
      draftUpdatedAt: now,
      draftUpdatedBy: actor.userId,
      activeVersionId: null,
      activeEnvironmentId: null,
      latestVersion: null,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    return toDetail(flow, null);
  }

  async list(actor: Actor, projectId: string): Promise<FlowRecord[]> {
    // Another organization's project is a 404, not an empty list.
    await this.directory.project(actor, projectId);
    const flows = await this.flows.listInProject(actor.organizationId, projectId);
    const active = await this.activeVersions(flows);
    return flows.map((flow) => toRecord(flow, active.get(flow.id) ?? null));
  }

  async get(actor: Actor, flowId: string): Promise<FlowDetailRecord> {
    const flow = await this.access.load(actor, flowId);
    return toDetail(flow, await this.activeVersionOf(flow));
  }

  async saveDraft(actor: Actor, request: SaveDraftRequest): Promise<FlowDetailRecord> {
    assertValidGraph(request.graph);
    // The flow first (a foreign flow is the 404 to give), then what its nodes name.
    await this.access.load(actor, request.flowId);
    await this.references.assertVisible(actor, request.graph);
    return this.transactions.run(async (manager) => {
      const flow = await this.access.load(actor, request.flowId, manager, true);
      assertMayChangeAiNodes(actor, flow.draft, request.graph);
      flow.draft = request.graph;
      flow.name = request.name ?? flow.name;
      flow.description = request.description ?? flow.description;
      flow.draftUpdatedAt = new Date();
      flow.draftUpdatedBy = actor.userId;
      flow.updatedAt = flow.draftUpdatedAt;
      await this.flows.saveDraft(manager, flow);
      return toDetail(flow, await this.activeVersionOf(flow, manager));
    });
  }

  /** Records the draft as the next immutable version; processing does not start. */
  async publish(actor: Actor, request: PublishFlowRequest): Promise<FlowVersionRecord> {
    return this.transactions.run(async (manager) => {
      const flow = await this.access.load(actor, request.flowId, manager, true);
      // Drafts are validated on save; validating again guards drafts saved by older rules.
      assertValidGraph(flow.draft);
      const latest = await this.flowVersions.latest(flow.id, manager);
      const next = nextVersion(latest, request.bump);
      const trigger = flow.draft.nodes.find((node) => isTriggerType(node.type));
      const version = await this.flowVersions.insert(manager, {
        id: randomUUID(),
        flowId: flow.id,
        organizationId: flow.organizationId,
        version: formatVersion(next),
        ...next,
        graph: flow.draft,
        triggerType: trigger?.type ?? 'trigger.api',
        triggerConfig: trigger?.config ?? {},
        notes: request.notes ?? null,
        publishedBy: actor.userId,
        publishedAt: new Date(),
      });
      await this.flows.setLatestVersion(manager, flow.id, version.version, new Date());
      await this.audit.record(manager, {
        ...flowEvent(actor, flow, 'flow.published'),
        details: { name: flow.name, version: version.version, notes: version.notes },
      });
      return toVersionRecord(version, flow.activeVersionId);
    });
  }

  async versions(actor: Actor, flowId: string): Promise<FlowVersionRecord[]> {
    const flow = await this.access.load(actor, flowId);
    const versions = await this.flowVersions.listOfFlow(flow.id);
    return versions.map((version) => toVersionRecord(version, flow.activeVersionId));
  }

  /** Makes a published version's trigger live; runs already going keep their version. */
  async activate(actor: Actor, request: ActivateFlowRequest): Promise<FlowRecord> {
    const { flow, version } = await this.transactions.run(async (manager) => {
      const flow = await this.access.load(actor, request.flowId, manager, true);
      const version = request.version
        ? await this.flowVersions.named(flow.id, request.version, manager)
        : await this.flowVersions.latest(flow.id, manager);
      if (!version && !request.version) {
        throw DocketException.conflict('Publish a version before activating the flow');
      }
      if (!version) throw DocketException.notFound(`Version ${request.version}`);
      if (request.environmentId)
        await this.assertEnvironment(manager, actor, request.environmentId);
      flow.activeVersionId = version.id;
      flow.activeEnvironmentId = request.environmentId ?? null;
      flow.updatedAt = new Date();
      await this.flows.setActivation(manager, flow);
      await this.audit.record(manager, {
        ...flowEvent(actor, flow, 'flow.activated'),
        details: {
          name: flow.name,
          version: version.version,
          environmentId: flow.activeEnvironmentId,
        },
      });
      return { flow, version };
    });
    await this.triggers.activated(flow, version);
    return toRecord(flow, version);
  }

  async deactivate(actor: Actor, flowId: string): Promise<FlowRecord> {
    const flow = await this.transactions.run(async (manager) => {
      const flow = await this.access.load(actor, flowId, manager, true);
      if (!flow.activeVersionId) throw DocketException.conflict('The flow is not active');
      await this.audit.record(manager, {
        ...flowEvent(actor, flow, 'flow.deactivated'),
        details: { name: flow.name, environmentId: flow.activeEnvironmentId },
      });
      flow.activeVersionId = null;
      flow.activeEnvironmentId = null;
      flow.updatedAt = new Date();
      await this.flows.setActivation(manager, flow);
      return flow;
    });
    await this.triggers.deactivated(flow);
    return toRecord(flow, null);
  }

  private async assertEnvironment(manager: EntityManager, actor: Actor, environmentId: string) {
    const found = await this.environments.existsInOrganization(
      environmentId,
      actor.organizationId,
      manager,
    );
    if (!found) throw DocketException.notFound('Environment');
  }

  private async activeVersionOf(
    flow: FlowEntity,
    manager?: EntityManager,
  ): Promise<FlowVersionEntity | null> {
    if (!flow.activeVersionId) return null;
    return this.flowVersions.find(flow.activeVersionId, manager);
  }

  private async activeVersions(flows: FlowEntity[]): Promise<Map<string, FlowVersionEntity>> {
    const ids = flows.map((flow) => flow.activeVersionId).filter((id): id is string => !!id);
    const versions = await this.flowVersions.findMany(ids);
    return new Map(versions.map((version) => [version.flowId, version]));
  }
}

function toRecord(flow: FlowEntity, active: FlowVersionEntity | null): FlowRecord {
  const draftTrigger = flow.draft.nodes.find((node) => isTriggerType(node.type))?.type;
  return {
    flowId: flow.id,
    projectId: flow.projectId,
    workspaceId: flow.workspaceId,
    name: flow.name,
    description: flow.description,
    trigger: active?.triggerType ?? draftTrigger ?? 'trigger.api',
    active: flow.activeVersionId !== null,
    activeVersion: active?.version ?? null,
    latestVersion: flow.latestVersion,
    activeEnvironmentId: flow.activeEnvironmentId,
    createdAt: flow.createdAt.toISOString(),
    updatedAt: flow.updatedAt.toISOString(),
  };
}

function toDetail(flow: FlowEntity, active: FlowVersionEntity | null): FlowDetailRecord {
  return {
    ...toRecord(flow, active),
    draft: flow.draft,
    draftUpdatedAt: flow.draftUpdatedAt.toISOString(),
  };
}

function toVersionRecord(
  version: FlowVersionEntity,
  activeVersionId: string | null,
): FlowVersionRecord {
  return {
    versionId: version.id,
    version: version.version,
    notes: version.notes,
    publishedBy: version.publishedBy,
    publishedAt: version.publishedAt.toISOString(),
    active: version.id === activeVersionId,
  };
}

function flowEvent(
  actor: Actor,
  flow: FlowEntity,
  action: 'flow.published' | 'flow.activated' | 'flow.deactivated',
) {
  return {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action,
    resourceType: 'flow' as const,
    resourceId: flow.id,
  };
}
