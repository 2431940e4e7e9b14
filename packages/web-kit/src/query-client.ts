// The client-data rules of spec §9 for both SPAs: cached results never go stale, no refetch on window
// focus, no polling unless a query asks for it, no automatic retries (queries and mutations), unused
// entries kept five minutes.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';

export const queryDefaults = {
  staleTime: Infinity,
  gcTime: 5 * 60 * 1000,
  refetchOnWindowFocus: false,
  refetchInterval: false,
  retry: false,
} as const;

/** A QueryClient with those defaults; `queryFn`, when given, serves every query that brings none. */
export function createQueryClient(queryFn?: QueryFunction): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...queryDefaults, ...(queryFn ? { queryFn } : {}) },
      mutations: { retry: false },
    },
  });
}
