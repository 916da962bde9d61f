import { Actor, Role } from '@docket/platform';

/** What a valid access token says; the Actor adds the project access resolved per request. */
export interface Principal {
  organizationId: string;
  userId: string;
  role: Role;
  /** The API key the token was bought with (its `akid` claim); absent for sign-on sessions. */
  apiKeyId?: string;
  /** The sign-on session a browser's token came from (its `sid` claim); absent for API keys. */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    traceId: string;
    principal?: Principal;
    actor?: Actor;
  }
}
