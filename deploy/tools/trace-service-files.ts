import { cpSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import { nodeFileTrace, resolve as resolveDependency } from '@vercel/nft';

import { IMAGE_FILES, ImageFiles } from './image-files';

/**
 * Copies what one image needs at run time into its own folder: the image's compiled apps and
 * exactly the files of dist/libs and node_modules that its entry points reach. @vercel/nft
 * follows require, import (under every export condition Node 20 and 22 may pick) and the files
 * a module opens by a computed path, so each image carries its own service's production
 * dependencies only (no TypeScript, jest, the build's swc, other services' libraries). File by
 * file, not package by package: most packages ship several builds (OpenTelemetry's four are
 * 42 MB) of which a service loads one.
 *
 *   node -r @swc-node/register deploy/tools/trace-service-files.ts <target> <output folder>
 *
 * Run from the repository root after `deploy/stack/build.sh` (and the worker's workflow bundle).
 * The output mirrors the repository's layout (dist/…, node_modules/…), so the image copies it to
 * /app unchanged.
 */
// Temporal's native bridge ships a build for every platform in one package; an image runs one.
const BRIDGE_RELEASES = 'node_modules/@temporalio/core-bridge/releases/';
const BRIDGE_PLATFORM: Record<string, string> = {
  x64: 'x86_64-unknown-linux-gnu',
  arm64: 'aarch64-unknown-linux-gnu',
};

function forThisPlatform(source: string): boolean {
  const relative = source.slice(source.lastIndexOf(BRIDGE_RELEASES));
  if (!relative.startsWith(BRIDGE_RELEASES) || relative === BRIDGE_RELEASES.slice(0, -1))
    return true;
  const platform = BRIDGE_PLATFORM[process.arch] ?? process.arch;
  return relative.slice(BRIDGE_RELEASES.length).split('/')[0] === platform;
}

async function tracedFiles(image: ImageFiles, root: string): Promise<string[]> {
  const { fileList, warnings } = await nodeFileTrace(
    image.entries.map((entry) => path.join(root, entry)),
    {
      base: root,
      // Node 22 prefers a package's module-sync export. The tracer picks exports as the Node it
      // runs on would, so the build stage runs it on the images' own Node; this keeps both
      // targets where a Node 20 run can see them.
      moduleSyncCatchall: true,
      // @docket/<lib> is resolved by deploy/runtime/aliases.js at run time; the same rule here.
      resolve: async (id, parent, job, cjs) => {
        const alias = /^@docket\/([a-z-]+)$/.exec(id);
        if (alias) return path.join(root, 'dist/libs', alias[1], 'src/index.js');
        return resolveDependency(id, parent, job, cjs);
      },
    },
  );
  for (const warning of warnings) {
    if (worthSaying(warning.message, image)) process.stderr.write(`${warning.message}\n`);
  }
  return [...fileList];
}

/**
 * Not worth a line: optional peers and other platforms' builds that packages try and do without
 * (Nest's express and transports, TypeORM's other drivers, canvas and swc for other systems);
 * assets read by path that are not code (licences); code in a package copied whole.
 */
function worthSaying(message: string, image: ImageFiles): boolean {
  if (/Cannot find module|reading 'endsWith'/.test(message)) return false;
  const unparsed = /^Failed to parse (\S+) as/.exec(message)?.[1];
  if (!unparsed) return true;
  if (!/\.[cm]?js$/.test(unparsed)) return false;
  return !(image.wholePackages ?? []).some((name) => unparsed.includes(`/node_modules/${name}/`));
}

function copyInto(output: string, root: string, relative: string): void {
  const target = path.join(output, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  cpSync(path.join(root, relative), target, {
    recursive: true,
    verbatimSymlinks: true,
    filter: forThisPlatform,
  });
}

function folderBytes(folder: string): number {
  const entries = readdirSync(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

async function run(): Promise<void> {
  const [target, output] = process.argv.slice(2);
  const image: ImageFiles | undefined = target
    ? IMAGE_FILES[target as keyof typeof IMAGE_FILES]
    : undefined;
  if (!image || !output) {
    throw new Error(
      `usage: trace-service-files.ts <${Object.keys(IMAGE_FILES).join('|')}> <output>`,
    );
  }
  const root = process.cwd();
  const traced = (await tracedFiles(image, root)).filter(forThisPlatform);
  const whole = [...image.folders, ...(image.wholePackages ?? []).map((p) => `node_modules/${p}`)];
  for (const folder of whole) {
    if (!existsSync(path.join(root, folder))) throw new Error(`${target}: ${folder} is missing`);
    copyInto(output, root, folder);
  }
  for (const file of traced) copyInto(output, root, file);
  const megabytes = (folderBytes(output) / 1e6).toFixed(1);
  process.stdout.write(
    `${target}: ${traced.length} traced files, ${whole.length} whole folders, ${megabytes} MB -> ${output}\n`,
  );
}

run().catch((error: unknown) => {
  process.stderr.write(
    `tracing failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
