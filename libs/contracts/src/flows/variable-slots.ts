import type { NodeType } from './flow-graph.types';

/** `{{vars.NAME}}`, the one way a node configuration names a variable value. */
export const VARIABLE_REFERENCE = /\{\{\s*vars\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * The secret slots: the only settings whose texts may hold `{{vars.NAME}}`, each an object of
 * texts (header name to value). A value placed there leaves the worker in the outbound request
 * and nowhere else: no expression can read a variable, so no step output, error or condition
 * can carry a value, a part of it or a property of it (length, comparison) back to a caller.
 * `action.write-back` names its signing secret by variable name (`secretVariable`) instead, and
 * a hosted model (`hosted` of ai.classify and ai.extract) its API key (`apiKeyVariable`).
 */
export const SECRET_SLOTS: Readonly<Partial<Record<NodeType, readonly string[]>>> = {
  'app.http-request': ['headers'],
};

export function isSecretSlot(type: NodeType, setting: string): boolean {
  return SECRET_SLOTS[type]?.includes(setting) ?? false;
}

/** Paths of the texts of a configuration that hold a variable reference outside a slot. */
export function misplacedVariableReferences(
  type: NodeType,
  config: Record<string, unknown> | undefined,
): string[] {
  return Object.entries(config ?? {}).flatMap(([setting, value]) =>
    isSecretSlot(type, setting) ? [] : referencingPaths(value, setting),
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

export function hasVariableReference(text: string): boolean {
  return new RegExp(VARIABLE_REFERENCE.source).test(text);
}
