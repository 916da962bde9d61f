import { NodeError } from '../node-error';
import type { PureRecipe } from '../pure/pure-node.types';

/** A run's history grows with every iteration; beyond this a flow should split its work. */
export const MAX_FOR_EACH_ITEMS = 500;

/** Evaluates the collection; the workflow runs the body once per element. */
export const forEachOutcome: PureRecipe = async ({ config, evaluate }) => {
  const expression = typeof config.items === 'string' && config.items ? config.items : 'documents';
  const value = await evaluate(expression);
  const items = value === null ? [] : Array.isArray(value) ? value : [value];
  if (items.length > MAX_FOR_EACH_ITEMS) {
    throw new NodeError(
      'TOO_MANY_ITEMS',
      `for-each yields ${items.length} elements; at most ${MAX_FOR_EACH_ITEMS} are allowed`,
    );
  }
  return { output: { count: items.length, items } };
};
