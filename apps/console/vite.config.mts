import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const OUT_DIR = fileURLToPath(new URL('../../dist/apps/console', import.meta.url));
/** Text files worth compressing; tiny ones cost more in headers than they save. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` beside each compressible file once the build is done, so the gateway
 * serves them (@fastify/static `preCompressed`) without compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'docket-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(OUT_DIR)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

// The review console: built into dist/apps/console, served by the gateway under /console/.
// No source maps: the bundle's readable source is not published.
export default defineConfig({
  root: 'apps/console',
  base: '/console/',
  plugins: [react(), precompress()],
  // The gateway's permission matrix, read by the console to show only what the API allows.
  resolve: {
    alias: {
      '@docket/permission-matrix': fileURLToPath(
        new URL('../../libs/platform/src/auth/permission-matrix.json', import.meta.url),
      ),
    },
  },
  build: { outDir: OUT_DIR, emptyOutDir: true, sourcemap: false },
  logLevel: 'warn',
});
