import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/emulator/**/*.test.ts'],
    environment: 'node',
    // browser.i18n from the locale files (the fake browser has none).
    setupFiles: ['test/unit/setup/i18n.ts'],
    restoreMocks: true,
    // A guard against a hang that would hold CI for its whole 90 minutes, not a time budget: tests wait
    // for the state they expect, and speed is measured by `npm run bench`.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
