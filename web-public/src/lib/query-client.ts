// One QueryClient with the client-data rules of spec §9: results never go stale, no refetch on focus,
// no polling, no automatic retries (queries and mutations), unused entries kept 5 minutes. A query's key
// is the path it GETs, so `useQuery({ queryKey: ['/api/...'] })` needs no query function.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api';

const getQueryKeyPath: QueryFunction = ({ queryKey }) => getJson(String(queryKey[0]));

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryKeyPath,
      staleTime: Infinity,
      gcTime: 5 * 60 * 1000,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
