// The one QueryClient of the visitor's app, with the shared defaults of spec §9 (web-kit). Each query brings
// its own query function: a `call` of its route contract, whose answer is parsed by the route's schema.
import { createQueryClient } from '@bodymetrics/web-kit/query-client';

export const queryClient = createQueryClient();
