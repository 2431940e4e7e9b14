// The reads benchmark's data, synthesised directly in Postgres with generate_series: N page visits
// (default 10,000,000) spread evenly over the last 90 days, grouped into sessions of one or two views
// (5 sessions per 8 views) of N/4 visitors who come back across the period, with journey steps (25/60 of
// N) and affiliate clicks (5/60 of N) that belong to those visits — the mix of the issue. Every attribute
// is a hash of the session or row number, so the same N gives the same data.
//
// The aggregates are then derived from the same definitions by GROUP BY, with the aggregator's rules:
// bots (here: Googlebot sessions) are recorded but never counted, a visitor counts once a day with the
// device and locale of their first visit that day, a session bounces with one view, traffic is counted
// under the visitor's first touch and converts once they clicked an offer, the funnel counts distinct
// visitors per step per day. The raw rows may stop short of N (BENCH_READS_RAW_VISITS) while the
// aggregates always describe all N — the analytics service reads only the aggregates and, for recent
// clicks, the newest rows of affiliate_clicks.
import type pg from 'pg';
import { classifyTrafficSource } from '@bodymetrics/contracts';
import { arrivals, devices, locales, storedStepWheel } from './traffic';

export interface DashboardDataOptions {
  visits: number;
  /** Raw page visits to write (≤ visits); journey and click rows follow in proportion. */
  rawVisits: number;
  timeZone: string;
  /** Also the per-visitor and per-session bookkeeping tables no dashboard read touches. */
  bookkeeping: boolean;
  log: (message: string) => void;
}

export interface DashboardDataResult {
  visits: number;
  journeyRows: number;
  clickRows: number;
  rawVisits: number;
  rawJourneyRows: number;
  rawClickRows: number;
  visitors: number;
  sessions: number;
  seconds: Record<string, number>;
}

const literal = (v: string | null) => (v === null ? 'null' : `'${v.replace(/'/g, "''")}'`);

/** What every step of a generation reads: the sizes, the two connections, and the SQL helpers. */
interface Generation {
  o: DashboardDataOptions;
  a: pg.Client;
  b: pg.Client;
  N: number;
  J: number;
  C: number;
  V: number;
  rawJ: number;
  rawC: number;
  tz: string;
  deviceRows: typeof devices;
  /** Runs one statement on a connection, timed under its name. */
  step: (client: pg.Client, name: string, text: string) => Promise<void>;
  /** The time of visit i, spread evenly over the 90 days. */
  visitTime: (i: string) => string;
  /** The session of visit i (5 sessions per 8 views). */
  sessionOf: (i: string) => string;
  /** An attribute of a row: a hash of `s` with key `k`, modulo `mod`. */
  attr: (s: string, k: number, mod: number) => string;
}

/** A row of alias's kind that a person made: its device is no bot's. */
const human = (alias: string) =>
  `join bench_gen.devices ${alias}d on ${alias}d.k = ${alias}.dk and not ${alias}d.is_bot`;

const uuid7 = (t: string, n: string, salt: string) =>
  `(lpad(to_hex((extract(epoch from ${t}) * 1000)::bigint), 12, '0') || '7' || substr(md5(${n}::text || '${salt}'), 1, 3) || '8' || substr(md5(${n}::text || '${salt}'), 4, 15))::uuid`;

