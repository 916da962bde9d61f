import { GetProjectV1, GetWorkspaceV1, ListUsersV1 } from '@docket/contracts';
import { Actor, RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

const EXISTENCE_TTL_MS = 10 * 60_000;
const NAME_TTL_MS = 60_000;

interface Cached<T> {
  value: T;
  expires: number;
}

/**
 * What items needs from identity: that a project or workspace exists in the caller's
 * organization (lists must 404 on another organization's ids), and reviewers' names
 * (denormalised onto items for reviewer search). Positive answers are cached: a project never
 * changes organization, and a stale name only affects search until the next lock.
 */
@Injectable()
export class DirectoryClient {
  private readonly existing = new Map<string, Cached<true>>();
  private readonly names = new Map<string, Cached<string>>();

  constructor(private readonly rpc: RpcClient) {}

  /** Throws NOT_FOUND for a project outside the caller's organization. */
  async assertProjectExists(actor: Actor, projectId: string): Promise<void> {
    await this.cachedExistence(`${actor.organizationId}:project:${projectId}`, () =>
      this.rpc.call(GetProjectV1, { projectId }, actor),
    );
  }

  /** Throws NOT_FOUND for a workspace outside the caller's organization. */
  async assertWorkspaceExists(actor: Actor, workspaceId: string): Promise<void> {
    await this.cachedExistence(`${actor.organizationId}:workspace:${workspaceId}`, () =>
      this.rpc.call(GetWorkspaceV1, { workspaceId }, actor),
    );
  }

  async nameOf(actor: Actor): Promise<string> {
    const key = `${actor.organizationId}:${actor.userId}`;
    const cached = this.names.get(key);
    if (cached && cached.expires > Date.now()) return cached.value;
    const { data } = await this.rpc.call(ListUsersV1, {}, actor);
    const expires = Date.now() + NAME_TTL_MS;
    for (const user of data) {
      this.names.set(`${actor.organizationId}:${user.userId}`, { value: user.name, expires });
    }
    return this.names.get(key)?.value ?? actor.userId;
  }

  private async cachedExistence(key: string, lookup: () => Promise<unknown>): Promise<void> {
    const cached = this.existing.get(key);
    if (cached && cached.expires > Date.now()) return;
    await lookup();
    this.existing.set(key, { value: true, expires: Date.now() + EXISTENCE_TTL_MS });
  }
}
