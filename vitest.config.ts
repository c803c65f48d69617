import { defineConfig } from 'vitest/config';

// No test's verdict depends on the clock: property and fuzz tests are bounded by their
// number of runs, and the timeouts (20 minutes) only stop a test that hangs, far above what
// any needs on a machine busy with other work.
export default defineConfig({
  // The HTTP handler loads the ECB entry by the package's own name.
  resolve: { alias: { 'taxrules/ecb': new URL('./src/ecb.ts', import.meta.url).pathname } },
  test: {
    include: ['test/**/*.test.ts'],
    // Temporary files of the run under one folder, removed at its end.
    globalSetup: ['test/support/temp-root.ts'],
    testTimeout: 1_200_000,
    hookTimeout: 1_200_000,
  },
});
