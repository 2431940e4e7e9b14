// The whole-system browser tests (`npm test` runs them after the main suite). Two files at a time: each
// starts its own system (every service on free ports, or the embedded process) and its own Chromium, and
// both mostly wait on real time (beacons, the aggregator's batches), so two share two cores well.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./packages/testing/src/global-setup.ts'],
    setupFiles: ['./packages/testing/src/midnight-setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    teardownTimeout: 60_000,
  },
});
