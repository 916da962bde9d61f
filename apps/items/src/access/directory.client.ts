import { ListUsersV1 } from '@docket/contracts';
import { Actor, RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

const NAME_TTL_MS = 60_000;

interface Cached<T> {
  value: T;
  expires: number;
}

/**
 * Reviewers' names from identity (denormalised onto items for reviewer search), remembered for a
 * minute: a stale name only affects search until the next lock. Which projects and workspaces
 * the caller may see is DirectoryAccess's.
 */
@Injectable()
export class DirectoryClient {
  private readonly names = new Map<string, Cached<string>>();

  constructor(private readonly rpc: RpcClient) {}

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
}
