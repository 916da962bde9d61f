import { currentTraceId, newTraceId, runWithTrace, traceIdFrom } from './trace-context';

describe('trace ids', () => {
  const id = '4bf92f3577b34da6a3ce929d0e0e4736';

  it('takes the trace id of a W3C traceparent', () => {
    expect(traceIdFrom({ traceparent: `00-${id}-00f067aa0ba902b7-01` })).toBe(id);
  });

  it('ignores an all-zero or malformed traceparent and makes a fresh id', () => {
    for (const traceparent of [
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      'garbage',
      `00-${id}-short-01`,
    ]) {
      const traceId = traceIdFrom({ traceparent });
      expect(traceId).toMatch(/^[\da-f]{32}$/);
      expect(traceId).not.toBe(id);
    }
  });

  it('makes distinct well-formed ids across refills of the pooled random bytes', () => {
    const ids = Array.from({ length: 1000 }, () => newTraceId());
    for (const traceId of ids) expect(traceId).toMatch(/^[\da-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('accepts a well-formed X-Service-Trace-Id and refuses anything else', () => {
    expect(traceIdFrom({ traceId: id.toUpperCase() })).toBe(id);
    expect(traceIdFrom({ traceId: '<script>' })).toMatch(/^[\da-f]{32}$/);
  });

  it('keeps the id across awaits inside runWithTrace', async () => {
    const seen = await runWithTrace(id, async () => {
      await new Promise((r) => setTimeout(r, 5));
      return currentTraceId();
    });
    expect(seen).toBe(id);
    expect(currentTraceId()).toBeUndefined();
  });
});
