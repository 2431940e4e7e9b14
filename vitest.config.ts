// One vitest run for the whole tree (`npm test`): unit tests and integration tests against the real
// servers that infra/local started. Files run in parallel, each with its own database, topics and keys.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{packages,services,infra,web-public,web-admin,e2e/security}/**/*.test.{ts,tsx}'],
    // e2e/security runs here (its files run in parallel, each with its own system); the other e2e folders
    // have their own configs (browser tests one at a time; faults last, alone).
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['./packages/testing/src/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