export async function generateDashboardData(
  clients: [pg.Client, pg.Client],
  o: DashboardDataOptions,
): Promise<DashboardDataResult> {
  const N = o.visits;
  const span = 90 * 24 * 3600;
  const start = Math.floor(Date.now() / 1000) - span;
  const seconds: Record<string, number> = {};
  const [a, b] = clients;
  for (const c of clients) {
    await c.query(`set work_mem = '512MB'; set maintenance_work_mem = '512MB'; set synchronous_commit = off`);
  }
  const g: Generation = {
    o,
    a,
    b,
    N,
    J: Math.round((N * 25) / 60),
    C: Math.round((N * 5) / 60),
    V: Math.max(10, Math.round(N / 4)),
    rawJ: Math.round((o.rawVisits * 25) / 60),
    rawC: Math.round((o.rawVisits * 5) / 60),
    tz: literal(o.timeZone),
    deviceRows: devices.flatMap((d) => Array.from({ length: d.weight }, () => d)),
    step: async (client, name, text) => {
      const began = Date.now();
      const r = await client.query(text);
      seconds[name] = Math.round((Date.now() - began) / 100) / 10;
      o.log(`${name}: ${r.rowCount ?? ''} rows in ${seconds[name]} s`);
    },
    visitTime: (i) => `to_timestamp(${start} + (${i} - 1) * ${span}.0 / ${N})`,
    sessionOf: (i) => `((5 * ${i}) / 8)`,
    attr: (s, k, mod) => `(abs(hashint8extended(${s}, ${k})) % ${mod})`,
  };
  const { J, C, rawJ, rawC, step } = g;

  const offerCount = await createLookupTables(g);
  await createRowViews(g, offerCount);
  await writeRawRows(g);
  await writeAggregates(g);
  if (o.bookkeeping) await writeBookkeeping(g);
  const counts = (
    await a.query(
      `select (select count(*) from bench_gen.first_touch) as visitors, (select count(*) from bench_gen.human_sessions) as sessions`,
    )
  ).rows[0];
  await step(a, 'drop helpers', 'drop schema bench_gen cascade');
  await step(a, 'vacuum analyze', 'vacuum analyze');
  return {
    visits: N,
    journeyRows: J,
    clickRows: C,
    rawVisits: o.rawVisits,
    rawJourneyRows: rawJ,
    rawClickRows: rawC,
    visitors: Number(counts.visitors),
    sessions: Number(counts.sessions),
    seconds,
  };
}

/** Lookup tables: devices by weight, locales, arrivals (classified as the aggregator does), steps, offers. */
async function createLookupTables(g: Generation): Promise<number> {
  const { a, deviceRows } = g;
  const arrivalRows = arrivals.map((r) => ({
    ...r,
    c: classifyTrafficSource({ referrer: r.referrer, pageUrl: r.pageUrl }),
  }));
  await a.query(`
    create schema bench_gen;
    create table bench_gen.devices (k int primary key, device_type text, browser_name text, operating_system text,
      screen_resolution text, user_agent text, is_bot boolean);
    insert into bench_gen.devices values ${deviceRows
      .map(
        (d, k) =>
          `(${k}, ${literal(d.deviceType)}, ${literal(d.browserName)}, ${literal(d.operatingSystem)}, ${literal(d.screenResolution)}, ${literal(d.userAgent)}, ${d.browserName === 'Googlebot'})`,
      )
      .join(', ')};
    create table bench_gen.locales (k int primary key, language text, time_zone text);
    insert into bench_gen.locales values ${locales.map((l, k) => `(${k}, ${literal(l.language)}, ${literal(l.timeZone)})`).join(', ')};
    create table bench_gen.arrivals (k int primary key, page_url text, referrer text, source text, medium text,
      referrer_domain text, campaign text, keyword text);
    insert into bench_gen.arrivals values ${arrivalRows
      .map(
        (r, k) =>
          `(${k}, ${literal(r.pageUrl)}, ${literal(r.referrer)}, ${literal(r.c.source)}, ${literal(r.c.medium)}, ${literal(r.c.referrerDomain ?? null)}, ${literal(r.c.campaign ?? null)}, ${literal(r.c.keyword ?? null)})`,
      )
      .join(', ')};
    create table bench_gen.steps (k int primary key, step text);
    insert into bench_gen.steps values ${storedStepWheel.map((s, k) => `(${k}, ${literal(s)})`).join(', ')};
    create table bench_gen.offers as
      select (row_number() over (order by id) - 1)::int as k, id as offer_id, title, url from affiliate_offers;
  `);
  const offerCount = Number((await a.query('select count(*) as n from bench_gen.offers')).rows[0].n);
  if (!offerCount) throw new Error('no affiliate offers to click: seed the content first');
  return offerCount;
}

