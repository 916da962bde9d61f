import { randomUUID } from 'node:crypto';

import {
  CreateVariableRequest,
  DirectoryAccess,
  ListVariablesRequest,
  MASKED_VALUE,
  ResolveRunVariablesRequest,
  ResolveRunVariablesResponse,
  RevealedVariable,
  UpdateVariableRequest,
  VariablePage,
  VariableRecord,
  VariableScope,
} from '@docket/contracts';
import { ServiceTransactions } from '@docket/persistence';
import {
  Actor,
  assertProjectAccess,
  createLogger,
  currentTraceId,
  DocketException,
  SecretMask,
} from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { FlowAccess } from '../access/flow-access';
import { AuditEventsRepository } from '../database/audit-events.repository';
import { EnvironmentRepository } from '../database/environment.repository';
import { VariableEntity } from '../database/flows.entities';
import { VariableRepository } from '../database/variable.repository';
import { VariableCipher } from './variable-cipher';

const logger = createLogger('variables');

/** Most specific first: a flow's value beats its project's, which beats its workspace's. */
const SPECIFICITY: Record<VariableScope, number> = { flow: 3, project: 2, workspace: 1 };

/**
 * Variables: encrypted at rest, masked on every read. Partners create and update; only Admins
 * reveal (audited) and delete (the route permissions); runs resolve them through the worker.
 */
@Injectable()
export class VariablesService {
  constructor(
    private readonly transactions: ServiceTransactions,
    private readonly variables: VariableRepository,
    private readonly environments: EnvironmentRepository,
    private readonly cipher: VariableCipher,
    private readonly flows: FlowAccess,
    private readonly directory: DirectoryAccess,
    private readonly audit: AuditEventsRepository,
  ) {}

  async create(actor: Actor, request: CreateVariableRequest): Promise<VariableRecord> {
    await this.assertEnvironment(actor, request.environmentId);
    await this.assertScope(actor, request.scope, request.scopeId);
    await this.assertNameFree(
      actor,
      request.environmentId,
      request.scope,
      request.scopeId,
      request.name,
    );
    const id = randomUUID();
    const now = new Date();
    const sealed = this.cipher.seal(
      {
        organizationId: actor.organizationId,
        scope: request.scope,
        scopeId: request.scopeId,
        variableId: id,
      },
      request.value,
    );
    const variable: VariableEntity = {
      id,
      organizationId: actor.organizationId,
      environmentId: request.environmentId,
      name: request.name,
      scope: request.scope,
      scopeId: request.scopeId,
      ...sealed,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    };
    const row = await this.transactions.run(async (manager) => {
      const row = await this.variables.insert(manager, variable);
      await this.audit.record(manager, variableEvent(actor, row, 'variable.created'));
      return row;
    });
    return toRecord(row);
  }

  async list(actor: Actor, request: ListVariablesRequest): Promise<VariablePage> {
    const [rows, total] = await this.variables.page(
      {
        organizationId: actor.organizationId,
        environmentId: request.environmentId,
        scope: request.scope,
        scopeId: request.scopeId,
        projects: actor.projectAccess,
      },
      request.page,
      request.limit,
    );
    return {
      data: rows.map(toRecord),
      page: request.page,
      limit: request.limit,
      totalCount: total,
    };
  }

  async update(actor: Actor, request: UpdateVariableRequest): Promise<VariableRecord> {
    if (request.value === undefined && request.name === undefined) {
      throw DocketException.invalid('Give a new value, a new name, or both');
    }
    const row = await this.load(actor, request.variableId);
    const previousName = row.name;
    if (request.name !== undefined && request.name !== row.name) {
      await this.assertNameFree(actor, row.environmentId, row.scope, row.scopeId, request.name);
      row.name = request.name;
    }
    if (request.value !== undefined) {
      Object.assign(row, this.cipher.seal(ownerOf(row), request.value));
    }
    row.updatedAt = new Date();
    await this.transactions.run(async (manager) => {
      await this.variables.update(manager, row);
      // What changed, never to what: the value itself stays out of the trail.
      const event = variableEvent(actor, row, 'variable.updated');
      await this.audit.record(manager, {
        ...event,
        details: {
          ...event.details,
          valueChanged: request.value !== undefined,
          ...(previousName !== row.name ? { previousName } : {}),
        },
      });
    });
    return toRecord(row);
  }

  async delete(actor: Actor, variableId: string): Promise<{ variableId: string }> {
    const row = await this.load(actor, variableId);
    await this.transactions.run(async (manager) => {
      await this.variables.delete(manager, row.id);
      await this.audit.record(manager, variableEvent(actor, row, 'variable.deleted'));
    });
    logger.info({ variableId, name: row.name, userId: actor.userId }, 'variable deleted');
    return { variableId };
  }

