// The offers app as a file fixture on the shared ones: built once per test file on the file's database
// (cloned from the migrated template) with the shipped content seeded, and closed before the database goes.
import { seedContent } from '@bodymetrics/db';
import { test } from '@bodymetrics/testing/fixtures';
import { buildApp } from './app';

export const it = test.extend('app', { scope: 'file' }, async ({ database }, { onCleanup }) => {
  await seedContent(database.db);
  const app = buildApp({ db: database.db });
  onCleanup(() => app.close());
  await app.ready();
  return app;
});
