import {
  Context,
  context,
  INVALID_SPAN_CONTEXT,
  propagation,
  Span,
  SpanKind,
  SpanStatusCode,
  TextMapGetter,
  TextMapSetter,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  IdGenerator,
  NodeTracerProvider,
  RandomIdGenerator,
} from '@opentelemetry/sdk-trace-node';

import { currentTraceId } from '../trace/trace-context';

/**
 * OpenTelemetry tracing, off by default. It turns on when an OTLP endpoint is configured through
 * the standard variables (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and
 * neither OTEL_SDK_DISABLED=true nor OTEL_TRACES_EXPORTER=none says otherwise. Spans use the
 * X-Service-Trace-Id as their trace id, so the id a customer quotes finds the whole trace.
 */
let provider: NodeTracerProvider | undefined;

/** Root spans take the request's trace id instead of a random one. */
class RequestTraceIdGenerator implements IdGenerator {
  private readonly random = new RandomIdGenerator();
  generateTraceId(): string {
    return currentTraceId() ?? this.random.generateTraceId();
  }
  generateSpanId(): string {
    return this.random.generateSpanId();
  }
}

export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

export function startTracing(service: string): void {
  if (provider || !tracingEnabled()) return;
  provider = new NodeTracerProvider({
    resource: new Resource({
      'service.name': process.env.OTEL_SERVICE_NAME ?? `docket-${service}`,
    }),
    idGenerator: new RequestTraceIdGenerator(),
  });
  provider.addSpanProcessor(new BatchSpanProcessor(new OTLPTraceExporter()));
  provider.register({ propagator: new W3CTraceContextPropagator() });
}

export async function stopTracing(): Promise<void> {
  await provider?.shutdown();
  provider = undefined;
}

const tracer = () => trace.getTracer('docket');

/** What `inSpan` hands its work when tracing is off: records nothing, like the API's no-op. */
const UNTRACED = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * Runs `fn` in a span; errors mark the span and pass through unchanged. With tracing off, `fn`
 * runs directly with a span that records nothing: every service call passes here, and the API's
 * no-op path still cost a context switch per call (docs/benchmarks.md).
 */
export async function inSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Record<string, string | number>,
  fn: (span: Span) => Promise<T>,
  parent?: Context,
): Promise<T> {
  if (!provider) return fn(UNTRACED);
  return tracer().startActiveSpan(
    name,
    { kind, attributes },
    parent ?? context.active(),
    async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.message : String(error),
        });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** A server span opened by one hook of a request and closed by another. */
export interface OpenServerSpan {
  /** The context to run the request's work in, so its outgoing calls are the span's children. */
  readonly context: Context;
  end(statusCode: number): void;
}

/**
 * Opens an HTTP server span, or nothing when tracing is off: a request then pays for no span
 * object and no context switch at all. A 5xx answer marks the span as failed (OpenTelemetry's
 * HTTP conventions: a 4xx is the client's error, not the server's).
 */
export function startServerSpan(
  name: string,
  attributes: Record<string, string | number>,
  parent: Context,
): OpenServerSpan | undefined {
  if (!provider) return undefined;
  const span = tracer().startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  return {
    context: trace.setSpan(parent, span),
    end: (statusCode) => {
      span.setAttribute('http.response.status_code', statusCode);
      if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/** Runs `fn` with `active` as the current OpenTelemetry context. */
export function runInContext<T>(active: Context, fn: () => T): T {
  return context.with(active, fn);
}

/** Any header carrier with get/set (NATS MsgHdrs, plain records). */
export interface HeaderCarrier {
  get(key: string): string | undefined | null;
  set(key: string, value: string): void;
}

const setter: TextMapSetter<HeaderCarrier> = {
  set: (carrier, key, value) => carrier.set(key, value),
};
const getter: TextMapGetter<HeaderCarrier> = {
  get: (carrier, key) => carrier.get(key) ?? undefined,
  keys: () => ['traceparent', 'tracestate'],
};

export function injectTraceHeaders(carrier: HeaderCarrier): void {
  propagation.inject(context.active(), carrier, setter);
}

export function contextFromHeaders(carrier: HeaderCarrier | undefined): Context {
  return carrier ? propagation.extract(context.active(), carrier, getter) : context.active();
}

export { SpanKind };
