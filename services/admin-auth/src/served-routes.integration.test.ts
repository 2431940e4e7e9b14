// The admin-auth service registers exactly the routes the contracts give it (routesByService.adminAuth), by
// their method and path, and no route of another service: the other services' tests say the same of theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractRoutesOf, servedContractRoutes } from '@bodymetrics/service-kit';
import { startAdminAuth, type AdminAuthFixture } from './test-support';

let f: AdminAuthFixture;

beforeAll(async () => {
  f = await startAdminAuth('admin_served_routes');
  await f.app.ready();
});
afterAll(async () => {
  await f.close();
});

describe('the admin-auth app', () => {
  it('serves its route contracts and no other service’s', () => {
    expect(contractRoutesOf('adminAuth')).not.toHaveLength(0);
    expect(servedContractRoutes(f.app)).toEqual(contractRoutesOf('adminAuth'));
  });
});
