// The admin reads of spec §7 as TanStack queries. Every key starts with 'analytics' so one
// invalidation (an `analytics_update` from the socket, a reset) refreshes them all.
import '@bodymetrics/web-kit/zod-jitless';
import { analyticsRoutes, routeUrl, type Overview } from '@bodymetrics/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson, isHttpError } from '@bodymetrics/web-kit/api';
import { useAdminSessionId } from '../auth/AdminSessionProvider';
import { listSizes } from '../lib/metrics';
import { notifyUnauthorized } from '../lib/unauthorized';

export const analyticsQueryRoot = ['analytics'] as const;

/** Spec §9: the operator looks at 7, 30 or 90 days; 30 by default. */
export const periods = [7, 30, 90] as const;
export type Period = (typeof periods)[number];
export const defaultPeriod: Period = 30;

/** Spec §9: overview and today's summary every 5 s, recent clicks every 10 s. */
export const refetchIntervals = { overview: 5000, todaySummary: 5000, recentClicks: 10_000 } as const;

/** An analytics read: a GET route of the contracts, answered as its response schema says. */
interface ReadRoute<S extends z.ZodType> {
  method: 'GET';
  path: string;
  response: S;
}

/**
 * A GET of an analytics read with the session as bearer token, its answer parsed by the route's response
 * schema (an answer that drifted from the contract fails here, not deep in a chart); a 401 ends the session.
 */
export async function analyticsGet<S extends z.ZodType>(
  route: ReadRoute<S>,
  url: string,
  sessionId: string,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  try {
    const answer = await apiJson<unknown>('GET', url, undefined, {
      sessionId,
      ...(signal ? { signal } : {}),
    });
    return route.response.parse(answer);
  } catch (error) {
    if (isHttpError(error, 401)) notifyUnauthorized();
    throw error;
  }
}

function useAnalytics<S extends z.ZodType>(
  route: ReadRoute<S>,
  query?: Record<string, number>,
  refetchInterval?: number,
): UseQueryResult<z.output<S>> {
  const sessionId = useAdminSessionId();
  const url = routeUrl(route, query);
  return useQuery({
    queryKey: [...analyticsQueryRoot, url],
    queryFn: ({ signal }) => analyticsGet(route, url, sessionId, signal),
    ...(refetchInterval ? { refetchInterval } : {}),
  });
}

const recentClicksQuery = { limit: listSizes.recentClicks };

/**
 * The reads spec §9 refreshes on a timer — overview and today's summary every 5 s, recent clicks every
 * 10 s — polled here, by the dashboard itself, so they keep refreshing whatever tab is shown (a tab's
 * content is unmounted while another tab is open, and its queries' timers stopped with it). Mounted once:
 * the tabs read the same cached queries through the hooks that follow, which set no timer
 * of their own, so each interval makes exactly one request. Only the overview is read here; the other
 * results are not touched, so their refreshes do not re-render the dashboard.
 */
export function useLiveDashboardReads(): { overview: UseQueryResult<Overview> } {
  const overview = useAnalytics(analyticsRoutes.overview, undefined, refetchIntervals.overview);
  useAnalytics(analyticsRoutes.todaySummary, undefined, refetchIntervals.todaySummary);
  useAnalytics(analyticsRoutes.recentClicks, recentClicksQuery, refetchIntervals.recentClicks);
  return { overview };
}

export const useTodaySummary = () => useAnalytics(analyticsRoutes.todaySummary);
export const useRecentClicks = () => useAnalytics(analyticsRoutes.recentClicks, recentClicksQuery);
export const useDailyStats = (days: Period) => useAnalytics(analyticsRoutes.dailyStats, { days });
export const useAffiliateStats = (days: Period) => useAnalytics(analyticsRoutes.affiliateStats, { days });
export const useDeviceStats = (days: Period) => useAnalytics(analyticsRoutes.deviceStats, { days });
export const useTrafficSources = (days: Period) => useAnalytics(analyticsRoutes.trafficSources, { days });
export const useGeographicStats = (days: Period) => useAnalytics(analyticsRoutes.geographicStats, { days });
export const useFunnelStats = (days: Period) => useAnalytics(analyticsRoutes.funnelStats, { days });
export const useAbandonment = (days: Period) => useAnalytics(analyticsRoutes.abandonment, { days });

/** The CSV export of a table: the same data as its read, for the chosen period. */
export type CsvExport =
  | 'daily-stats'
  | 'affiliate-stats'
  | 'traffic-sources'
  | 'device-stats'
  | 'geographic-stats'
  | 'funnel-stats'
  | 'recent-clicks';

export function csvExportUrl(name: CsvExport, days: Period): string {
  // Recent clicks are the last N, not a period: the export takes the same ?limit= as the table.
  const query = name === 'recent-clicks' ? `limit=${listSizes.recentClicks}` : `days=${days}`;
  return `/api/analytics/export/${name}.csv?${query}`;
}
