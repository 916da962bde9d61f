/**
 * What each image carries beside the packages its entry points load: the single place that says
 * which compiled apps go into which image. deploy/tools/trace-service-files.ts lays the files out
 * at image build time; test/deploy checks the Dockerfile and the traced trees against it.
 */
export interface ImageFiles {
  /** Compiled modules the image runs, traced for everything they load. */
  readonly entries: readonly string[];
  /** Compiled folders copied whole (assets no module requires). */
  readonly folders: readonly string[];
  /** Packages copied whole: loaded by a path decided at run time, which tracing cannot see. */
  readonly wholePackages?: readonly string[];
}

const main = (app: string): string => `dist/apps/${app}/src/main.js`;
const migrate = (app: string): string => `dist/apps/${app}/src/migrate.js`;

export const IMAGE_FILES = {
  gateway: {
    entries: [main('gateway')],
    // The review console the gateway serves under /console.
    folders: ['dist/apps/gateway', 'dist/apps/console'],
  },
  identity: { entries: [main('identity')], folders: ['dist/apps/identity'] },
  items: { entries: [main('items')], folders: ['dist/apps/items'] },
  files: {
    // The page runner is a child process started by its path (runner-client.ts), not imported.
    entries: [main('files'), 'dist/libs/document-processing/src/runner/page-runner.mjs'],
    folders: ['dist/apps/files'],
    // tesseract.js picks its core (SIMD or not, LSTM-only or not) and its language data at run
    // time, and pdf.js reads its fonts and character maps by URL.
    wholePackages: ['tesseract.js', 'tesseract.js-core', '@tesseract.js-data/eng', 'pdfjs-dist'],
  },
  flows: { entries: [main('flows')], folders: ['dist/apps/flows'] },
  // The workflow bundle (dist/apps/worker/workflow-bundle.js) is built ahead of time, so the
  // bundler's webpack is loaded by @temporalio/worker but never runs.
  worker: { entries: [main('worker')], folders: ['dist/apps/worker'] },
  migrations: {
    entries: ['identity', 'files', 'items', 'flows'].map(migrate),
    folders: ['dist/apps/identity', 'dist/apps/files', 'dist/apps/items', 'dist/apps/flows'],
  },
} as const satisfies Record<string, ImageFiles>;
