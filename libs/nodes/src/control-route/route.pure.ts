import { nodeConfig } from '../node-config';
import type { PureRecipe } from '../pure/pure-node.types';

/** The first route whose condition is truthy names the branch; else `default`. */
export const routeOutcome: PureRecipe = async ({ config, evaluate }) => {
  for (const route of nodeConfig('control.route', config).routes) {
    if (isTruthy(await evaluate(route.when))) {
      return { output: { branch: route.branch }, branch: route.branch };
    }
  }
  return { output: { branch: 'default' }, branch: 'default' };
};

/** JSONata's notion of truth for a condition result. */
function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(isTruthy);
  if (value && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}
