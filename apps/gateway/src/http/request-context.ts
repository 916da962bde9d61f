import { Actor, Role } from '@docket/platform';

/** What a valid access token says; the Actor adds the project access resolved per request. */
export interface Principal {
  organizationId: string;
  userId: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    traceId: string;
    principal?: Principal;
    actor?: Actor;
  }
}
