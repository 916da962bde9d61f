import { validateSync } from 'class-validator';

import { envBindingsOf } from './env.decorator';

export class ConfigError extends Error {}

type Constructor<T> = new () => T;

/**
 * Reads a config class from the environment once, at start-up, and fails fast with every
 * problem listed: a service with a bad setting should not come up half-configured.
 */
export function loadConfig<T extends object>(
  type: Constructor<T>,
  env: NodeJS.ProcessEnv = process.env,
): T {
  const config = new type();
  const target = config as Record<string, unknown>;
  for (const binding of envBindingsOf(config)) {
    const raw = env[binding.variable];
    if (raw === undefined || raw === '') continue;
    target[binding.property] = coerce(raw, typeof target[binding.property]);
  }
  const errors = validateSync(config, { forbidUnknownValues: false });
  if (errors.length > 0) {
    const byProperty = new Map(envBindingsOf(config).map((b) => [b.property, b.variable]));
    const lines = errors.map((e) => {
      const name = byProperty.get(e.property) ?? e.property;
      return `${name}: ${Object.values(e.constraints ?? {}).join(', ')}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return config;
}

function coerce(raw: string, kind: string): unknown {
  if (kind === 'number') return Number(raw);
  if (kind === 'boolean') return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
  return raw;
}
