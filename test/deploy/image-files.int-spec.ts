import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { IMAGE_FILES } from '../../deploy/tools/image-files';

/**
 * The files an image carries, laid out by the same tool the Dockerfile's build stage runs
 * (deploy/tools/trace-service-files.ts) from the compiled dist/ that npm test builds: each image
 * gets its own app and the packages it loads, and nothing of the build or of other services.
 */
const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);
const output = mkdtempSync(path.join(tmpdir(), 'docket-image-files-'));

async function trace(target: keyof typeof IMAGE_FILES): Promise<string> {
  const folder = path.join(output, target);
  await run(
    process.execPath,
    ['-r', '@swc-node/register', 'deploy/tools/trace-service-files.ts', target, folder],
    { cwd: ROOT },
  );
  return folder;
}

const has = (folder: string, relative: string): boolean => existsSync(path.join(folder, relative));
const { buildTools, ownedPackages } = JSON.parse(
  readFileSync(path.join(ROOT, 'deploy/images/image-contents.json'), 'utf8'),
) as { buildTools: string[]; ownedPackages: Record<string, string[]> };
/** What the image of this target must not carry: build tools and other services' packages. */
const foreignTo = (target: string): string[] => [
  ...buildTools,
  ...Object.keys(ownedPackages).filter((name) => !ownedPackages[name].includes(target)),
];

afterAll(() => rmSync(output, { recursive: true, force: true }));

// Laying out an image copies thousands of files: over a minute when the machine is busy (two
// cores running benchmarks beside the suite timed out at the project's 60 s). An upper bound,
// not a wait: each test ends when its tool does.
jest.setTimeout(240_000);

describe('the files of each image', () => {
  it('gateway: its app, the console it serves, its packages; no build tools, no document engines', async () => {
    const gateway = await trace('gateway');
    expect(readdirSync(path.join(gateway, 'dist/apps')).sort()).toEqual(['console', 'gateway']);
    expect(has(gateway, 'dist/apps/gateway/src/main.js')).toBe(true);
    expect(has(gateway, 'dist/apps/console/index.html')).toBe(true);
    for (const name of ['@nestjs/core', 'fastify', 'nats']) {
      expect(has(gateway, `node_modules/${name}/package.json`)).toBe(true);
    }
    for (const name of foreignTo('gateway')) {
      expect(has(gateway, `node_modules/${name}`)).toBe(false);
    }
  });

  it('files: the page runner and the OCR and PDF engines it loads by path', async () => {
    const files = await trace('files');
    expect(has(files, 'dist/libs/document-processing/src/runner/page-runner.mjs')).toBe(true);
    for (const name of [
      'tesseract.js',
      'tesseract.js-core',
      '@tesseract.js-data/eng',
      'pdfjs-dist',
      '@napi-rs/canvas',
    ]) {
      expect(has(files, `node_modules/${name}/package.json`)).toBe(true);
    }
    for (const name of foreignTo('files')) {
      expect(has(files, `node_modules/${name}`)).toBe(false);
    }
  });

  it('worker: Temporal’s native core for this platform only', async () => {
    const worker = await trace('worker');
    const releases = readdirSync(
      path.join(worker, 'node_modules/@temporalio/core-bridge/releases'),
    );
    expect(releases).toEqual([
      process.arch === 'arm64' ? 'aarch64-unknown-linux-gnu' : 'x86_64-unknown-linux-gnu',
    ]);
    for (const name of foreignTo('worker')) {
      expect(has(worker, `node_modules/${name}`)).toBe(false);
    }
  });
});