  /**
   * The one read of a decrypted value through the API: recorded, with the Admin's reason, before
   * it is returned.
   */
  async reveal(actor: Actor, variableId: string, reason: string): Promise<RevealedVariable> {
    const row = await this.load(actor, variableId);
    const value = this.cipher.open(ownerOf(row), row);
    // The record is the reveal's only write: it commits before the value leaves.
    const event = variableEvent(actor, row, 'variable.revealed');
    await this.audit.record(this.transactions.manager, {
      ...event,
      details: { ...event.details, reason: reason.trim(), traceId: currentTraceId() ?? null },
    });
    logger.info(
      { variableId, name: row.name, userId: actor.userId },
      'variable revealed (audited)',
    );
    return { variableId: row.id, name: row.name, value };
  }

  /**
   * The mask for a run's data: the same values the worker masked its steps with, so the
   * execution detail shows the run's input exactly as its steps do.
   */
  async maskForRun(run: Omit<ResolveRunVariablesRequest, 'executionId'>): Promise<SecretMask> {
    const { variables } = await this.resolveForRun(run);
    return new SecretMask(variables.map((variable) => variable.value));
  }

  /** For the worker: the run's variables in its environment, the most specific scope winning. */
  async resolveForRun(request: ResolveRunVariablesRequest): Promise<ResolveRunVariablesResponse> {
    return this.resolve(request.organizationId, request.environmentId, {
      workspace: request.workspaceId,
      project: request.projectId,
      flow: request.flowId,
    });
  }

  /**
   * For a preview of an AI node with a hosted model: the value of the variable that holds its API
   * key, in an environment of the caller's organization, resolved as a run of the project would
   * (a project's value beats its workspace's; a preview has no flow). It leaves the flows service
   * only in the call to the model, never in an answer.
   */
  async valueForPreview(
    actor: Actor,
    place: { environmentId: string; workspaceId: string; projectId: string },
    name: string,
  ): Promise<string> {
    await this.assertEnvironment(actor, place.environmentId);
    const { variables } = await this.resolve(actor.organizationId, place.environmentId, {
      workspace: place.workspaceId,
      project: place.projectId,
    });
    const found = variables.find((variable) => variable.name === name);
    if (!found) {
      throw DocketException.invalid(
        `Variable ${name} is not defined for this project in environment ${place.environmentId}`,
      );
    }
    return found.value;
  }

  /** The variables of an environment at the given scopes, the most specific scope winning. */
  private async resolve(
    organizationId: string,
    environmentId: string,
    scopes: Partial<Record<VariableScope, string>>,
  ): Promise<ResolveRunVariablesResponse> {
    const rows = await this.variables.atScopes(organizationId, environmentId, scopes);
    const chosen = new Map<string, VariableEntity>();
    for (const row of rows) {
      const current = chosen.get(row.name);
      if (!current || SPECIFICITY[row.scope] > SPECIFICITY[current.scope])
        chosen.set(row.name, row);
    }
    return {
      variables: [...chosen.values()].map((row) => ({
        name: row.name,
        value: this.cipher.open(ownerOf(row), row),
      })),
    };
  }

  private async load(actor: Actor, variableId: string): Promise<VariableEntity> {
    const row = await this.variables.findInOrganization(variableId, actor.organizationId);
    if (!row) throw DocketException.notFound('Variable');
    if (row.scope === 'project') assertProjectAccess(actor, row.scopeId);
    if (row.scope === 'flow') await this.flows.load(actor, row.scopeId);
    return row;
  }

  private async assertEnvironment(actor: Actor, environmentId: string): Promise<void> {
    const found = await this.environments.existsInOrganization(environmentId, actor.organizationId);
    if (!found) throw DocketException.notFound('Environment');
  }

  /** The workspace, project or flow must exist in the caller's organization and be theirs. */
  private async assertScope(actor: Actor, scope: VariableScope, scopeId: string): Promise<void> {
    if (scope === 'workspace') {
      await this.directory.assertWorkspace(actor, scopeId);
    } else if (scope === 'project') {
      await this.directory.project(actor, scopeId);
    } else {
      await this.flows.load(actor, scopeId);
    }
  }

  private async assertNameFree(
    actor: Actor,
    environmentId: string,
    scope: VariableScope,
    scopeId: string,
    name: string,
  ): Promise<void> {
    const clash = await this.variables.nameTaken({
      organizationId: actor.organizationId,
      environmentId,
      scope,
      scopeId,
      name,
    });
    if (clash) {
      throw DocketException.conflict(
        `Variable ${name} already exists in this environment and scope`,
      );
    }
  }
}

function ownerOf(row: VariableEntity) {
  return {
    organizationId: row.organizationId,
    scope: row.scope,
    scopeId: row.scopeId,
    variableId: row.id,
  };
}

function toRecord(row: VariableEntity): VariableRecord {
  return {
    variableId: row.id,
    environmentId: row.environmentId,
    name: row.name,
    scope: row.scope,
    scopeId: row.scopeId,
    value: MASKED_VALUE,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function variableEvent(
  actor: Actor,
  row: VariableEntity,
  action: 'variable.created' | 'variable.updated' | 'variable.revealed' | 'variable.deleted',
) {
  return {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action,
    resourceType: 'variable' as const,
    resourceId: row.id,
    details: {
      name: row.name,
      environmentId: row.environmentId,
      scope: row.scope,
      scopeId: row.scopeId,
    } as Record<string, unknown>,
  };
}
