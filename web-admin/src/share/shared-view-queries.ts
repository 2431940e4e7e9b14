// A shared link's reads through the typed client, with no admin session: what the link shows, its
// password check (which sets a cookie for the link's paths), the overview's cards and one tab over a period.
import '@bodymetrics/web-kit/zod-jitless';
import { sharedLinkRoutes, type SharedViewTab } from '@bodymetrics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@bodymetrics/web-kit/api';

/** The presets of the link's page: the dashboard's 7, 30 and 90 days. */
export type SharedDays = 7 | 30 | 90;

export function useSharedViewInfo(token: string) {
  return useQuery({
    queryKey: ['shared', token],
    queryFn: ({ signal }) => call(sharedLinkRoutes.info, { params: { token } }, { signal }),
    retry: false,
  });
}

export function useUnlockSharedView(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      call(sharedLinkRoutes.unlock, { params: { token }, body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['shared', token] }),
  });
}

export function useSharedOverview(token: string, days: SharedDays) {
  return useQuery({
    queryKey: ['shared', token, 'overview', days],
    queryFn: ({ signal }) =>
      call(
        sharedLinkRoutes.overview,
        { params: { token }, query: { days, compare: 'previous' } },
        { signal },
      ),
  });
}

export function useSharedTab(token: string, tab: SharedViewTab, days: SharedDays) {
  return useQuery({
    queryKey: ['shared', token, 'tab', tab, days],
    queryFn: ({ signal }) =>
      call(sharedLinkRoutes.tab, { params: { token, tab }, query: { days } }, { signal }),
  });
}
