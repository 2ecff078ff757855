import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@plinth/contract': fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url)),
    },
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          exclude: ['apps/web/**', '**/node_modules/**'],
        },
      },
      // The web app's tests run in a DOM, with its own Vite config (React, Tailwind).
      'apps/web/vite.config.ts',
    ],
  },
});
