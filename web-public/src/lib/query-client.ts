// The one QueryClient of the visitor's app, with the shared defaults of spec §9 (web-kit). A query's key
// is the path it GETs, so `useQuery({ queryKey: ['/api/...'] })` needs no query function.
import { getJson } from '@bodymetrics/web-kit/api';
import { createQueryClient } from '@bodymetrics/web-kit/query-client';

export const queryClient = createQueryClient(({ queryKey }) => getJson(String(queryKey[0])));
