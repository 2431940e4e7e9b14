// One vitest run for the whole tree (`npm test`): unit tests and integration tests against the real
// servers that infra/local started. Files run in parallel, each with its own database, topics and keys.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{packages,services,infra,web-public,web-admin}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    globalSetup: ['./packages/testing/src/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
