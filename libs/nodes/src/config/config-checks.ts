/**
 * The checks node configurations are built from. Each returns the problems it finds, as
 * sentences that name the setting, so the builder can show them next to the node.
 */
export type Config = Record<string, unknown>;
export type ConfigRule = (config: Config) => string[];

export function only(config: Config, allowed: readonly string[]): string[] {
  return Object.keys(config)
    .filter((key) => !allowed.includes(key))
    .map((key) => `unknown setting ${key}`);
}

export function isObject(value: unknown): value is Config {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function optionalText(config: Config, key: string, max: number): string[] {
  const value = config[key];
  if (value === undefined) return [];
  return typeof value === 'string' && value.length >= 1 && value.length <= max
    ? []
    : [`${key} must be text of 1 to ${max} characters`];
}

export function integer(value: unknown, key: string, min: number, max: number): string[] {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max
    ? []
    : [`${key} must be a whole number from ${min} to ${max}`];
}

export function optionalInteger(config: Config, key: string, min: number, max: number): string[] {
  return config[key] === undefined ? [] : integer(config[key], key, min, max);
}

export function optionalNumber(config: Config, key: string, min: number, max: number): string[] {
  const value = config[key];
  if (value === undefined) return [];
  return typeof value === 'number' && value >= min && value <= max
    ? []
    : [`${key} must be a number from ${min} to ${max}`];
}

/** An absolute http(s) URL without credentials (the outbound client refuses plain http later). */
export function url(value: unknown, key: string): string[] {
  if (typeof value !== 'string') return [`${key} must be an absolute https URL`];
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      return [`${key} must use https`];
    }
    if (parsed.username || parsed.password) return [`${key} must not carry credentials`];
    return [];
  } catch {
    return [`${key} must be an absolute https URL`];
  }
}

export function isRegExp(source: unknown): boolean {
  if (typeof source !== 'string') return false;
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}
