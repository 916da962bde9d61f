import { GetWorkspaceV1, ListWorkspacesV1 } from '@docket/contracts';
import { Actor, DocketException, RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { FileEntity } from '../database/files.entities';
import { FileRepository } from '../records/file.repository';

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Who may see which workspace's files: the one rule every files route follows. Admins see every
 * workspace of their organization; a Partner or Reviewer sees the workspaces holding a project
 * granted to them (the same set GET /workspaces lists for them). Anything else is a 404, as if
 * it did not exist.
 *
 * Answers are remembered for a few minutes, bounded: a workspace never moves between
 * organizations and a project never moves between workspaces, and the key holds the caller's
 * grants, so a changed grant is a new key. A no is never remembered.
 */
@Injectable()
export class WorkspaceAccess {
  private readonly remembered = new Map<string, { until: number; workspaces: Set<string> }>();

  constructor(
    private readonly rpc: RpcClient,
    private readonly files: FileRepository,
  ) {}

  /** The workspace is the caller's to upload into or read from (else NOT_FOUND). */
  async assertVisible(actor: Actor, workspaceId: string): Promise<void> {
    const key =
      actor.projectAccess === 'all'
        ? `${actor.organizationId}:all:${workspaceId}`
        : `${actor.organizationId}:${[...actor.projectAccess].sort().join(',')}`;
    const known = this.remembered.get(key);
    if (known && known.until > Date.now() && known.workspaces.has(workspaceId)) return;
    const workspaces = await this.lookUp(actor, workspaceId);
    if (!workspaces.has(workspaceId)) throw DocketException.notFound('Workspace');
    this.remember(key, workspaces);
  }

  /** A file of the caller's organization in a workspace they may see (else NOT_FOUND). */
  async visibleFile(actor: Actor, fileId: string): Promise<FileEntity> {
    const file = await this.files.findOwned(actor.organizationId, fileId);
    if (!file) throw DocketException.notFound('File');
    try {
      await this.assertVisible(actor, file.workspaceId);
    } catch (error) {
      if (error instanceof DocketException && error.code === 'NOT_FOUND') {
        throw DocketException.notFound('File');
      }
      throw error;
    }
    return file;
  }

  private async lookUp(actor: Actor, workspaceId: string): Promise<Set<string>> {
    if (actor.projectAccess === 'all') {
      await this.rpc.call(GetWorkspaceV1, { workspaceId }, actor);
      return new Set([workspaceId]);
    }
    if (actor.projectAccess.length === 0) return new Set();
    const { data } = await this.rpc.call(ListWorkspacesV1, {}, actor);
    return new Set(data.map((workspace) => workspace.workspaceId));
  }

  private remember(key: string, workspaces: Set<string>): void {
    this.remembered.delete(key);
    this.remembered.set(key, { until: Date.now() + TTL_MS, workspaces });
    if (this.remembered.size > MAX_ENTRIES) {
      // Maps iterate in insertion order: the first key is the oldest answer.
      this.remembered.delete(this.remembered.keys().next().value as string);
    }
  }
}
