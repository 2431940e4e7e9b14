// reads: every dashboard read endpoint of the analytics service (its own process, real HTTP, an admin
// session cookie) over 10,000,000 page visits with their journey and click rows spread over 90 days,
// at days=90. The data is synthesised in Postgres (lib/dashboard-data.ts): raw tables and the
// aggregates consistent with them. Each endpoint is timed on its own (the target's figure), then whole
// dashboard loads fire every endpoint at once as the browser does (reported alongside). The heaviest period
// reads are timed once more over a custom year with its previous year, alone.
// Target: p95 ≤ 50 ms for each endpoint. A read answered anything but 200, or not at all, ends the run with
// an error (no figures, a non-zero exit): no figure of this benchmark is ever timed over a failed read.
import pg from 'pg';
import { seedContent } from '@bodymetrics/db';
import { serviceManifest } from '@bodymetrics/system/manifest';
import type { Figures } from './run';
import { createAdminSession } from './lib/admin-session';
import { createBenchDatabase } from './lib/bench-database';
import { generateDashboardData } from './lib/dashboard-data';
import { progress } from './lib/log';
import { sampleRssPeaks, type RssPeaks } from './lib/rss-peaks';
import { startService, type ServiceProcess } from './lib/service-process';
import { summarize } from './lib/stats';

const say = (m: string) => progress('reads', m);
const timeZone = 'Europe/Bucharest';

export const dashboardEndpoints = {
  // As the dashboard asks for it: the period's figures and the period before.
  overview: '/api/analytics/overview?days=90&compare=previous',
  daily_stats: '/api/analytics/daily-stats?days=90',
  affiliate_stats: '/api/analytics/affiliate-stats?days=90',
  recent_clicks: '/api/analytics/recent-clicks',
  device_stats: '/api/analytics/device-stats?days=90',
  traffic_sources: '/api/analytics/traffic-sources?days=90',
  geographic_stats: '/api/analytics/geographic-stats?days=90',
  funnel_stats: '/api/journey/funnel-stats?days=90',
  today_summary: '/api/journey/today-summary',
  abandonment: '/api/journey/abandonment?days=90',
} as const;

