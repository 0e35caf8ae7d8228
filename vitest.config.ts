import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { viteAliases } from './scripts/tsconfig-paths';

/**
 * Every test of the repo, as projects: `npm run test:unit` runs `logic` and `views`, `npm run test:packages`
 * runs `packages`, `npm run test:e2e` runs `e2e`. A bare `vitest run` runs them all (e2e needs its builds).
 */

// What the unit projects share.
const unit = {
  plugins: [WxtVitest()],
  esbuild: { jsx: 'automatic' as const, jsxImportSource: 'preact' },
};
const unitTest = {
  environment: 'node' as const,
  // browser.i18n from the locale files (the fake browser has none).
  setupFiles: ['test/unit/setup/i18n.ts'],
  restoreMocks: true,
  // A guard against a hang that would hold CI for its whole 90 minutes, not a time budget: tests wait
  // for the state they expect, and speed is measured by `npm run bench`.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

/**
 * End-to-end: each file drives its own browsers (Debian's Chromium and Firefox ESR) and its own emulators on
 * ports of their own, so files run side by side, three at a time by default (`--maxWorkers` in the script): a
 * file spends much of its time waiting on the site's calls and the extension's timers. Measured on the 2-core
 * machine: two at a time 526 s, three 389 s (the cores about three quarters busy), four 409 s (saturated).
 */
// `@/` is the repo's root: the unit projects have it from WXT's plugin, the others from tsconfig.json's paths.
const root = { resolve: { alias: viteAliases() } };

const e2eTest = {
  environment: 'node' as const,
  include: ['test/e2e/**/*.e2e.ts'],
  testTimeout: 300_000,
  hookTimeout: 300_000,
};

export default defineConfig({
  test: {
    // The default reporter, and after a run with browser tests the ten slowest of their files.
    reporters: ['default', './test/e2e/times-reporter.ts'],
    projects: [
      // The logic, the background and the emulator: vmThreads runs them in half the time of forks.
      {
        ...unit,
        test: {
          ...unitTest,
          name: 'logic',
          include: ['test/unit/**/*.test.ts', 'test/emulator/**/*.test.ts'],
          pool: 'vmThreads',
        },
      },
      // The views: @testing-library's CommonJS dependencies (get-intrinsic) do not load in vmThreads.
      { ...unit, test: { ...unitTest, name: 'views', include: ['test/unit/**/*.test.tsx'], pool: 'threads' } },
      // The store packages, built by `npm run zip` and read from the zips themselves. A guard against a hang,
      // not a time budget: building the packages and rebuilding from the sources package (npm ci included)
      // takes minutes.
      {
        ...root,
        test: {
          name: 'packages',
          include: ['test/packages/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 900_000,
          hookTimeout: 900_000,
        },
      },
      { ...root, test: { ...e2eTest, name: 'e2e' } },
    ],
  },
});
