'use strict';
// Run inside each built image by deploy/images/build.sh (mounted read-only, not part of the
// image): proves the image runs as non-root on a read-only root filesystem with /tmp writable,
// and that the native modules its service needs load on the image's Node.
const fs = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');

// This file is mounted outside /app; resolve modules as the app does.
const appRequire = createRequire('/app/package.json');

const failures = [];
const check = (what, ok) => {
  if (!ok) failures.push(what);
};

check('runs as non-root', process.getuid() !== 0 && process.getgid() !== 0);
for (const dir of ['/app', '/', '/usr/local']) {
  try {
    fs.writeFileSync(path.join(dir, '.write-probe'), 'x');
    failures.push(`${dir} is writable`);
  } catch (error) {
    check(`${dir} refuses writes as read-only (got ${error.code})`, error.code === 'EROFS');
  }
}
const probe = path.join('/tmp', `.write-probe-${process.pid}`);
fs.writeFileSync(probe, 'x');
fs.rmSync(probe);

// Each image carries its own service's production packages only: what another service or the
// build needs must not be there. The files service renders pages (canvas) and reads them
// (tesseract.js, WebAssembly); the worker runs Temporal (the Rust core bridge) from a workflow
// bundle built ahead of time; every service loads the compiled libraries through the aliases.
const service = process.env.DOCKET_SERVICE;
// A package folder anywhere in the tree, as npm lays it out (top level or nested in another).
const folders = fs.readdirSync('/app/node_modules', { recursive: true }).map(String);
const carries = (name) =>
  folders.some((entry) => entry === name || entry.endsWith(`node_modules/${name}`));
// Mounted beside this file by build.sh.
const { buildTools, ownedPackages } = JSON.parse(
  fs.readFileSync(path.join(__dirname, 'image-contents.json'), 'utf8'),
);
for (const tool of buildTools) check(`no ${tool}`, !carries(tool));
for (const [name, owners] of Object.entries(ownedPackages)) {
  if (!owners.includes(service)) {
    check(`no ${name} (${owners.join(', ')} only)`, !carries(name));
  }
}
if (service === 'files') {
  const { createCanvas } = appRequire('@napi-rs/canvas');
  const canvas = createCanvas(20, 10);
  check('canvas encodes a PNG', canvas.toBuffer('image/png').length > 0);
  appRequire('tesseract.js');
  check(
    'page runner present',
    fs.existsSync('/app/dist/libs/document-processing/src/runner/page-runner.mjs'),
  );
}
if (service === 'worker') {
  appRequire('@temporalio/core-bridge');
  check('workflow bundle present', fs.existsSync(process.env.WORKFLOW_BUNDLE_PATH));
}
const entry =
  service === 'migrations'
    ? 'dist/apps/identity/src/migrate.js'
    : `dist/apps/${service}/src/main.js`;
check(`${entry} present`, fs.existsSync(path.join('/app', entry)));

if (failures.length > 0) {
  process.stderr.write(`${service}: ${failures.join('; ')}\n`);
  process.exit(1);
}
process.stdout.write(
  `${service}: node ${process.version}, uid ${process.getuid()}, read-only root, ok\n`,
);
