import { Actor, Role } from '@docket/platform';

/** What a valid access token says; the Actor adds the project access resolved per request. */
export interface Principal {
  organizationId: string;
  userId: string;
  role: Role;
  /** The API key the token was bought with (its `akid` claim); absent for sign-on sessions. */
  apiKeyId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    traceId: string;
    principal?: Principal;
    actor?: Actor;
  }
}
