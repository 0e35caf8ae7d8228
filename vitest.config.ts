import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/emulator/**/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
    // Tests wait for the state they expect; they are never time-boxed.
    testTimeout: 0,
    hookTimeout: 0,
  },
});
