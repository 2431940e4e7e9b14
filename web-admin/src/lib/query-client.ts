// Query defaults of spec §9: cached results never go stale, no refetch on window focus, no polling
// unless a query asks for it, no automatic retries, unused cache entries live five minutes.
import { QueryClient } from '@tanstack/react-query';

export const queryDefaults = {
  staleTime: Infinity,
  gcTime: 5 * 60 * 1000,
  refetchOnWindowFocus: false,
  refetchInterval: false,
  retry: false,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: queryDefaults,
      mutations: { retry: false },
    },
  });
}
