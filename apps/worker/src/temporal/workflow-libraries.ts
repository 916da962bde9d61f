import path from 'node:path';

import type { BundleOptions } from '@temporalio/worker';

/**
 * The Docket libraries that workflow code imports at run time (every other @docket import in a
 * workflow is type-only and erased), each with the module that is its entry in the sandbox. Only
 * pure, deterministic modules belong here: webpack bundles them into the workflow sandbox.
 * ESLint holds them to the workflow import rules. libs/nodes enters by its pure node recipes
 * only: the rest of it (the AI recipes, the engine) has no place in a workflow.
 */
const WORKFLOW_LIBRARIES: ReadonlyArray<{ name: string; entry: string }> = [
  { name: 'flow-graph', entry: 'index' },
  { name: 'nodes', entry: 'workflow' },
];

/**
 * Where each workflow library's source sits beside a workflows entry: the entry is
 * `<root>/apps/worker/src/workflows/index.(ts|js)`, with `<root>` the repository (TypeScript
 * under jest and swc-node) or its `dist/` (compiled JavaScript), and the library is
 * `<root>/libs/<name>/src`.
 */
export function workflowLibraryFolders(entry: string): Map<string, string> {
  const root = repositoryRoot(entry);
  return new Map(
    WORKFLOW_LIBRARIES.map(({ name }) => [`@docket/${name}`, path.join(root, 'libs', name, 'src')]),
  );
}

/** Bundler options for a workflows entry: webpack resolves @docket/<library> like tsconfig does. */
export function workflowBundleOptions(
  entry: string,
): Pick<BundleOptions, 'workflowsPath' | 'webpackConfigHook'> {
  const root = repositoryRoot(entry);
  const aliases = Object.fromEntries(
    WORKFLOW_LIBRARIES.map(({ name, entry: module }) => [
      `@docket/${name}$`,
      path.join(root, 'libs', name, 'src', module),
    ]),
  );
  return {
    workflowsPath: entry,
    webpackConfigHook: (config) => ({
      ...config,
      resolve: { ...config.resolve, alias: { ...config.resolve?.alias, ...aliases } },
    }),
  };
}

function repositoryRoot(entry: string): string {
  return path.resolve(path.dirname(entry), '..', '..', '..', '..');
}
