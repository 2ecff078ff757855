import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The attack suite (`npm run test:security`): every case attacks a real listening server over
// HTTP, on SQLite, or on PostgreSQL when TEST_DATABASE_URL is set (CI runs both).
export default defineConfig({
  resolve: {
    alias: {
      '@plinth/contract': fileURLToPath(new URL('../packages/contract/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['security/**/*.attack.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
