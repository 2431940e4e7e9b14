import { describe, expect, it } from 'vitest';
import { analyticsPaths, fillPath, offersPaths, trackingPaths } from './route-paths';
import { analyticsRoutes, offersRoutes, routeUrl, trackingRoutes } from './routes';

describe('route contracts', () => {
  it('take their paths from route-paths, one route per path', () => {
    const pathsOf = (routes: Record<string, { path: string }>) =>
      Object.fromEntries(Object.entries(routes).map(([name, r]) => [name, r.path]));
    expect(pathsOf(trackingRoutes)).toEqual(trackingPaths);
    expect(pathsOf(analyticsRoutes)).toEqual(analyticsPaths);
    expect(pathsOf(offersRoutes)).toEqual(offersPaths);
  });

  it('build the URL a client calls', () => {
    expect(routeUrl(analyticsRoutes.overview)).toBe('/api/analytics/overview');
    expect(routeUrl(analyticsRoutes.dailyStats, { days: 30 })).toBe('/api/analytics/daily-stats?days=30');
    expect(fillPath(trackingRoutes.offerCounterClick.path, { id: 7 })).toBe('/api/affiliate-offers/7/click');
    expect(() => fillPath(trackingRoutes.offerCounterClick.path, {})).toThrow(/:id/);
  });

  it('answer tracking writes with the accepted envelope id', () => {
    expect(trackingRoutes.pageVisit.response.parse({ accepted: true, id: 'e1' })).toEqual({
      accepted: true,
      id: 'e1',
    });
  });
});
