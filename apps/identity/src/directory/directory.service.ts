import {
  CreateProjectRequest,
  CreateUserRequest,
  ProjectRecord,
  ResolvedAccess,
  UserRecord,
  WorkspaceRecord,
} from '@docket/contracts';
import { ServiceTransactions } from '@docket/persistence';
import { Actor, DocketException, isUuid, Role } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { ApiKeyRepository } from '../database/api-key.repository';
import { AuditEventsRepository } from '../database/audit-events.repository';
import { DirectoryReads, toProject, toWorkspace } from '../database/directory.reads';
import { UserRepository } from '../database/user.repository';
import { WorkspaceRepository } from '../database/workspace.repository';
import { SessionService } from '../sso/session.service';
import { replaceProjectGrants } from './project-grants';
import { toUserRecord } from './user-record';

const INACTIVE: ResolvedAccess = { active: false, projectAccess: [] };

/** Workspaces, projects, users and grants of one organization. */
@Injectable()
export class DirectoryService {
  constructor(
    private readonly reads: DirectoryReads,
    private readonly workspaces: WorkspaceRepository,
    private readonly users: UserRepository,
    private readonly keys: ApiKeyRepository,
    private readonly audit: AuditEventsRepository,
    private readonly transactions: ServiceTransactions,
    private readonly sessions: SessionService,
  ) {}

  async createWorkspace(actor: Actor, name: string): Promise<WorkspaceRecord> {
    if (await this.workspaces.existsNamed(actor.organizationId, name))
      throw DocketException.conflict(`A workspace named "${name}" already exists`);
    return toWorkspace(await this.workspaces.insertWorkspace(actor.organizationId, name));
  }

  async listWorkspaces(actor: Actor): Promise<WorkspaceRecord[]> {
    const workspaces = await this.reads.workspaces(actor.organizationId);
    if (actor.projectAccess === 'all') return workspaces;
    const visible = await this.visibleProjects(actor);
    const workspaceIds = new Set(visible.map((p) => p.workspaceId));
    return workspaces.filter((w) => workspaceIds.has(w.workspaceId));
  }

  async getWorkspace(actor: Actor, workspaceId: string): Promise<WorkspaceRecord> {
    const workspace = await this.reads.workspace(actor.organizationId, workspaceId);
    if (!workspace) throw DocketException.notFound('Workspace');
    return workspace;
  }

  async createProject(actor: Actor, request: CreateProjectRequest): Promise<ProjectRecord> {
    await this.getWorkspace(actor, request.workspaceId);
    return toProject(
      await this.workspaces.insertProject({
        organizationId: actor.organizationId,
        workspaceId: request.workspaceId,
        name: request.name,
      }),
    );
  }

  async listProjects(actor: Actor, workspaceId?: string): Promise<ProjectRecord[]> {
    if (workspaceId) await this.getWorkspace(actor, workspaceId);
    return this.visibleProjects(actor, workspaceId);
  }

  async getProject(actor: Actor, projectId: string): Promise<ProjectRecord> {
    const project = await this.reads.project(actor.organizationId, projectId);
    if (!project) throw DocketException.notFound('Project');
    return project;
  }

  async createUser(actor: Actor, request: CreateUserRequest): Promise<UserRecord> {
    return this.transactions.run(async (manager) => {
      const clash = await this.users.findByEmail(request.email, actor.organizationId, manager);
      if (clash)
        throw DocketException.conflict(`A user with e-mail ${request.email} already exists`);
      const user = await this.users.insert(manager, {
        organizationId: actor.organizationId,
        email: request.email,
        name: request.name,
        role: request.role as Role,
      });
      const projectIds = await replaceProjectGrants(this.users, manager, {
        organizationId: actor.organizationId,
        userId: user.id,
        role: user.role,
        projectIds: request.projectIds ?? [],
      });
      await this.audit.record(manager, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'user.created',
        resourceType: 'user',
        resourceId: user.id,
        details: { email: user.email, role: user.role, projectIds },
      });
      return toUserRecord(user, projectIds);
    });
  }

  async listUsers(actor: Actor): Promise<UserRecord[]> {
    const users = await this.users.list(actor.organizationId);
    const grants = await this.users.grantsByUser(actor.organizationId);
    return users.map((u) => toUserRecord(u, grants.get(u.id) ?? []));
  }

  async resolveAccess(
    organizationId: string,
    userId: string,
    apiKeyId?: string,
    sessionId?: string,
  ): Promise<ResolvedAccess> {
    const user = await this.users.find(organizationId, userId);
    if (!user || user.deactivatedAt) return INACTIVE;
    if (
      apiKeyId !== undefined &&
      !(isUuid(apiKeyId) && (await this.keys.stands(organizationId, userId, apiKeyId)))
    )
      return INACTIVE;
    if (sessionId !== undefined && !(await this.sessions.stands(organizationId, userId, sessionId)))
      return INACTIVE;
    if (user.role === 'Admin') return { active: true, role: user.role, projectAccess: 'all' };
    return {
      active: true,
      role: user.role,
      projectAccess: await this.users.grantsOf(organizationId, userId),
    };
  }

  private visibleProjects(actor: Actor, workspaceId?: string): Promise<ProjectRecord[]> {
    return this.reads.projects(actor.organizationId, {
      workspaceId,
      projectIds: actor.projectAccess,
    });
  }
}
