import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The review console: built into dist/apps/console, served by the gateway under /console/.
export default defineConfig({
  root: 'apps/console',
  base: '/console/',
  plugins: [react()],
  build: { outDir: '../../dist/apps/console', emptyOutDir: true, sourcemap: true },
  logLevel: 'warn',
});
