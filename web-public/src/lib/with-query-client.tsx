// The data layer (TanStack Query, ~11 KB) is needed only by the lazily loaded parts (bridge, results,
// contact, policies), so each of them brings its own provider for the one shared client instead of the
// whole app paying for it in the first download.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from './query-client';

export function withQueryClient<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function WithQueryClient(props: Props) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}