/** The rows, as views over generate_series (nothing is stored until a step inserts from them). */
async function createRowViews(g: Generation, offerCount: number): Promise<void> {
  const { a, N, J, C, V, tz, deviceRows, visitTime, sessionOf, attr } = g;
  await a.query(`
    create view bench_gen.visits as
      select i, s, ${attr('s', 1, V)} as visitor, ${attr('s', 2, deviceRows.length)} as dk, ${attr('s', 3, locales.length)} as lk,
        ${attr('s', 4, arrivals.length)} as ak, i = greatest(1, (8 * s + 4) / 5) as first_in_session,
        t, (t at time zone ${tz})::date as date
      from (select i, ${sessionOf('i')} as s, ${visitTime('i')} as t from generate_series(1::bigint, ${N}) as i) g;
    create view bench_gen.sessions as
      select s, start_i, least(${N}, (8 * (s + 1) + 4) / 5 - 1) - start_i + 1 as views,
        ${attr('s', 1, V)} as visitor, ${attr('s', 2, deviceRows.length)} as dk, ${attr('s', 4, arrivals.length)} as ak,
        ${visitTime('start_i')} as t, (${visitTime('start_i')} at time zone ${tz})::date as date
      from (select s, greatest(1, (8 * s + 4) / 5) as start_i from generate_series(0::bigint, (5::bigint * ${N}) / 8) as s) g
      where start_i <= ${N};
    create view bench_gen.journey as
      select j, s, ${attr('s', 1, V)} as visitor, ${attr('s', 2, deviceRows.length)} as dk, ${attr('j', 6, storedStepWheel.length)} as stk,
        t, (t at time zone ${tz})::date as date
      from (select j, ${sessionOf('i')} as s, ${visitTime('i')} + interval '1 second' as t
            from (select j, ((j - 1) * ${N}) / ${J} + 1 as i from generate_series(1::bigint, ${J}) as j) x) g;
    create view bench_gen.clicks as
      select c, s, ${attr('s', 1, V)} as visitor, ${attr('s', 2, deviceRows.length)} as dk, ${attr('c', 7, offerCount)} as ok,
        ${attr('c', 8, 10)} < 7 as from_results, t, (t at time zone ${tz})::date as date
      from (select c, ${sessionOf('i')} as s, ${visitTime('i')} + interval '2 seconds' as t
            from (select c, ((c - 1) * ${N}) / ${C} + 1 as i from generate_series(1::bigint, ${C}) as c) x) g;
  `);
}

/** Raw rows: page visits on one connection, journey and clicks on the other. */
async function writeRawRows(g: Generation): Promise<void> {
  const { a, b, o, rawJ, rawC, step } = g;
  await Promise.all([
    step(
      a,
      'raw page_visits',
      `insert into page_visits (event_id, visitor_id, session_id, ip_address, user_agent, referrer, page_url, device_type,
         browser_name, operating_system, screen_resolution, language, time_zone, is_returning_visitor, is_bot, visited_at, visit_date)
       select ${uuid7('v.t', 'v.i', 'v')}, 'v' || v.visitor, 's' || v.s, '198.51.' || (v.visitor % 255) || '.0', d.user_agent,
         case when v.first_in_session then ar.referrer else 'https://bodymetrics.example/' end,
         case when v.first_in_session then ar.page_url else 'https://bodymetrics.example/results' end,
         d.device_type, d.browser_name, d.operating_system, d.screen_resolution, l.language, l.time_zone,
         (v.visitor % 10 < 3)::int, d.is_bot, v.t, v.date
       from bench_gen.visits v join bench_gen.devices d on d.k = v.dk join bench_gen.locales l on l.k = v.lk
         join bench_gen.arrivals ar on ar.k = v.ak
       where v.i <= ${o.rawVisits}`,
    ),
    (async () => {
      await step(
        b,
        'raw user_journey',
        `insert into user_journey (event_id, visitor_id, session_id, step, step_data, device_type, user_agent, timestamp, journey_date)
         select ${uuid7('j.t', 'j.j', 'j')}, 'v' || j.visitor, 's' || j.s, st.step,
           case when st.step = 'form_completed' then '{"age":34,"gender":"female","unit":"metric"}'::jsonb end,
           d.device_type, d.user_agent, j.t, j.date
         from bench_gen.journey j join bench_gen.devices d on d.k = j.dk join bench_gen.steps st on st.k = j.stk
         where j.j <= ${rawJ}`,
      );
      await step(
        b,
        'raw affiliate_clicks',
        `insert into affiliate_clicks (event_id, offer_id, offer_title, offer_url, visitor_id, ip_address, user_agent, referrer, source, clicked_at, click_date)
         select ${uuid7('c.t', 'c.c', 'c')}, o.offer_id, o.title, o.url, 'v' || c.visitor, '198.51.' || (c.visitor % 255) || '.0',
           d.user_agent, 'https://bodymetrics.example/results', case when c.from_results then 'results' else 'bridge' end, c.t, c.date
         from bench_gen.clicks c join bench_gen.devices d on d.k = c.dk join bench_gen.offers o on o.k = c.ok
         where c.c <= ${rawC}`,
      );
    })(),
  ]);
}

