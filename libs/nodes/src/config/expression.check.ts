import jsonata from 'jsonata';

const MAX_EXPRESSION_LENGTH = 10_000;

/** A JSONata expression the worker can evaluate, which never reads `$vars`. */
export function expression(value: unknown, key: string): string[] {
  if (typeof value !== 'string' || value.trim() === '')
    return [`${key} must be a JSONata expression`];
  if (value.length > MAX_EXPRESSION_LENGTH) {
    return [`${key} is longer than ${MAX_EXPRESSION_LENGTH} characters`];
  }
  try {
    return readsVariables(jsonata(value).ast())
      ? [`${key} must not read $vars: variable values are not readable by expressions`]
      : [];
  } catch (error) {
    return [
      `${key} is not a valid expression: ${(error as { message?: string }).message ?? 'syntax error'}`,
    ];
  }
}

/** Whether a parsed expression names the variable `$vars` anywhere (JSONata's AST). */
function readsVariables(node: unknown, seen = new Set<unknown>()): boolean {
  if (!node || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  const record = node as Record<string, unknown>;
  if (record.type === 'variable' && record.value === 'vars') return true;
  return Object.values(record).some((child) => readsVariables(child, seen));
}
