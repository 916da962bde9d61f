'use strict';
// Resolves @docket/<lib> to the compiled library in dist/, the runtime twin of the `paths` in
// tsconfig.base.json. Loaded with `node -r ./deploy/runtime/aliases.js` (and in the images).
const Module = require('node:module');
const path = require('node:path');

const distRoot = process.env.DOCKET_DIST ?? path.resolve(__dirname, '../../dist');
const original = Module._resolveFilename;

Module._resolveFilename = function resolveDocketAlias(request, ...rest) {
  const match = /^@docket\/([a-z-]+)$/.exec(request);
  if (match)
    return original.call(this, path.join(distRoot, 'libs', match[1], 'src', 'index.js'), ...rest);
  return original.call(this, request, ...rest);
};
