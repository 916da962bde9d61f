import { DirectoryAccess } from '@docket/contracts';
import { declaredAccessOf, DocketException, isAllowed, isUuid } from '@docket/platform';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import { AccessCache } from './access.cache';

/**
 * Role check against the permission matrix, then the project grant for any projectId the
 * request names. A project of another organization is a 404 (never reveal existence); a
 * project of the caller's organization without a grant is PERMISSION_DENIED.
 */
@Injectable()
export class PermissionGuard implements CanActivate {
  constructor(
    private readonly access: AccessCache,
    private readonly directory: DirectoryAccess,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // The route's one declaration (see ApiRoute); a route without one is treated as `user`.
    const declared = declaredAccessOf(request.routeOptions.config);
    if (declared && declared.docketAccess !== 'user') return true;
    const operation = declared?.permission;
    if (!operation) throw new DocketException('INTERNAL', 'Route has no permission declared');
    if (!request.principal) throw DocketException.unauthenticated();
    // Whether the token still stands (its key unrevoked, its user present) before what it may do.
    const actor = await this.access.actorFor(request.principal);
    if (!isAllowed(actor.role, operation)) {
      throw DocketException.denied(`Role ${actor.role} may not perform ${operation}`);
    }
    request.actor = actor;
    const projectId = namedProjectId(request);
    if (projectId) await this.directory.assertProjectGrant(actor, projectId);
    return true;
  }
}

function namedProjectId(request: FastifyRequest): string | undefined {
  for (const source of [request.params, request.query, request.body]) {
    const value = (source as Record<string, unknown> | undefined)?.projectId;
    if (isUuid(value)) return value;
  }
  return undefined;
}
