import { INVALID_SPAN_CONTEXT, Span, SpanKind } from '@opentelemetry/api';

import { inSpan, tracingEnabled } from './otel-tracing';

describe('tracingEnabled', () => {
  it('is off by default', () => {
    expect(tracingEnabled({})).toBe(false);
  });

  it.each(['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'])(
    'turns on with %s',
    (variable) => {
      expect(tracingEnabled({ [variable]: 'http://collector:4318' })).toBe(true);
    },
  );

  it.each([
    ['OTEL_SDK_DISABLED', 'true'],
    ['OTEL_TRACES_EXPORTER', 'none'],
  ])('stays off with %s=%s even when an endpoint is set', (variable, value) => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', [variable]: value };
    expect(tracingEnabled(env)).toBe(false);
  });
});

describe('inSpan with tracing off', () => {
  it("runs the work with a span that records nothing, and gives back the work's result or error", async () => {
    let seen: Span | undefined;
    const result = await inSpan('rpc test', SpanKind.CLIENT, { a: 1 }, async (span) => {
      seen = span;
      span.setAttribute('ignored', true);
      return 42;
    });
    expect(result).toBe(42);
    expect(seen?.isRecording()).toBe(false);
    expect(seen?.spanContext()).toEqual(INVALID_SPAN_CONTEXT);
    await expect(
      inSpan('rpc test', SpanKind.CLIENT, {}, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
  });
});
