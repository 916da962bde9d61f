import { tracingEnabled } from './otel-tracing';

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
