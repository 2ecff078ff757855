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
          include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'packages/*/src/**/*.test.tsx'],
          exclude: ['apps/web/**', '**/node_modules/**'],
        },
      },
      // Type tests (*.test-d.ts) run through the TypeScript compiler, not at runtime.
      {
        extends: true,
        test: {
          name: 'types',
          typecheck: {
            enabled: true,
            only: true,
            include: ['packages/sdk/src/**/*.test-d.ts'],
            tsconfig: 'packages/sdk/tsconfig.test.json',
          },
        },
      },
      // The web app's tests run in a DOM, with its own Vite config (React, Tailwind).
      'apps/web/vite.config.ts',
    ],
  },
});
