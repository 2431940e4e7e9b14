// vitest globalSetup: once per `npm test`, the migrated template every test database is cloned from.
import { prepareTemplateDatabase } from './test-database';

export default async function setup(): Promise<void> {
  await prepareTemplateDatabase();
}
