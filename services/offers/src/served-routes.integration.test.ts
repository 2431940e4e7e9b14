// The offers service registers exactly the routes the contracts give it (routesByService.offers), by their
// method and path, and no route of another service: the other services' tests say the same of theirs.
import { describe, expect } from 'vitest';
import { contractRoutesOf, servedContractRoutes } from '@bodymetrics/service-kit';
import { it } from './test-support';

describe('the offers app', () => {
  it('serves its route contracts and no other service’s', ({ app }) => {
    expect(contractRoutesOf('offers')).not.toHaveLength(0);
    expect(servedContractRoutes(app)).toEqual(contractRoutesOf('offers'));
  });
});
