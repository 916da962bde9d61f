import path from 'node:path';

import type { BundleOptions } from '@temporalio/worker';

/**
 * The Docket libraries that workflow code imports at run time (every other @docket import in a
 * workflow is type-only and erased). Only pure, deterministic libraries belong here: webpack
 * bundles them into the workflow sandbox. ESLint holds them to the workflow import rules.
 */
const WORKFLOW_LIBRARIES = ['flow-graph'] as const;

/**
 * Where each workflow library's source sits beside a workflows entry: the entry is
 * `<root>/apps/worker/src/workflows/index.(ts|js)`, with `<root>` the repository (TypeScript
 * under jest and swc-node) or its `dist/` (compiled JavaScript), and the library is
 * `<root>/libs/<name>/src`.
 */
export function workflowLibraryFolders(entry: string): Map<string, string> {
  const root = path.resolve(path.dirname(entry), '..', '..', '..', '..');
  return new Map(
    WORKFLOW_LIBRARIES.map((name) => [`@docket/${name}`, path.join(root, 'libs', name, 'src')]),
  );
}

/** Bundler options for a workflows entry: webpack resolves @docket/<library> like tsconfig does. */
export function workflowBundleOptions(
  entry: string,
): Pick<BundleOptions, 'workflowsPath' | 'webpackConfigHook'> {
  const aliases = Object.fromEntries(
    [...workflowLibraryFolders(entry)].map(([request, folder]) => [
      `${request}$`,
      path.join(folder, 'index'),
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
