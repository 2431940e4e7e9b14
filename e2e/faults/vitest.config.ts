// The fault-injection tests and the bad-input fuzzing (`npm test` runs them after the browser tests).
// The fault tests stop and start the shared Postgres, Kafka and Redis, so nothing else may run beside
// them: one file at a time, after every other suite has finished.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['e2e/faults/**/*.{fault,fuzz}.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./packages/testing/src/global-setup.ts'],
    setupFiles: ['./packages/testing/src/midnight-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    teardownTimeout: 120_000,
  },
});
