import { IsInt, IsString, Min } from 'class-validator';

import { BaseConfig } from './base.config';
import { Env, envBindingsOf } from './env.decorator';
import { ConfigError, loadConfig } from './load-config';

class SampleConfig extends BaseConfig {
  @Env('SAMPLE_LIMIT', 'a limit')
  @IsInt()
  @Min(1)
  limit = 5;

  @Env('SAMPLE_SECRET', 'a secret', { secret: true })
  @IsString()
  secret = 'dev';
}

describe('loadConfig', () => {
  it('uses defaults and reads the environment with types', () => {
    expect(loadConfig(SampleConfig, {}).limit).toBe(5);
    const config = loadConfig(SampleConfig, {
      SAMPLE_LIMIT: '12',
      HTTP_PORT: '8080',
      NATS_URL: 'nats://x:4222',
    });
    expect(config).toMatchObject({ limit: 12, httpPort: 8080, natsUrl: 'nats://x:4222' });
  });

  it('fails fast naming every bad variable', () => {
    expect(() => loadConfig(SampleConfig, { SAMPLE_LIMIT: '0', LOG_LEVEL: 'loud' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig(SampleConfig, { SAMPLE_LIMIT: 'abc', LOG_LEVEL: 'loud' });
    } catch (error) {
      expect(String(error)).toContain('SAMPLE_LIMIT');
      expect(String(error)).toContain('LOG_LEVEL');
    }
  });

  it('lists bindings with descriptions and secrecy for the configuration reference', () => {
    const bindings = envBindingsOf(new SampleConfig());
    expect(bindings.find((b) => b.variable === 'SAMPLE_SECRET')).toMatchObject({
      secret: true,
      description: 'a secret',
    });
    expect(bindings.map((b) => b.variable)).toEqual(
      expect.arrayContaining(['NATS_URL', 'HTTP_PORT', 'SAMPLE_LIMIT']),
    );
  });
});
