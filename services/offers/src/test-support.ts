// One database per test file (cloned from the migrated template) with the shipped content seeded, and the
// offers app built on it. Closed and dropped after the file.
import { afterAll, beforeAll } from 'vitest';
import { seedContent } from '@bodymetrics/db';
import { createTestDatabase, type TestDatabase } from '@bodymetrics/testing';
import { buildApp } from './app';

export function useOffersApp(label: string) {
  const ctx = {} as { database: TestDatabase; app: ReturnType<typeof buildApp> };
  beforeAll(async () => {
    ctx.database = await createTestDatabase(label);
    await seedContent(ctx.database.db);
    ctx.app = buildApp({ db: ctx.database.db });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.drop();
  });
  return ctx;
}
