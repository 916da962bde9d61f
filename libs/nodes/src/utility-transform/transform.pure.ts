import type { PureRecipe } from '../pure/pure-node.types';

/** The JSONata expression's result becomes the node's output. */
export const transformOutcome: PureRecipe = async ({ config, evaluate }) => ({
  output: await evaluate(String(config.expression)),
});
