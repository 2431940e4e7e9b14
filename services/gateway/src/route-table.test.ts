// The gateway sends every route of the contracts to the service that registers it: a route added to
// `trackingRoutes`, `analyticsRoutes` or `offersRoutes` cannot be forgotten here.
import { describe, expect, it } from 'vitest';
import {
  analyticsRoutes,
  everyRoute,
  offersRoutes,
  postbackRoutes,
  trackingRoutes,
  type RouteContract,
} from '@bodymetrics/contracts';
import { routeTable, type ProxyRoute } from './route-table';

const covers = (entry: ProxyRoute, path: string) =>
  entry.url.endsWith('*') ? path.startsWith(entry.url.slice(0, -1)) : entry.url === path;

/** The entry the gateway's router picks: a static (or `:param`) path before a wildcard, as find-my-way does. */
const entryFor = (route: RouteContract) =>
  routeTable.find((e) => !e.url.endsWith('*') && covers(e, route.path)) ??
  routeTable.find((e) => covers(e, route.path));

describe('the route table', () => {
  const contracted = [
    ...Object.values(trackingRoutes).map((r) => ['tracking', r] as const),
    ...Object.values(analyticsRoutes).map((r) => ['analytics', r] as const),
    ...Object.values(offersRoutes).map((r) => ['offers', r] as const),
  ].map(([upstream, route]) => ({ upstream, route, name: `${route.method} ${route.path}` }));

  it.each(contracted)('sends $name to $upstream', ({ upstream, route }) => {
    const entry = entryFor(route);
    expect(entry?.upstream).toBe(upstream);
    expect(entry?.methods).toContain(route.method);
  });

  it.each(['/api/admin/offers', '/api/admin/offers/7'])(
    'sends the offer management at %s to offers, not to admin-auth, from our own pages only',
    (path) => {
      const wildcards = routeTable.filter((e) => e.url.endsWith('*') && covers(e, path));
      // find-my-way takes the longest static prefix: the most specific wildcard that covers the path.
      const chosen = wildcards.sort((a, b) => b.url.length - a.url.length)[0];
      expect(chosen).toMatchObject({ upstream: 'offers', sameOrigin: true });
      expect(chosen?.methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH']));
    },
  );

  it('counts every tracking write against the visitor budget, from our own pages only', () => {
    for (const route of Object.values(trackingRoutes)) {
      expect(entryFor(route)).toMatchObject({ rateLimited: true, sameOrigin: true, refererProves: true });
    }
  });

  it("sends the networks' postback to offers, counted per client, without a same-origin check (server to server)", () => {
    const entry = entryFor(postbackRoutes.postback);
    expect(entry).toMatchObject({ upstream: 'offers', url: '/api/postback', rateLimited: true });
    expect(entry?.sameOrigin).toBeUndefined();
    expect(entry?.methods).toEqual(['GET', 'HEAD']);
  });
});

describe('the route table derived from the contracts', () => {
  it.each(everyRoute().map((r) => ({ ...r, key: `${r.route.method} ${r.route.path}` })))(
    'sends $key ($name) to $service',
    ({ service, route }) => {
      const entry = entryFor(route);
      expect(entry?.upstream).toBe(service);
      expect(entry?.methods).toContain(route.method);
    },
  );

  it('has one entry per path: no path is routed to two services', () => {
    const urls = routeTable.map((entry) => entry.url);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('keeps the mounts of the services that own a prefix whole, with their flags', () => {
    const all = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
    const byUrl = (url: string) => routeTable.find((entry) => entry.url === url);
    expect(byUrl('/api/newsletter/*')).toEqual({
      upstream: 'reports',
      methods: all,
      url: '/api/newsletter/*',
    });
    expect(byUrl('/api/admin/*')).toEqual({
      upstream: 'adminAuth',
      methods: all,
      url: '/api/admin/*',
      sameOrigin: true,
    });
    expect(byUrl('/api/admin/offers*')).toEqual({
      upstream: 'offers',
      methods: all,
      url: '/api/admin/offers*',
      sameOrigin: true,
    });
    expect(byUrl('/api/analytics/*')).toEqual({
      upstream: 'analytics',
      methods: all,
      url: '/api/analytics/*',
      sameOrigin: true,
    });
    for (const url of ['/api/legal/*', '/api/share-images/*', '/share/*']) {
      expect(byUrl(url)?.methods, url).toEqual(['GET', 'HEAD']);
    }
  });
});
