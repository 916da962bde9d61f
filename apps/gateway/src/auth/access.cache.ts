import { ACCESS_CHANGED_SUBJECT, ResolveAccessV1 } from '@docket/contracts';
import { Actor, DocketException, RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { GatewayConfig } from '../gateway.config';
import { Principal } from '../http/request-context';

interface CachedAccess {
  role: Actor['role'];
  projectAccess: Actor['projectAccess'];
  expires: number;
}

/**
 * Project grants change, API keys are revoked and people sign out while tokens live: so what a token may do is
 * resolved per user and key and cached briefly. Identity broadcasts ACCESS_CHANGED when a user's
 * grants or keys change, and every gateway replica drops that user's entries at once; the next
 * request resolves again, and a token of a revoked key is refused. A replica that starts later
 * has nothing cached and asks identity.
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
    const { apiKeyId, sessionId, ...identity } = principal;
    // A token from neither a key nor a session (none is issued so today) has nothing to revoke.
    if (identity.role === 'Admin' && apiKeyId === undefined && sessionId === undefined) {
      return { ...identity, projectAccess: 'all' };
    }
    const key = `${identity.userId}/${apiKeyId ?? ''}/${sessionId ?? ''}`;
    const cached = this.entries.get(key);
    if (cached && cached.expires > Date.now()) {
      return { ...identity, role: cached.role, projectAccess: cached.projectAccess };
    }
    const scoped: Actor = { ...identity, projectAccess: [] };
    const resolved = await this.rpc.call(
      ResolveAccessV1,
      {
        userId: identity.userId,
        ...(apiKeyId === undefined ? {} : { apiKeyId }),
        ...(sessionId === undefined ? {} : { sessionId }),
      },
      scoped,
    );
    if (!resolved.active) {
      throw DocketException.unauthenticated(
        'Access token no longer valid: its API key was revoked, its session signed out or its ' +
          'user removed or deactivated',
      );
    }
    // The role now, not the one the token was issued with: a role change holds at once.
    const role = resolved.role ?? identity.role;
    this.entries.set(key, {
      role,
      projectAccess: resolved.projectAccess,
      expires: Date.now() + this.config.accessCacheSeconds * 1000,
    });
    return { ...identity, role, projectAccess: resolved.projectAccess };
  }

  /** Drops every cached answer for the user, whichever key their tokens came from. */
  forget(userId: string): void {
    for (const key of this.entries.keys()) {
      if (key.startsWith(`${userId}/`)) this.entries.delete(key);
    }
  }
}
