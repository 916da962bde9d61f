import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createLogger } from '@docket/platform';
import { bundleWorkflowCode, WorkflowBundleOption } from '@temporalio/worker';

import { workflowBundleOptions, workflowLibraryFolders } from './workflow-libraries';

const logger = createLogger('workflow-bundle');

/**
 * Where the worker's workflow code comes from. A prebuilt bundle (WORKFLOW_BUNDLE_PATH) wins;
 * otherwise the workflow source is bundled with webpack, once per content: the result is kept
 * in a cache folder under a hash of the source, so a restarted worker (a crash, a deploy of
 * unrelated code) polls again in about a second instead of re-bundling for several.
 */
export async function workflowBundle(options: {
  bundlePath: string;
  workflowsPath: string;
  cacheDir?: string;
}): Promise<WorkflowBundleOption> {
  if (options.bundlePath) return { codePath: options.bundlePath };
  const entry = require.resolve(options.workflowsPath);
  const cacheDir = options.cacheDir ?? path.join(os.tmpdir(), 'docket-workflow-bundles');
  const cached = path.join(cacheDir, `${sourceHash(entry)}.js`);
  try {
    statSync(cached);
    return { codePath: cached };
  } catch {
    // Not bundled yet for this source.
  }
  const started = Date.now();
  const { code } = await bundleWorkflowCode(workflowBundleOptions(entry));
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${cached}.${process.pid}.tmp`;
  writeFileSync(partial, code);
  renameSync(partial, cached);
  logger.info({ ms: Date.now() - started, bundle: cached }, 'bundled the workflow code');
  return { codePath: cached };
}

/**
 * Folders beside the workflow folder whose modules the workflow imports (the pure nodes, their
 * expressions, the step input), and the packages it bundles besides the SDK.
 */
const IMPORTED_FOLDERS = ['../nodes', '../nodes/expressions', '../runs'];
const BUNDLED_PACKAGES = ['@temporalio/workflow', 'jsonata'];

/** The source files of the workflow folder, of what it imports and of its libraries, and package versions. */
function sourceHash(entry: string): string {
  const hash = createHash('sha256');
  for (const name of BUNDLED_PACKAGES) {
    const manifest = readFileSync(require.resolve(`${name}/package.json`), 'utf8');
    hash.update(name).update((JSON.parse(manifest) as { version: string }).version);
  }
  hash.update(entry);
  const folder = path.dirname(entry);
  for (const dir of IMPORTED_FOLDERS.map((relative) => path.join(folder, relative))) {
    for (const file of readdirSync(dir).sort()) {
      if (!/\.(js|ts)$/.test(file) || /\.(spec|int-spec)\.(js|ts)$/.test(file)) continue;
      hash.update(file).update(readFileSync(path.join(dir, file)));
    }
  }
  for (const dir of [folder, ...workflowLibraryFolders(entry).values()]) {
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
      if (!/\.(js|ts)$/.test(file) || /\.(spec|int-spec)\.(js|ts)$/.test(file)) continue;
      hash.update(file).update(readFileSync(path.join(dir, file)));
    }
  }
  return hash.digest('hex').slice(0, 32);
}
