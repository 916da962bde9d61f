import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { bundleWorkflowCode } from '@temporalio/worker';

import { workflowBundleOptions } from '../../apps/worker/src/temporal/workflow-libraries';

/**
 * Bundles the worker's workflows ahead of time (the worker image runs it at build time and
 * points WORKFLOW_BUNDLE_PATH at the result), so a worker pod starts polling in seconds instead
 * of running webpack on every start.
 *
 *   node -r @swc-node/register deploy/tools/bundle-workflows.ts [workflows entry] [output file]
 */
const DEFAULT_ENTRY = 'dist/apps/worker/src/workflows/index.js';
const DEFAULT_OUTPUT = 'dist/apps/worker/workflow-bundle.js';

async function main(): Promise<void> {
  const [entry = DEFAULT_ENTRY, output = DEFAULT_OUTPUT] = process.argv.slice(2);
  const { code } = await bundleWorkflowCode(workflowBundleOptions(path.resolve(entry)));
  mkdirSync(path.dirname(path.resolve(output)), { recursive: true });
  writeFileSync(output, code);
  process.stdout.write(`workflow bundle: ${output} (${Math.round(code.length / 1024)} KiB)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bundling workflows failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
