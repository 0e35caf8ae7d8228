import { defineConfig } from 'vitest/config';

// End-to-end tests drive Debian's Chromium with the built extension loaded; one browser at a time.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    // A guard against a hang that would hold CI for its whole 90 minutes, not a time budget: tests wait
    // for the state they expect, and speed is measured by `npm run bench`.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
