import { Config, only } from '../config/config-checks';
import { expression } from '../config/expression.check';
import { list, object, text } from '../config/json-schema';
import type { NodeDefinition } from '../node-definition';

const BRANCH_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export const CONTROL_ROUTE_NODE: NodeDefinition = {
  type: 'control.route',
  category: 'Controls',
  title: 'Route',
  description: 'Follows the first branch whose JSONata condition holds, else `default`.',
  branches: null,
  branchesOf: routeBranches,
  configSchema: object(
    {
      routes: list(
        'Routes',
        object(
          {
            branch: text('Branch', { pattern: BRANCH_PATTERN.source }),
            when: text('When (JSONata)'),
          },
          ['branch', 'when'],
        ),
        { minItems: 1 },
      ),
    },
    ['routes'],
  ),
  configProblems: (c) => [...only(c, ['routes']), ...routes(c.routes)],
};

/** Branches a route node can take: its named routes and `default`. */
function routeBranches(config: Config | undefined): string[] {
  const list = Array.isArray(config?.routes) ? (config.routes as Array<{ branch?: unknown }>) : [];
  return [...list.map((route) => String(route.branch)), 'default'];
}

function routes(value: unknown): string[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 20) {
    return ['routes must list 1 to 20 routes'];
  }
  const problems = value.flatMap((entry, index) => {
    const route = entry as Config;
    const branchOk =
      typeof route?.branch === 'string' &&
      BRANCH_PATTERN.test(route.branch) &&
      route.branch !== 'default';
    return [
      ...(branchOk ? [] : [`routes[${index}].branch must be a lower-case name other than default`]),
      ...expression(route?.when, `routes[${index}].when`),
    ];
  });
  const branches = value.map((entry) => (entry as Config)?.branch);
  return new Set(branches).size === branches.length
    ? problems
    : [...problems, 'route branches must be unique'];
}
