import { defineConfig } from 'vitest/config';

// End-to-end tests drive Debian's Chromium with the built extension loaded; one browser at a time.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 0,
    hookTimeout: 0,
  },
});
