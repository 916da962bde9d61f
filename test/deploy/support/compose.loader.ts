import { readFileSync } from 'node:fs';

import { parse } from 'yaml';

/** The parts of a compose service the checks read. */
export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target: string };
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  read_only?: boolean;
  user?: string;
  cap_drop?: string[];
  security_opt?: string[];
  tmpfs?: string[];
  restart?: string;
  volumes?: string[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** Reads a compose file the way Docker Compose does: YAML merge keys (`<<`) resolved. */
export function readCompose(file: string): ComposeFile {
  return parse(readFileSync(file, 'utf8'), { merge: true }) as ComposeFile;
}

/**
 * Compose variable interpolation with an empty environment: `${X:-default}` and `${X-default}`
 * become the default, `${X:?message}` stays unresolved (the operator must provide it) and is
 * reported as such.
 */
export function interpolate(value: string): { value: string; requiredFromEnvironment: string[] } {
  const requiredFromEnvironment: string[] = [];
  const resolved = value.replace(
    /\$\{([A-Z_][A-Z0-9_]*)(?:(:?-)([^}]*)|(:?\?)([^}]*))?\}/g,
    (_match, name: string, _dash?: string, fallback?: string, question?: string) => {
      if (question !== undefined) {
        requiredFromEnvironment.push(name);
        return `<${name}>`;
      }
      return fallback ?? '';
    },
  );
  return { value: resolved, requiredFromEnvironment };
}

/** True when the value can be replaced from the environment (or an .env file) at start-up. */
export function isInterpolated(value: string): boolean {
  return /^\$\{[A-Z_][A-Z0-9_]*(?::?[-?][^}]*)?\}$/.test(value.trim());
}
