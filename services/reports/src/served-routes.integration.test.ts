// The reports service registers exactly the routes the contracts give it (routesByService.reports), by
// their method and path, and no route of another service: the other services' tests say the same of theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractRoutesOf, servedContractRoutes } from '@bodymetrics/service-kit';
import { createTestDatabase, startSmtpSink, type SmtpSink, type TestDatabase } from '@bodymetrics/testing';
import { testApp } from './test-support';

let database: TestDatabase;
let sink: SmtpSink;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  database = await createTestDatabase('reports_served_routes');
  sink = await startSmtpSink();
  app = testApp({ db: database.db, smtpUrl: sink.url });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await sink.close();
  await database.drop();
});

describe('the reports app', () => {
  it('serves its route contracts and no other service’s', () => {
    expect(contractRoutesOf('reports')).not.toHaveLength(0);
    expect(servedContractRoutes(app)).toEqual(contractRoutesOf('reports'));
  });
});
