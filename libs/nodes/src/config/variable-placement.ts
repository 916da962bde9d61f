import { hasVariableReference } from '@docket/contracts';

import type { Config } from './config-checks';

/** Paths of the texts of a configuration that hold a variable reference outside `slots`. */
export function misplacedVariableReferences(
  slots: readonly string[],
  config: Config | undefined,
): string[] {
  return Object.entries(config ?? {}).flatMap(([setting, value]) =>
    slots.includes(setting) ? [] : referencingPaths(value, setting),
  );
}

function referencingPaths(value: unknown, path: string): string[] {
  if (typeof value === 'string') return hasVariableReference(value) ? [path] : [];
  if (Array.isArray(value))
    return value.flatMap((entry, i) => referencingPaths(entry, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, entry]) => [
      ...(hasVariableReference(key) ? [`${path} (a key)`] : []),
      ...referencingPaths(entry, `${path}.${key}`),
    ]);
  }
  return [];
}
