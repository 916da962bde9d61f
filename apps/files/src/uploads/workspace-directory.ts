import { GetWorkspaceV1 } from '@docket/contracts';
import { Actor, RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Answers "is this workspace in the caller's organization?" for upload requests. A workspace
 * never moves between organizations, so a yes is remembered for a few minutes (bounded, in
 * case workspaces become deletable); a no is never remembered. This takes the identity round
 * trip off the hot path of POST /files.
 */
@Injectable()
export class WorkspaceDirectory {
  private readonly confirmed = new Map<string, number>();

  constructor(private readonly rpc: RpcClient) {}

  async assertInOrganization(actor: Actor, workspaceId: string): Promise<void> {
    const key = `${actor.organizationId}:${workspaceId}`;
    const until = this.confirmed.get(key);
    if (until !== undefined && until > Date.now()) return;
    await this.rpc.call(GetWorkspaceV1, { workspaceId }, actor);
    this.confirmed.delete(key);
    this.confirmed.set(key, Date.now() + TTL_MS);
    if (this.confirmed.size > MAX_ENTRIES) {
      // Maps iterate in insertion order: the first key is the oldest confirmation.
      this.confirmed.delete(this.confirmed.keys().next().value as string);
    }
  }
}
