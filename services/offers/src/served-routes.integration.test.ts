// The offers service registers exactly the routes the contracts give it (routesByService.offers), by their
// method and path, and no route of another service: the other services' tests say the same of theirs.
import { describe, expect, it } from 'vitest';
import { contractRoutesOf, servedContractRoutes } from '@bodymetrics/service-kit';
import { useOffersApp } from './test-support';

const ctx = useOffersApp('offers_served_routes');

describe('the offers app', () => {
  it('serves its route contracts and no other service’s', () => {
    expect(contractRoutesOf('offers')).not.toHaveLength(0);
    expect(servedContractRoutes(ctx.app)).toEqual(contractRoutesOf('offers'));
  });
});
