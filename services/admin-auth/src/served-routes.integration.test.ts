// The admin-auth service registers exactly the routes the contracts give it (routesByService.adminAuth), by
// their method and path, and no route of another service: the other services' tests say the same of theirs.
import { describe, expect } from 'vitest';
import { contractRoutesOf, servedContractRoutes } from '@bodymetrics/service-kit';
import { adminAuthTest } from './test-support';

const it = adminAuthTest();

describe('the admin-auth app', () => {
  it('serves its route contracts and no other service’s', async ({ adminAuth }) => {
    await adminAuth.app.ready();
    expect(contractRoutesOf('adminAuth')).not.toHaveLength(0);
    expect(servedContractRoutes(adminAuth.app)).toEqual(contractRoutesOf('adminAuth'));
  });
});
