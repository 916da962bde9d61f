import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One Prometheus registry per process, exposed at /metrics. Metric factories return the
 * existing metric when a name is registered twice, so modules can declare what they record
 * next to where they record it.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'docket_process_' });

const LATENCY_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
];

export function counter<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
): Counter<L> {
  const existing = metricsRegistry.getSingleMetric(name);
  if (existing) return existing as Counter<L>;
  return new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}

export function histogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: number[] = LATENCY_BUCKETS,
): Histogram<L> {
  const existing = metricsRegistry.getSingleMetric(name);
  if (existing) return existing as Histogram<L>;
  return new Histogram({ name, help, labelNames, buckets, registers: [metricsRegistry] });
}

/** `collect`, when given, runs at every scrape to set the value from the source of truth. */
export function gauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  collect?: (this: Gauge<L>) => Promise<void>,
): Gauge<L> {
  const existing = metricsRegistry.getSingleMetric(name);
  if (existing) return existing as Gauge<L>;
  return new Gauge({ name, help, labelNames, registers: [metricsRegistry], collect });
}

/** Service calls, recorded by every @RpcHandler. */
export const rpcRequests = counter(
  'docket_rpc_requests_total',
  'NATS requests handled, by subject and result code',
  ['subject', 'code'] as const,
);
export const rpcDuration = histogram(
  'docket_rpc_request_duration_seconds',
  'NATS request handling time',
  ['subject', 'code'] as const,
);

/** Public HTTP, recorded by the gateway for every response. */
export const httpRequests = counter(
  'docket_http_requests_total',
  'HTTP requests, by route, method and status',
  ['route', 'method', 'status'] as const,
);
export const httpDuration = histogram(
  'docket_http_request_duration_seconds',
  'HTTP request latency',
  ['route', 'method', 'status'] as const,
);
export const rateLimitRejections = counter(
  'docket_rate_limit_rejections_total',
  'Requests refused with 429',
  ['kind'] as const,
);
