import { defineConfig } from 'vitest/config';

// Journeys in a real browser against the built app; run after `npm run build` (CI does).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A real browser on a busy machine can take seconds to settle; polls wait for it.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
  },
});
