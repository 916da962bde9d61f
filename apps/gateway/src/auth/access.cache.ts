import { ACCESS_CHANGED_SUBJECT, ResolveAccessV1 } from '@docket/contracts';
import { Actor, DocketException, RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { GatewayConfig } from '../gateway.config';
import { Principal } from '../http/request-context';

interface CachedAccess {
  projectAccess: Actor['projectAccess'];
  expires: number;
}

/**
 * Project grants change while tokens live, so they are resolved per user and cached briefly.
 * Identity broadcasts ACCESS_CHANGED when grants or keys change, which drops the entry at once.
 */
@Injectable()
export class AccessCache {
  static readonly CHANGED_SUBJECT = ACCESS_CHANGED_SUBJECT;
  private readonly entries = new Map<string, CachedAccess>();

  constructor(
    private readonly rpc: RpcClient,
    private readonly config: GatewayConfig,
  ) {}

  async actorFor(principal: Principal): Promise<Actor> {
    if (principal.role === 'Admin') return { ...principal, projectAccess: 'all' };
    const cached = this.entries.get(principal.userId);
    if (cached && cached.expires > Date.now())
      return { ...principal, projectAccess: cached.projectAccess };
    const scoped: Actor = { ...principal, projectAccess: [] };
    const resolved = await this.rpc.call(ResolveAccessV1, { userId: principal.userId }, scoped);
    if (!resolved.active) throw DocketException.unauthenticated('User no longer exists');
    this.entries.set(principal.userId, {
      projectAccess: resolved.projectAccess,
      expires: Date.now() + this.config.accessCacheSeconds * 1000,
    });
    return { ...principal, projectAccess: resolved.projectAccess };
  }

  forget(userId: string): void {
    this.entries.delete(userId);
  }
}
