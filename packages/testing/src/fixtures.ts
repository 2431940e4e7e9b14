// The integration tests' shared set-up as vitest fixtures (test.extend): a test or a suite hook names what
// it needs — `database`, `bus`, `redis`, `keyPrefix`, `smtp` — and gets it made once for its file (nothing
// is made unless asked for) and taken down when the file ends; `closeAfter(app)` closes an app (or anything
// with close()) once the test is over. An app the whole file shares is built either as a fixture of the
// file, which then closes before the database and topics it uses go:
//   const it = test.extend('app', { scope: 'file' }, ({ database, bus }, { onCleanup }) => { … });
// or in `it.beforeAll(async ({ database }) => { …; return () => app.close(); })` (or closed in afterAll).
// Imported from '@bodymetrics/testing/fixtures' inside a vitest run only (test.extend needs the runner);
// the rest of the package comes from '@bodymetrics/testing'.
/* eslint-disable no-empty-pattern -- vitest reads a fixture's dependencies from the destructuring of its
   first parameter, so a fixture that depends on none destructures nothing. */
import { basename } from 'node:path';
import { Redis } from 'ioredis';
import { expect, test as base } from 'vitest';
import { testInfra, uniqueTag } from './infra';
import { startSmtpSink } from './smtp-sink';
import { createTestBus } from './test-bus';
import { createTestDatabase } from './test-database';

export interface Closable {
  close(): unknown;
}

/**
 * What the current test file's database, topics and keys are named after: its package and file, e.g.
 * "tracking-offer-check" for services/tracking/src/offer-check.integration.test.ts.
 */
function fileLabel(): string {
  const path = expect.getState().testPath ?? 'test';
  const pkg = /\/(?:services|packages|infra|e2e)\/([^/]+)\//.exec(path)?.[1];
  const file = basename(path).replace(/\..*$/, '');
  return (pkg ? `${pkg}-${file}` : file).slice(0, 32);
}

export const test = base
  .extend('database', { scope: 'file' }, async ({}, { onCleanup }) => {
    const database = await createTestDatabase(fileLabel());
    onCleanup(() => database.drop());
    return database;
  })
  .extend('bus', { scope: 'file' }, async ({}, { onCleanup }) => {
    const bus = await createTestBus(fileLabel());
    onCleanup(() => bus.cleanup());
    return bus;
  })
  .extend('redis', { scope: 'file' }, async ({}, { onCleanup }) => {
    const redis = new Redis(testInfra().redisUrl);
    onCleanup(() => redis.disconnect());
    await redis.ping();
    return redis;
  })
  .extend('keyPrefix', { scope: 'file' }, ({ redis }, { onCleanup }) => {
    const keyPrefix = `test:${fileLabel()}:${uniqueTag()}:`;
    onCleanup(async () => {
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length) await redis.del(...keys);
    });
    return keyPrefix;
  })
  .extend('smtp', { scope: 'file' }, async ({}, { onCleanup }) => {
    const smtp = await startSmtpSink();
    onCleanup(() => smtp.close());
    return smtp;
  })
  .extend('closeAfter', ({}, { onCleanup }) => {
    const open: Closable[] = [];
    onCleanup(async () => {
      for (const closable of open.splice(0).reverse()) await closable.close();
    });
    /** Closes it after the test, whatever the test's outcome; returns it. */
    return <T extends Closable>(closable: T): T => {
      open.push(closable);
      return closable;
    };
  });

export const it = test;
