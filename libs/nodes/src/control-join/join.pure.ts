import type { PureRecipe } from '../pure/pure-node.types';

/**
 * Started once every incoming branch has settled: gathers what the branches that ran produced,
 * keyed by node id.
 */
export const joinOutcome: PureRecipe = ({ data, upstream }) => {
  const nodes = data.nodes;
  return Promise.resolve({
    output: Object.fromEntries(
      (upstream ?? []).filter((id) => id in nodes).map((id) => [id, nodes[id]]),
    ),
  });
};
