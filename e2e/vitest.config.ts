// The whole-system browser tests (`npm test` runs them after the main suite). One system at a time: each
// file starts every service (or the embedded process) and a Chromium, which is all two cores can carry.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./packages/testing/src/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    teardownTimeout: 60_000,
  },
});
