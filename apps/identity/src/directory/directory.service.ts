import { randomUUID } from 'node:crypto';

import {
  CreateProjectRequest,
  CreateUserRequest,
  ProjectRecord,
  ResolvedAccess,
  UserRecord,
  WorkspaceRecord,
} from '@docket/contracts';
import { Actor, DocketException, isUuid, Role } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull } from 'typeorm';

import {
  ApiKeyEntity,
  ProjectEntity,
  ProjectGrantEntity,
  UserEntity,
  WorkspaceEntity,
} from '../database/identity.entities';
import { SessionService } from '../sso/session.service';
import { AccessEvents } from './access-events';
import { DirectoryReads, toProject, toWorkspace } from './directory.reads';

/** Workspaces, projects, users and grants of one organization. */
@Injectable()
export class DirectoryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: DirectoryReads,
    private readonly events: AccessEvents,
    private readonly sessions: SessionService,
  ) {}

  async createWorkspace(actor: Actor, name: string): Promise<WorkspaceRecord> {
    const manager = this.dataSource.manager;
    const clash = await manager.findOne(WorkspaceEntity, {
      where: { organizationId: actor.organizationId, name },
    });
    if (clash) throw DocketException.conflict(`A workspace named "${name}" already exists`);
    return toWorkspace(await this.insertWorkspace(manager, actor.organizationId, name));
  }

  insertWorkspace(
    manager: EntityManager,
    organizationId: string,
    name: string,
  ): Promise<WorkspaceEntity> {
    const row = manager.create(WorkspaceEntity, {
      id: randomUUID(),
      organizationId,
      name,
      createdAt: new Date(),
    });
    return manager.save(row);
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
      await this.insertProject(
        this.dataSource.manager,
        actor.organizationId,
        request.workspaceId,
        request.name,
      ),
    );
  }

  insertProject(
    manager: EntityManager,
    organizationId: string,
    workspaceId: string,
    name: string,
  ): Promise<ProjectEntity> {
    const row = manager.create(ProjectEntity, {
      id: randomUUID(),
      organizationId,
      workspaceId,
      name,
      createdAt: new Date(),
    });
    return manager.save(row);
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
    return this.dataSource.transaction(async (manager) => {
      const clash = await manager.findOne(UserEntity, {
        where: { organizationId: actor.organizationId, email: request.email.toLowerCase() },
      });
      if (clash)
        throw DocketException.conflict(`A user with e-mail ${request.email} already exists`);
      const user = await this.insertUser(
        manager,
        actor.organizationId,
        request.email,
        request.name,
        request.role as Role,
      );
      const projectIds = request.role === 'Admin' ? [] : [...new Set(request.projectIds ?? [])];
      if (projectIds.length > 0) {
        const found = await manager.count(ProjectEntity, {
          where: { id: In(projectIds), organizationId: actor.organizationId },
        });
        if (found !== projectIds.length) throw DocketException.notFound('Project');
        await manager.insert(
          ProjectGrantEntity,
          projectIds.map((projectId) => ({
            userId: user.id,
            projectId,
            organizationId: actor.organizationId,
          })),
        );
      }
      return toUser(user, projectIds);
    });
  }

  insertUser(
    manager: EntityManager,
    organizationId: string,
    email: string,
    name: string,
    role: Role,
  ): Promise<UserEntity> {
    const row = manager.create(UserEntity, {
      id: randomUUID(),
      organizationId,
      email: email.toLowerCase(),
      name,
      role,
      createdAt: new Date(),
    });
    return manager.save(row);
  }

  async listUsers(actor: Actor): Promise<UserRecord[]> {
    const users = await this.dataSource.manager.find(UserEntity, {
      where: { organizationId: actor.organizationId },
      order: { createdAt: 'ASC' },
    });
    const grants = await this.dataSource.manager.find(ProjectGrantEntity, {
      where: { organizationId: actor.organizationId },
    });
    return users.map((u) =>
      toUser(
        u,
        grants.filter((g) => g.userId === u.id).map((g) => g.projectId),
      ),
    );
  }

  async resolveAccess(
    organizationId: string,
    userId: string,
    apiKeyId?: string,
    sessionId?: string,
  ): Promise<ResolvedAccess> {
    const user = await this.dataSource.manager.findOne(UserEntity, {
      where: { id: userId, organizationId },
    });
    if (!user) return { active: false, projectAccess: [] };
    if (apiKeyId !== undefined && !(await this.keyStands(organizationId, userId, apiKeyId))) {
      return { active: false, projectAccess: [] };
    }
    if (sessionId !== undefined && !(await this.sessions.stands(organizationId, userId, sessionId)))
      return { active: false, projectAccess: [] };
    if (user.role === 'Admin') return { active: true, projectAccess: 'all' };
    const grants = await this.dataSource.manager.find(ProjectGrantEntity, {
      where: { userId, organizationId },
    });
    return { active: true, projectAccess: grants.map((g) => g.projectId) };
  }

  private async keyStands(organizationId: string, userId: string, apiKeyId: string) {
    if (!isUuid(apiKeyId)) return false;
    return this.dataSource.manager.exists(ApiKeyEntity, {
      where: { id: apiKeyId, organizationId, userId, revokedAt: IsNull() },
    });
  }

  notifyAccessChanged(userId: string): void {
    this.events.accessChanged(userId);
  }

  private visibleProjects(actor: Actor, workspaceId?: string): Promise<ProjectRecord[]> {
    return this.reads.projects(actor.organizationId, {
      workspaceId,
      projectIds: actor.projectAccess,
    });
  }
}

function toUser(row: UserEntity, projectIds: string[]): UserRecord {
  return {
    userId: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    projectIds,
    createdAt: row.createdAt.toISOString(),
  };
}
