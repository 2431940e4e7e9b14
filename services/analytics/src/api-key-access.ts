// Where a read-only API key is accepted: the GET routes of the dashboard's reads (the journey's among them)
// and of the CSV exports, each key within RATE_LIMIT_API_KEY_PER_MINUTE. The admin-session guard
// (service-kit) checks the key; this names what it may read.
import { analyticsExportRoutes, analyticsRoutes, type RouteContract } from '@bodymetrics/contracts';
import type { ApiKeyAccess } from '@bodymetrics/service-kit';
import { rateLimiter } from '@bodymetrics/service-kit/rate-limit';
import type { AnalyticsDeps } from './deps';

export const defaultApiKeyRateLimitPerMinute = 600;

const readPaths: ReadonlySet<string> = new Set(
  [...Object.values(analyticsRoutes), ...Object.values(analyticsExportRoutes)]
    .filter((route: RouteContract) => route.method === 'GET')
    .map((route) => route.path),
);

export const apiKeyAccessOf = (deps: AnalyticsDeps): ApiKeyAccess => ({
  readPaths,
  limiter: rateLimiter(
    'api-key',
    { max: deps.apiKeyRateLimitPerMinute ?? defaultApiKeyRateLimitPerMinute, windowMs: 60_000 },
    deps.apiKeyLimitStore ?? { kind: 'memory' },
  ),
});
