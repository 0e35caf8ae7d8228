import { defineConfig } from 'vitest/config';

// The store packages, built by `npm run zip` and read from the zips themselves (test/packages).
export default defineConfig({
  test: {
    include: ['test/packages/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    // A guard against a hang, not a time budget: building the packages and rebuilding from the sources
    // package (npm ci included) takes minutes.
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
