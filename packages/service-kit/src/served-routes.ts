// Which route contracts an app serves, by their names in `routesByService` (`reportsRoutes.contact`). Each
// service's test compares it with the routes the contracts give that service: together they prove every
// route is served by exactly one service, by the method and path its contract states.
import type { FastifyInstance } from 'fastify';
import { everyRoute, type RouteService } from '@bodymetrics/contracts';

export function servedContractRoutes(app: Pick<FastifyInstance, 'hasRoute'>): string[] {
  return everyRoute()
    .filter(({ route }) => app.hasRoute({ method: route.method, url: route.path }))
    .map(({ name }) => name);
}

/** The names of the routes the contracts give a service. */
export const contractRoutesOf = (service: RouteService): string[] =>
  everyRoute()
    .filter((entry) => entry.service === service)
    .map(({ name }) => name);
