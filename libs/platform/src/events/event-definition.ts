import { natsPrefix } from '../rpc/contract';

type Constructor<T> = new () => T;

/**
 * An event one service publishes on JetStream: a versioned subject bound to a payload class
 * (class-validator), like an RPC contract. The first subject segment names the owning service,
 * whose stream holds the event.
 */
export interface EventDefinition<T extends object> {
  readonly subject: string;
  readonly payload: Constructor<T>;
  readonly owner: string;
}

export function defineEvent<T extends object>(
  subject: string,
  payload: Constructor<T>,
): EventDefinition<T> {
  if (!/^[a-z]+(\.[a-z-]+)+\.v\d+$/.test(subject)) {
    throw new Error(`event subject ${subject} must look like service.noun.verb.vN`);
  }
  return { subject, payload, owner: subject.split('.')[0] };
}

export type PayloadOf<E> = E extends EventDefinition<infer T> ? T : never;

/**
 * Events live under `<prefix>.events.`, apart from request-reply subjects: a stream that captured
 * an RPC subject would answer every request with a PubAck.
 */
export function eventSubjectOf(event: { subject: string }, prefix = natsPrefix()): string {
  return `${prefix}.events.${event.subject}`;
}

export interface EventStreamConfig {
  name: string;
  subjects: string[];
}

/** One stream per owning service and prefix, so stacks sharing a NATS server never collide. */
export function eventStreamOf(owner: string, prefix = natsPrefix()): EventStreamConfig {
  const name = `${prefix}-events-${owner}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return { name, subjects: [`${prefix}.events.${owner}.>`] };
}

/** Durable consumer names share the stream name's alphabet. */
export function durableNameOf(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}
