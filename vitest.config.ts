// One vitest run for the whole tree (`npm test`), in two projects: `pure` tests need no server at all
// (`vitest run --project pure` works on a machine with nothing running); `integration` tests
// (*.integration.test.ts) talk to the real servers that infra/local started, each file with its own
// database, topics and keys, cloned from the migrated template the global setup prepares. e2e/security
// runs here too (its files run in parallel, each with its own system); the other e2e folders have their own
// configs (browser tests two at a time; faults last, alone).
import { defineConfig } from 'vitest/config';

const roots = '{packages,services,infra,web-public,web-admin,e2e/security}';
const integration = `${roots}/**/*.integration.test.{ts,tsx}`;

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Four files at a time on two cores: an integration file mostly waits (Kafka, Postgres, timers), so two
    // workers left the cores half idle.
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: 'pure',
          // bench/lib: the benchmarks' measurement logic (the benchmarks themselves are not tests).
          include: [`${roots}/**/*.test.{ts,tsx}`, 'bench/lib/**/*.test.ts'],
          exclude: [integration],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [integration],
          globalSetup: ['./packages/testing/src/global-setup.ts'],
          setupFiles: ['./packages/testing/src/midnight-setup.ts'],
        },
      },
    ],
  },
});
