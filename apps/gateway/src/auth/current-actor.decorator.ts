import { Actor, DocketException } from '@docket/platform';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The caller as the PermissionGuard established it. */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const actor = context.switchToHttp().getRequest<FastifyRequest>().actor;
  if (!actor) throw DocketException.unauthenticated();
  return actor;
});