/** The aggregates, from the same definitions over all N. */
async function writeAggregates(g: Generation): Promise<void> {
  const { a, b, o, deviceRows, step, attr } = g;
  await Promise.all([
    (async () => {
      await step(
        a,
        'visitor-days (helper)',
        `create unlogged table bench_gen.visitor_days as
           select v.date, v.visitor, min(v.s) as first_s, count(*) as views
           from bench_gen.visits v ${human('v')} group by v.date, v.visitor`,
      );
      await step(
        a,
        'daily_devices',
        `insert into daily_devices (date, device_type, browser_name, operating_system, visitors)
         select x.date, d.device_type, d.browser_name, d.operating_system, count(*)
         from bench_gen.visitor_days x join bench_gen.devices d on d.k = ${attr('x.first_s', 2, deviceRows.length)}
         group by 1, 2, 3, 4`,
      );
      await step(
        a,
        'daily_geo',
        `insert into daily_geo (date, time_zone, language, visitors)
         select x.date, l.time_zone, l.language, count(*)
         from bench_gen.visitor_days x join bench_gen.locales l on l.k = ${attr('x.first_s', 3, locales.length)}
         group by 1, 2, 3`,
      );
      if (o.bookkeeping) {
        await step(
          a,
          'daily_visitors',
          `insert into daily_visitors (date, visitor_id) select date, 'v' || visitor from bench_gen.visitor_days`,
        );
      }
    })(),
    (async () => {
      await step(
        b,
        'sessions (helper)',
        `create unlogged table bench_gen.human_sessions as
           select se.s, se.visitor, se.views, se.ak, se.t, se.date from bench_gen.sessions se ${human('se')}`,
      );
      await step(
        b,
        'first touches (helper)',
        `create unlogged table bench_gen.first_touch as
           select distinct on (visitor) visitor, s, ak, t, date from bench_gen.human_sessions order by visitor, s`,
      );
      await step(
        b,
        'converted visitors (helper)',
        `create unlogged table bench_gen.converted as select distinct c.visitor from bench_gen.clicks c ${human('c')}`,
      );
      await step(
        b,
        'daily_traffic',
        `insert into daily_traffic (date, source, medium, referrer_domain, visitors, converted)
         select ft.date, ar.source, ar.medium, coalesce(ar.referrer_domain, ''), count(*), count(cv.visitor)
         from bench_gen.first_touch ft join bench_gen.arrivals ar on ar.k = ft.ak
           left join bench_gen.converted cv on cv.visitor = ft.visitor
         group by 1, 2, 3, 4`,
      );
      await step(
        b,
        'funnel_step_visitors',
        `insert into funnel_step_visitors (date, step, visitor_id)
         select distinct j.date, st.step, 'v' || j.visitor
         from bench_gen.journey j ${human('j')} join bench_gen.steps st on st.k = j.stk`,
      );
      await step(
        b,
        'conversion_funnel',
        `insert into conversion_funnel (date, step, visitors)
         select date, step, count(*) from funnel_step_visitors group by date, step`,
      );
      await step(
        b,
        'affiliate_daily_clicks',
        `insert into affiliate_daily_clicks (date, offer_id, clicks, last_clicked_at)
         select c.date, o.offer_id, count(*), max(c.t)
         from bench_gen.clicks c ${human('c')} join bench_gen.offers o on o.k = c.ok group by 1, 2`,
      );
      await step(
        b,
        'affiliate_offers.clicks',
        `update affiliate_offers o set clicks = x.n
         from (select offer_id, sum(clicks)::int as n from affiliate_daily_clicks group by offer_id) x where o.id = x.offer_id`,
      );
    })(),
  ]);
  await step(
    a,
    'daily_visits',
    `insert into daily_visits (date, unique_visitors, total_page_views, mobile_visitors, sessions, bounced_sessions, affiliate_clicks)
     select date, sum(uv), sum(pv), sum(mv), sum(se), sum(bs), sum(ac) from (
       select x.date, count(*) as uv, sum(x.views) as pv, count(*) filter (where d.device_type = 'mobile') as mv, 0 as se, 0 as bs, 0 as ac
         from bench_gen.visitor_days x join bench_gen.devices d on d.k = ${attr('x.first_s', 2, deviceRows.length)} group by x.date
       union all
       select date, 0, 0, 0, count(*), count(*) filter (where views = 1), 0 from bench_gen.human_sessions group by date
       union all
       select c.date, 0, 0, 0, 0, 0, count(*) from bench_gen.clicks c ${human('c')} group by c.date
     ) parts group by date`,
  );
}