/** Today in `timeZone` moved by `days`, 'YYYY-MM-DD' (the bench's custom year ends today). */
function dateIn(timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A custom year ending today (its previous year holds no data; the 90 days of data are all in it). */
const customYear = () => `from=${dateIn(timeZone, -364)}&to=${dateIn(timeZone, 0)}`;
const yearEndpoints = {
  overview_year: () => `/api/analytics/overview?${customYear()}&compare=previous`,
  affiliate_stats_year: () => `/api/analytics/affiliate-stats?${customYear()}`,
  traffic_sources_year: () => `/api/analytics/traffic-sources?${customYear()}`,
} as const;

export async function run(): Promise<Figures> {
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const visits = Number(process.env.BENCH_READS_VISITS ?? Math.round(10_000_000 * scale));
  const rawVisits = Math.min(visits, Number(process.env.BENCH_READS_RAW_VISITS ?? visits));
  const bookkeeping = process.env.BENCH_READS_BOOKKEEPING !== '0';
  const rounds = Number(process.env.BENCH_READS_ROUNDS ?? 100);
  const database = await createBenchDatabase('reads', { poolSize: 2 });
  let analytics: ServiceProcess | undefined;
  let rss: RssPeaks | undefined;
  try {
    await seedContent(database.db);
    say(`synthesising ${visits} page visits (${rawVisits} as raw rows) over 90 days`);
    const clients = [
      new pg.Client({ connectionString: database.url }),
      new pg.Client({ connectionString: database.url }),
    ] as [pg.Client, pg.Client];
    const began = Date.now();
    let data: Awaited<ReturnType<typeof generateDashboardData>>;
    try {
      await Promise.all(clients.map((c) => c.connect()));
      data = await generateDashboardData(clients, { visits, rawVisits, timeZone, bookkeeping, log: say });
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    const generateSeconds = Math.round((Date.now() - began) / 1000);
    say(`data ready in ${generateSeconds} s`);

    const sessionId = await createAdminSession(database.db);
    analytics = await startService({
      name: 'analytics',
      process: serviceManifest.analytics,
      env: { DATABASE_URL: database.url, ANALYTICS_TZ: timeZone },
    });
    rss = sampleRssPeaks([analytics]);
    const headers = { cookie: `bm_admin_session=${sessionId}` };
    const names = Object.keys(dashboardEndpoints) as (keyof typeof dashboardEndpoints)[];
    const samples = new Map(names.map((n) => [n, [] as number[]]));
    const getPath = async (path: string) => {
      const t = performance.now();
      const res = await fetch(`${analytics!.url}${path}`, { headers });
      const body = await res.text();
      const ms = performance.now() - t;
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
      return { ms, body };
    };
    const get = (name: keyof typeof dashboardEndpoints) => getPath(dashboardEndpoints[name]);
    // Sanity: the dashboard shows the data that was generated.
    const daily = JSON.parse((await get('daily_stats')).body) as { totalPageViews: number }[];
    const shownViews = daily.reduce((sum, d) => sum + d.totalPageViews, 0);
    for (let i = 0; i < 5; i++) await Promise.all(names.map((n) => get(n)));
    // Each endpoint on its own (its own latency), then whole dashboard loads (what the operator waits for).
    say(`${rounds} requests per endpoint, one at a time`);
    for (const n of names) for (let r = 0; r < rounds; r++) samples.get(n)!.push((await get(n)).ms);
    say(`${rounds} dashboard loads, every endpoint at once`);
    const loads: number[] = [];
    const concurrent = new Map(names.map((n) => [n, [] as number[]]));
    for (let r = 0; r < rounds; r++) {
      const t = performance.now();
      await Promise.all(names.map(async (n) => concurrent.get(n)!.push((await get(n)).ms)));
      loads.push(performance.now() - t);
    }
    const figures: Figures = {
      page_visits: data.visits,
      journey_rows: data.journeyRows,
      click_rows: data.clickRows,
      raw_page_visits: data.rawVisits,
      raw_journey_rows: data.rawJourneyRows,
      raw_click_rows: data.rawClickRows,
      visitors: data.visitors,
      sessions: data.sessions,
      bookkeeping_tables: bookkeeping,
      page_views_on_dashboard_90d: shownViews,
      generate_seconds: generateSeconds,
      rounds,
    };
    let worst = 0;
    for (const n of names) {
      const s = summarize(samples.get(n)!, 1);
      figures[`${n}_p50_ms`] = s.p50;
      figures[`${n}_p95_ms`] = s.p95;
      worst = Math.max(worst, s.p95);
      say(`${dashboardEndpoints[n]}: p50 ${s.p50} ms, p95 ${s.p95} ms`);
    }
    say(`${rounds} requests per custom-year read, one at a time`);
    for (const [n, path] of Object.entries(yearEndpoints)) {
      const times: number[] = [];
      for (let r = 0; r < 5; r++) await getPath(path());
      for (let r = 0; r < rounds; r++) times.push((await getPath(path())).ms);
      const s = summarize(times, 1);
      figures[`${n}_p50_ms`] = s.p50;
      figures[`${n}_p95_ms`] = s.p95;
      worst = Math.max(worst, s.p95);
      say(`${path()}: p50 ${s.p50} ms, p95 ${s.p95} ms`);
    }
    const loadSummary = summarize(loads, 1);
    figures.dashboard_load_p50_ms = loadSummary.p50;
    figures.dashboard_load_p95_ms = loadSummary.p95;
    figures.worst_p95_ms_all_at_once = Math.max(...names.map((n) => summarize(concurrent.get(n)!, 1).p95));
    say(`dashboard load (all ${names.length} at once): p50 ${loadSummary.p50} ms, p95 ${loadSummary.p95} ms`);
    figures.worst_p95_ms = worst;
    // Its largest over every read of the run, every 250 ms.
    figures.analytics_peak_rss_mb = rss.peakOf('analytics');
    figures.target_p95_met = worst <= 50;
    return figures;
  } finally {
    rss?.stop();
    await analytics?.stop();
    await database.drop();
  }
}
