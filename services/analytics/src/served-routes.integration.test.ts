// The analytics service registers exactly the routes the contracts give it (routesByService.analytics), by
// their method and path, and no route of another service: the other services' tests say the same of theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractRoutesOf, servedContractRoutes } from '@bodymetrics/service-kit';
import { createTestDatabase, type TestDatabase } from '@bodymetrics/testing';
import { buildApp } from './app';

let database: TestDatabase;
let app: ReturnType<typeof buildApp>;

beforeAll(async () => {
  database = await createTestDatabase('analytics_served_routes');
  app = buildApp({ db: database.db, timeZone: 'Europe/Bucharest' });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('the analytics app', () => {
  it('serves its route contracts and no other service’s', () => {
    expect(contractRoutesOf('analytics')).not.toHaveLength(0);
    expect(servedContractRoutes(app)).toEqual(contractRoutesOf('analytics'));
  });
});
