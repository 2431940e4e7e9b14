// The admin reads of spec §7 as TanStack queries. Every key starts with 'analytics' so one
// invalidation (an `analytics_update` from the socket, a reset) refreshes them all.
import type {
  Abandonment,
  AffiliateStatsRow,
  DailyStatsRow,
  DeviceStatsRow,
  FunnelRow,
  GeographicStatsRow,
  Overview,
  RecentClick,
  TrafficSourceRow,
} from '@bodymetrics/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useSessionId } from '../auth/AdminSessionProvider';
import { apiJson, isHttpError } from '../lib/api';
import type { TodaySummary } from '../lib/funnel';
import { listSizes } from '../lib/metrics';
import { notifyUnauthorized } from '../lib/unauthorized';

export const analyticsQueryRoot = ['analytics'] as const;

/** Spec §9: the operator looks at 7, 30 or 90 days; 30 by default. */
export const periods = [7, 30, 90] as const;
export type Period = (typeof periods)[number];
export const defaultPeriod: Period = 30;

/** Spec §9: overview and today's summary every 5 s, recent clicks every 10 s. */
export const refetchIntervals = { overview: 5000, todaySummary: 5000, recentClicks: 10_000 } as const;

/** A GET of an analytics read with the session as bearer token; a 401 ends the session. */
export async function analyticsGet<T>(url: string, sessionId: string, signal?: AbortSignal): Promise<T> {
  try {
    return await apiJson<T>('GET', url, undefined, { sessionId, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (isHttpError(error, 401)) notifyUnauthorized();
    throw error;
  }
}

function useAnalytics<T>(url: string, refetchInterval?: number): UseQueryResult<T> {
  const sessionId = useSessionId();
  return useQuery({
    queryKey: [...analyticsQueryRoot, url],
    queryFn: ({ signal }) => analyticsGet<T>(url, sessionId, signal),
    ...(refetchInterval ? { refetchInterval } : {}),
  });
}

const withDays = (path: string, days: Period) => `${path}?days=${days}`;

const overviewUrl = '/api/analytics/overview';
const todaySummaryUrl = '/api/journey/today-summary';
const recentClicksUrl = `/api/analytics/recent-clicks?limit=${listSizes.recentClicks}`;

/**
 * The reads spec §9 refreshes on a timer — overview and today's summary every 5 s, recent clicks every
 * 10 s — polled here, by the dashboard itself, so they keep refreshing whatever tab is shown (a tab's
 * content is unmounted while another tab is open, and its queries' timers stopped with it). Mounted once:
 * the tabs read the same cached queries through the hooks that follow, which set no timer
 * of their own, so each interval makes exactly one request. Only the overview is read here; the other
 * results are not touched, so their refreshes do not re-render the dashboard.
 */
export function useLiveDashboardReads(): { overview: UseQueryResult<Overview> } {
  const overview = useAnalytics<Overview>(overviewUrl, refetchIntervals.overview);
  useAnalytics<TodaySummary | null>(todaySummaryUrl, refetchIntervals.todaySummary);
  useAnalytics<RecentClick[]>(recentClicksUrl, refetchIntervals.recentClicks);
  return { overview };
}

export const useTodaySummary = () => useAnalytics<TodaySummary | null>(todaySummaryUrl);
export const useRecentClicks = () => useAnalytics<RecentClick[]>(recentClicksUrl);
export const useDailyStats = (days: Period) =>
  useAnalytics<DailyStatsRow[]>(withDays('/api/analytics/daily-stats', days));
export const useAffiliateStats = (days: Period) =>
  useAnalytics<AffiliateStatsRow[]>(withDays('/api/analytics/affiliate-stats', days));
export const useDeviceStats = (days: Period) =>
  useAnalytics<DeviceStatsRow[]>(withDays('/api/analytics/device-stats', days));
export const useTrafficSources = (days: Period) =>
  useAnalytics<TrafficSourceRow[]>(withDays('/api/analytics/traffic-sources', days));
export const useGeographicStats = (days: Period) =>
  useAnalytics<GeographicStatsRow[]>(withDays('/api/analytics/geographic-stats', days));
export const useFunnelStats = (days: Period) =>
  useAnalytics<FunnelRow[]>(withDays('/api/journey/funnel-stats', days));
export const useAbandonment = (days: Period) =>
  useAnalytics<Abandonment>(withDays('/api/journey/abandonment', days));

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
