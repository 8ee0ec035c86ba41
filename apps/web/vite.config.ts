import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { moduleSizesPlugin } from './scripts/module-sizes-plugin.ts';

export default defineConfig({
  plugins: [react(), moduleSizesPlugin()],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
  // The manifest and module sizes (dist/.vite/, not served) feed scripts/check-sign-in-size.ts.
  build: { outDir: 'dist', sourcemap: false, manifest: true },
  test: {
    name: 'web',
    root: 'apps/web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Files share one module graph and one jsdom per worker; src/test/setup.ts resets what a file leaves behind.
    isolate: false,
    setupFiles: ['src/test/setup.ts'],
    // A test renders the app and walks through several waits (src/test/setup.ts): this bounds a hung test
    // only, generously enough for a loaded 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
