import { Actor } from '../auth/actor';

type Constructor<T> = new () => T;

/**
 * A request-reply message between services: one subject bound to one request and one response
 * type, so that a caller and a handler cannot disagree about either.
 */
export interface Contract<Req extends object, Res> {
  readonly subject: string;
  readonly request: Constructor<Req>;
  /** Only a type witness; responses are produced by our own services and are not re-validated. */
  readonly response?: Res;
}

export function defineContract<Req extends object, Res>(
  subject: string,
  request: Constructor<Req>,
): Contract<Req, Res> {
  if (!/^[a-z]+(\.[a-z-]+)+\.v\d+$/.test(subject)) {
    throw new Error(`contract subject ${subject} must look like service.noun.verb.vN`);
  }
  return { subject, request };
}

export type RequestOf<C> = C extends Contract<infer Req, unknown> ? Req : never;
export type ResponseOf<C> = C extends Contract<object, infer Res> ? Res : never;

/** What travels on the wire: the caller, and the request. */
export interface RpcEnvelope {
  actor: Actor | null;
  data: unknown;
}

/** Read when handlers are declared; one process serves one prefix. */
export function subjectOf(contract: { subject: string }, prefix = natsPrefix()): string {
  return `${prefix}.${contract.subject}`;
}

export function natsPrefix(): string {
  return process.env.DOCKET_NATS_PREFIX || 'docket';
}
