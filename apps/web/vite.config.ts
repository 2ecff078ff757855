import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { KNOWN_PATHS, KNOWN_PREFIXES } from './src/app/paths.ts';

/** Writes dist/routes.json: the server answers paths outside it with the app's 404 page and status 404. */
function routesManifest(): Plugin {
  return {
    name: 'plinth-routes-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'routes.json',
        source: `${JSON.stringify({ paths: KNOWN_PATHS, prefixes: KNOWN_PREFIXES }, null, 2)}\n`,
      });
    },
  };
}

// Vite builds the browser app into dist/; the server's web module serves it (apps/server/src/modules/web).
// Variables prefixed PUBLIC_ are the only ones that reach the browser (see src/config.ts).
export default defineConfig({
  plugins: [react(), tailwindcss(), routesManifest()],
  envPrefix: 'PUBLIC_',
  server: {
    // `npm run dev -w apps/web` proxies the API to the server started with `npm start`.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
