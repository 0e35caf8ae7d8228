import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// What every unit project shares.
const shared = {
  plugins: [WxtVitest()],
  esbuild: { jsx: 'automatic' as const, jsxImportSource: 'preact' },
};
const common = {
  environment: 'node' as const,
  // browser.i18n from the locale files (the fake browser has none).
  setupFiles: ['test/unit/setup/i18n.ts'],
  restoreMocks: true,
  // A guard against a hang that would hold CI for its whole 90 minutes, not a time budget: tests wait
  // for the state they expect, and speed is measured by `npm run bench`.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        ...shared,
        // The logic, the background and the emulator: vmThreads runs them in half the time of forks.
        test: { ...common, name: 'logic', include: ['test/unit/**/*.test.ts', 'test/emulator/**/*.test.ts'], pool: 'vmThreads' },
      },
      {
        ...shared,
        // The views: @testing-library's CommonJS dependencies (get-intrinsic) do not load in vmThreads.
        test: { ...common, name: 'views', include: ['test/unit/**/*.test.tsx'], pool: 'threads' },
      },
    ],
  },
});
