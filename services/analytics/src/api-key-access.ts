// Where a read-only API key is accepted (contracts' apiKeyReadRoutes), each key within
// RATE_LIMIT_API_KEY_PER_MINUTE. The admin-session guard (service-kit) checks the key; this names what it
// may read and counts its reads.
import { apiKeyReadRoutes } from '@bodymetrics/contracts';
import type { ApiKeyAccess } from '@bodymetrics/service-kit';
import { rateLimiter } from '@bodymetrics/service-kit/rate-limit';
import type { AnalyticsDeps } from './deps';

export const defaultApiKeyRateLimitPerMinute = 600;

const readPaths: ReadonlySet<string> = new Set(apiKeyReadRoutes.map((route) => route.path));

export const apiKeyAccessOf = (deps: AnalyticsDeps): ApiKeyAccess => ({
  readPaths,
  limiter: rateLimiter(
    'api-key',
    { max: deps.apiKeyRateLimitPerMinute ?? defaultApiKeyRateLimitPerMinute, windowMs: 60_000 },
    deps.apiKeyLimitStore ?? { kind: 'memory' },
  ),
});
