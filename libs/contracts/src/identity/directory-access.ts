import {
  Actor,
  canAccessProject,
  DocketException,
  projectAccessDenied,
  RpcClient,
} from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { GetProjectV1 } from './projects.get.v1';
import { ProjectRecord } from './records';
import { GetWorkspaceV1 } from './workspaces.get.v1';
import { ListWorkspacesV1 } from './workspaces.list.v1';

/** A project never moves between organizations or workspaces, and none is deleted. */
const PROJECT_TTL_MS = 10 * 60_000;
/** The workspaces a set of grants reaches change only when a project is created. */
const WORKSPACES_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

/** Answers remembered for a while, the oldest dropped first once there are too many. */
class Remembered<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    return entry && entry.until > Date.now() ? entry.value : undefined;
  }

  set(key: string, value: T, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: Date.now() + ttlMs });
    // Maps iterate in insertion order: the first key is the oldest answer.
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}

/**
 * The project and workspace grant rule, as the gateway guard and every service apply it, with
 * identity's answers remembered in one place. A project: one of another organization is
 * NOT_FOUND (its existence is never revealed), one of the caller's organization without a grant
 * is PERMISSION_DENIED. A workspace: Admins see every workspace of their organization, anyone
 * else the workspaces holding a project granted to them (the set GET /workspaces lists); any
 * other is NOT_FOUND. Only yeses are remembered; a changed grant is a new actor, so a new key.
 */
@Injectable()
export class DirectoryAccess {
  private readonly projects = new Remembered<ProjectRecord>();
  private readonly workspaces = new Remembered<ReadonlySet<string>>();

  constructor(private readonly rpc: RpcClient) {}

  /**
   * The project, when the caller may work in it. `what` names it in the refusal when the caller
   * named something else ("the project of this item").
   */
  async project(actor: Actor, projectId: string, what?: string): Promise<ProjectRecord> {
    const key = `${actor.organizationId}:${projectId}`;
    let project = this.projects.get(key);
    if (!project) {
      project = await this.rpc.call(GetProjectV1, { projectId }, actor);
      this.projects.set(key, project, PROJECT_TTL_MS);
    }
    if (!canAccessProject(actor, projectId)) throw projectAccessDenied(what);
    return project;
  }

  /**
   * The grant rule alone, as the gateway applies it before a request's body is validated: a
   * granted project passes without a lookup (the service validates the request first and then
   * answers NOT_FOUND for a project that does not exist), and only a project not granted is
   * looked up, to answer NOT_FOUND outside the organization and PERMISSION_DENIED within it.
   */
  async assertProjectGrant(actor: Actor, projectId: string): Promise<void> {
    if (canAccessProject(actor, projectId)) return;
    await this.project({ ...actor, projectAccess: 'all' }, projectId);
    throw projectAccessDenied();
  }

  /** Resolves when the caller may see the workspace; NOT_FOUND otherwise. */
  async assertWorkspace(actor: Actor, workspaceId: string): Promise<void> {
    const key =
      actor.projectAccess === 'all'
        ? `${actor.organizationId}:all:${workspaceId}`
        : `${actor.organizationId}:${[...actor.projectAccess].sort().join(',')}`;
    if (this.workspaces.get(key)?.has(workspaceId)) return;
    const visible = await this.visibleWorkspaces(actor, workspaceId);
    if (!visible.has(workspaceId)) throw DocketException.notFound('Workspace');
    this.workspaces.set(key, visible, WORKSPACES_TTL_MS);
  }

  private async visibleWorkspaces(actor: Actor, workspaceId: string): Promise<Set<string>> {
    if (actor.projectAccess === 'all') {
      await this.rpc.call(GetWorkspaceV1, { workspaceId }, actor);
      return new Set([workspaceId]);
    }
    if (actor.projectAccess.length === 0) return new Set();
    const { data } = await this.rpc.call(ListWorkspacesV1, {}, actor);
    return new Set(data.map((workspace) => workspace.workspaceId));
  }
}
