import { describe, expect, it } from 'vitest';
import {
  adminAuthPaths,
  analyticsExportPaths,
  analyticsPaths,
  fillPath,
  offersPaths,
  reportsPaths,
  trackingPaths,
} from './route-paths';
import {
  adminAuthRoutes,
  analyticsExportRoutes,
  analyticsRoutes,
  everyRoute,
  isRawAnswer,
  offersRoutes,
  reportsRoutes,
  routeUrl,
  trackingRoutes,
} from './routes';

describe('route contracts', () => {
  it('take their paths from route-paths, one route per path', () => {
    const pathsOf = (routes: Record<string, { path: string }>) =>
      Object.fromEntries(Object.entries(routes).map(([name, r]) => [name, r.path]));
    expect(pathsOf(trackingRoutes)).toEqual(trackingPaths);
    expect(pathsOf(analyticsRoutes)).toEqual(analyticsPaths);
    expect(pathsOf(offersRoutes)).toEqual(offersPaths);
    expect(pathsOf(analyticsExportRoutes)).toEqual(analyticsExportPaths);
    expect(pathsOf(reportsRoutes)).toEqual(reportsPaths);
    expect(pathsOf(adminAuthRoutes)).toEqual(adminAuthPaths);
    const keys = everyRoute().map(({ route }) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declare every :param of their path in their params schema', () => {
    for (const { name, route } of everyRoute()) {
      const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      const shape = (route.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      expect(Object.keys(shape).sort(), name).toEqual(names.sort());
    }
  });

  it('name the content type of an answer that is not JSON', () => {
    const raw = everyRoute()
      .filter(({ route }) => isRawAnswer(route.response))
      .map(({ name, route }) => [name, (route.response as { contentType: string }).contentType]);
    expect(Object.fromEntries(raw)).toEqual({
      'reportsRoutes.shareImage': 'image/png',
      'reportsRoutes.sharePage': 'text/html; charset=utf-8',
      'reportsRoutes.newsletterConfirmPage': 'text/html; charset=utf-8',
      'reportsRoutes.newsletterConfirm': 'text/html; charset=utf-8',
      'reportsRoutes.unsubscribePage': 'text/html; charset=utf-8',
      ...Object.fromEntries(
        Object.keys(analyticsExportRoutes).map((key) => [
          `analyticsExportRoutes.${key}`,
          'text/csv; charset=utf-8',
        ]),
      ),
    });
  });

  it('build the URL a client calls', () => {
    expect(routeUrl(analyticsRoutes.overview)).toBe('/api/analytics/overview');
    expect(routeUrl(analyticsRoutes.dailyStats, { days: 30 })).toBe('/api/analytics/daily-stats?days=30');
    expect(fillPath(trackingRoutes.offerCounterClick.path, { id: 7 })).toBe('/api/affiliate-offers/7/click');
    expect(() => fillPath(trackingRoutes.offerCounterClick.path, {})).toThrow(/:id/);
    expect(routeUrl(reportsRoutes.shareImage, {}, { name: 'a b.png' })).toBe('/api/share-images/a%20b.png');
    expect(routeUrl(reportsRoutes.unsubscribePage, { token: 'x&y' })).toBe(
      '/api/newsletter/unsubscribe?token=x%26y',
    );
    expect(routeUrl(analyticsRoutes.recentClicks, { limit: undefined })).toBe('/api/analytics/recent-clicks');
  });

  it('answer tracking writes with the accepted envelope id', () => {
    expect(trackingRoutes.pageVisit.response.parse({ accepted: true, id: 'e1' })).toEqual({
      accepted: true,
      id: 'e1',
    });
  });
});
