import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

export const TRACE_HEADER = 'x-service-trace-id';

export interface TraceContext {
  traceId: string;
}

const storage = new AsyncLocalStorage<TraceContext>();

// Every request without a trace id needs 16 random bytes; drawing them from a pooled buffer costs
// one randomBytes call per 256 ids instead of one per request (a measurable share of a gateway
// read, docs/benchmarks.md).
const ID_BYTES = 16;
const POOL_BYTES = ID_BYTES * 256;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** 32 hex characters: the W3C trace-id format, so it can double as an OpenTelemetry trace id. */
export function newTraceId(): string {
  if (poolOffset + ID_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const id = pool.toString('hex', poolOffset, poolOffset + ID_BYTES);
  poolOffset += ID_BYTES;
  return id;
}

const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/;
const TRACE_ID = /^[\da-f]{32}$/;

/** Honours an incoming W3C traceparent, else a well-formed trace id header, else a fresh id. */
export function traceIdFrom(headers: {
  traceparent?: string | string[];
  traceId?: string | string[];
}): string {
  const parent = first(headers.traceparent);
  const match = parent ? TRACEPARENT.exec(parent.trim()) : null;
  if (match && match[1] !== '0'.repeat(32)) return match[1];
  const given = first(headers.traceId)?.trim().toLowerCase();
  if (given && TRACE_ID.test(given)) return given;
  return newTraceId();
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function runWithTrace<T>(traceId: string, fn: () => T): T {
  return storage.run({ traceId }, fn);
}

export function currentTraceId(): string | undefined {
  return storage.getStore()?.traceId;
}
