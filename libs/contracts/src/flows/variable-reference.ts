/**
 * `{{vars.NAME}}`, the one way a node configuration names a variable value; which settings may
 * hold one (a node type's secret slots) is said by its definition in libs/nodes.
 */
export const VARIABLE_REFERENCE = /\{\{\s*vars\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export function hasVariableReference(text: string): boolean {
  return new RegExp(VARIABLE_REFERENCE.source).test(text);
}
