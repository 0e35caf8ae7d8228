import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: each file drives its own browsers (Debian's Chromium and Firefox ESR) and its own emulators
 * on ports of their own, so files run side by side. Two at a time by default: a file spends most of its time
 * waiting on the site's calls and the extension's timers, not on the two cores. E2E_WORKERS=1 runs one at a time.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: workers > 1,
    maxWorkers: workers,
    // A guard against a hang that would hold CI for its whole 90 minutes, not a time budget: tests wait
    // for the state they expect, and speed is measured by `npm run bench`.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
