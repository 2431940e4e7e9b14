// The admin reads of spec §7 as TanStack queries. Every key starts with 'analytics' so one
// invalidation (an `analytics_update` from the socket, a reset) refreshes them all.
import '@bodymetrics/web-kit/zod-jitless';
import {
  analyticsExportRoutes,
  analyticsRoutes,
  routeUrl,
  type Overview,
  type PeriodQuery,
  type RawRoute,
} from '@bodymetrics/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { call, type CallAnswer, type CallArgs, type CallInput } from '@bodymetrics/web-kit/api';
import { useAdminSessionId } from '../auth/AdminSessionProvider';
import { listSizes } from '../lib/metrics';
import { endingSessionOn401 } from '../lib/unauthorized';

export const analyticsQueryRoot = ['analytics'] as const;

/** Spec §9: the operator looks at 7, 30 or 90 days; 30 by default. */
export const presetDays = [7, 30, 90] as const;
export type PresetDays = (typeof presetDays)[number];

/**
 * The dashboard's period: a button's last N days — sent as `days`, so the server turns it
 * into dates in the operator's time zone, and "today" moves at the operator's midnight while the page stays
 * open — or a custom range of calendar dates, both included, sent as `from`/`to`.
 */
export type Period = { days: PresetDays } | { from: string; to: string };
export const defaultPeriod: Period = { days: 30 };

/** The query every period read sends for `period`. */
export const periodQuery = (period: Period): PeriodQuery =>
  'days' in period ? { days: period.days } : { from: period.from, to: period.to };

/** Spec §9: overview and today's summary every 5 s, recent clicks every 10 s. */
export const refetchIntervals = { overview: 5000, todaySummary: 5000, recentClicks: 10_000 } as const;

/** An analytics read: a GET route of the contracts (every one but the reset). */
type AnalyticsRead = (typeof analyticsRoutes)[Exclude<keyof typeof analyticsRoutes, 'resetAllData'>];

/**
 * A GET of an analytics read with the session as bearer token, its answer parsed by the route's response
 * schema (an answer that drifted from the contract fails here, not deep in a chart); a 401 ends the session.
 */
export async function analyticsGet<R extends AnalyticsRead>(
  route: R,
  input: CallInput<R>,
  sessionId: string,
  signal?: AbortSignal,
): Promise<CallAnswer<R>> {
  // `input` is the route's own (CallInput<R>); only the generic R keeps the compiler from seeing it.
  return endingSessionOn401(
    call(route, ...([input, { sessionId, ...(signal ? { signal } : {}) }] as CallArgs<R>)),
  );
}

function useAnalytics<R extends AnalyticsRead>(
  route: R,
  input: CallInput<R>,
  refetchInterval?: number,
): UseQueryResult<CallAnswer<R>> {
  const sessionId = useAdminSessionId();
  return useQuery({
    queryKey: [...analyticsQueryRoot, route.path, input],
    queryFn: ({ signal }) => analyticsGet(route, input, sessionId, signal),
    ...(refetchInterval ? { refetchInterval } : {}),
  });
}

const recentClicksQuery = { query: { limit: listSizes.recentClicks } };

/**
 * The reads spec §9 refreshes on a timer — overview and today's summary every 5 s, recent clicks every
 * 10 s — polled here, by the dashboard itself, so they keep refreshing whatever tab is shown (a tab's
 * content is unmounted while another tab is open, and its queries' timers stopped with it). Mounted once:
 * the tabs read the same cached queries through the hooks that follow, which set no timer
 * of their own, so each interval makes exactly one request. Only the overview is read here; the other
 * results are not touched, so their refreshes do not re-render the dashboard.
 */
export function useLiveDashboardReads(period: Period): { overview: UseQueryResult<Overview> } {
  const overview = useAnalytics(analyticsRoutes.overview, overviewInput(period), refetchIntervals.overview);
  useAnalytics(analyticsRoutes.todaySummary, {}, refetchIntervals.todaySummary);
  useAnalytics(analyticsRoutes.recentClicks, recentClicksQuery, refetchIntervals.recentClicks);
  return { overview };
}

/** The overview of the period with the period before it: each card shows the change. */
const overviewInput = (period: Period) =>
  ({ query: { ...periodQuery(period), compare: 'previous' } }) as const;

/** The overview of the period (the live reads poll it; this only reads the same cache): its revenue currency. */
export const useOverview = (period: Period) => useAnalytics(analyticsRoutes.overview, overviewInput(period));
export const useTodaySummary = () => useAnalytics(analyticsRoutes.todaySummary, {});
export const useRecentClicks = () => useAnalytics(analyticsRoutes.recentClicks, recentClicksQuery);

const periodInput = (period: Period) => ({ query: periodQuery(period) });
export const useDailyStats = (period: Period) =>
  useAnalytics(analyticsRoutes.dailyStats, periodInput(period));
export const useAffiliateStats = (period: Period) =>
  useAnalytics(analyticsRoutes.affiliateStats, periodInput(period));
export const useDeviceStats = (period: Period) =>
  useAnalytics(analyticsRoutes.deviceStats, periodInput(period));
export const useTrafficSources = (period: Period) =>
  useAnalytics(analyticsRoutes.trafficSources, periodInput(period));
export const useCampaigns = (period: Period) => useAnalytics(analyticsRoutes.campaigns, periodInput(period));
export const useGeographicStats = (period: Period) =>
  useAnalytics(analyticsRoutes.geographicStats, periodInput(period));
export const useFunnelStats = (period: Period) =>
  useAnalytics(analyticsRoutes.funnelStats, periodInput(period));
export const useAbandonment = (period: Period) =>
  useAnalytics(analyticsRoutes.abandonment, periodInput(period));
export const useConversionsByDay = (period: Period) =>
  useAnalytics(analyticsRoutes.conversionsByDay, periodInput(period));
export const useConversionsByCategory = (period: Period) =>
  useAnalytics(analyticsRoutes.conversionsByCategory, periodInput(period));

/** The CSV export of each table, by the name the tabs give it: the same data as its read. */
const csvExportRoutes = {
  'daily-stats': analyticsExportRoutes.dailyStats,
  'affiliate-stats': analyticsExportRoutes.affiliateStats,
  'traffic-sources': analyticsExportRoutes.trafficSources,
  campaigns: analyticsExportRoutes.campaigns,
  'device-stats': analyticsExportRoutes.deviceStats,
  'geographic-stats': analyticsExportRoutes.geographicStats,
  'funnel-stats': analyticsExportRoutes.funnelStats,
  'recent-clicks': analyticsExportRoutes.recentClicks,
  'conversions-by-day': analyticsExportRoutes.conversionsByDay,
  'conversions-by-category': analyticsExportRoutes.conversionsByCategory,
  figures: analyticsExportRoutes.figures,
} as const satisfies Record<string, RawRoute>;

export type CsvExport = keyof typeof csvExportRoutes;

/** A link, not a call: the browser downloads the file (the session cookie goes with it). */
export function csvExportUrl(name: CsvExport, period: Period): string {
  // Recent clicks are the last N, not a period: the export takes the same ?limit= as the table.
  const query = name === 'recent-clicks' ? { limit: listSizes.recentClicks } : periodQuery(period);
  return routeUrl(csvExportRoutes[name], query);
}