/** The per-visitor and per-session bookkeeping tables no dashboard read touches. */
async function writeBookkeeping(g: Generation): Promise<void> {
  const { a, b, N, deviceRows, step, visitTime, attr } = g;
  await Promise.all([
    (async () => {
      await step(
        a,
        'visitor_sessions',
        `insert into visitor_sessions (session_id, visitor_id, start_date, started_at, first_event_at, last_event_at, page_views)
         select 's' || s, 'v' || visitor, date, t, t, t, views from bench_gen.human_sessions`,
      );
      await step(
        a,
        'traffic_sources',
        `insert into traffic_sources (visitor_id, source, medium, campaign, keyword, referrer_domain, landing_page, first_visit, first_visit_date)
         select 'v' || ft.visitor, ar.source, ar.medium, ar.campaign, ar.keyword, ar.referrer_domain, ar.page_url, ft.t, ft.date
         from bench_gen.first_touch ft join bench_gen.arrivals ar on ar.k = ft.ak`,
      );
    })(),
    step(
      b,
      'session_metrics',
      `insert into session_metrics (visitor_id, first_visit, last_visit, total_visits, total_page_views, bounced_visits, bounce_rate,
         total_session_time, affiliate_clicks_count, conversion_completed, email_submitted, last_user_agent, last_device_type, acquisition_source)
       with per_session as (
         select visitor, count(*) as visits, sum(views) as views, count(*) filter (where views = 1) as bounced,
           min(t) as first_t, max(s) as last_s from bench_gen.human_sessions group by visitor
       ), per_click as (
         select c.visitor, count(*) as clicks, max(c.t) as last_t from bench_gen.clicks c ${human('c')} group by c.visitor
       ), per_journey as (
         select j.visitor, max(j.t) as last_t, bool_or(st.step in ('email_provided', 'report_sent')) as email
         from bench_gen.journey j ${human('j')} join bench_gen.steps st on st.k = j.stk group by j.visitor
       )
       select 'v' || ps.visitor, ps.first_t,
         greatest(${visitTime(`least(${N}, (8 * (ps.last_s + 1) + 4) / 5 - 1)`)}, pc.last_t, pj.last_t),
         ps.visits, ps.views, ps.bounced, round(100.0 * ps.bounced / ps.visits, 2), 0,
         coalesce(pc.clicks, 0), pc.clicks is not null, coalesce(pj.email, false), d.user_agent, d.device_type, ar.source
       from per_session ps
         left join per_click pc on pc.visitor = ps.visitor
         left join per_journey pj on pj.visitor = ps.visitor
         join bench_gen.devices d on d.k = ${attr('ps.last_s', 2, deviceRows.length)}
         join bench_gen.first_touch ft on ft.visitor = ps.visitor
         join bench_gen.arrivals ar on ar.k = ft.ak`,
    ),
  ]);
}
