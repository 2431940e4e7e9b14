// What a read-only API key may call: the GET routes of the dashboard's reads (the journey's among them)
// and of the CSV exports — any period, compared or not. The analytics service accepts keys on exactly
// these, and the OpenAPI document marks them so.
import { analyticsExportRoutes, analyticsRoutes } from './analytics-routes';
import type { RouteContract } from './route';

export const apiKeyReadRoutes: readonly RouteContract[] = [
  ...Object.values(analyticsRoutes),
  ...Object.values(analyticsExportRoutes),
].filter((route: RouteContract) => route.method === 'GET');
