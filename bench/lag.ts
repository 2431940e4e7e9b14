// lag: a steady 2,000 events/s of mixed tracking traffic for 60 s through the tracking service (as its own
// process, publishing to Kafka) with the aggregator process applying it. Ten times a second a probe — a
// page visit of a visitor never seen before — goes out with the load; its lag is the time from its 202 to
// the moment its visitor is counted in the read models. That is observed by polling daily_visitors for
// the probe's (date, visitor): the aggregator writes that row in the same transaction that moves
// daily_visits.unique_visitors (and every other aggregate of the batch), so the row's presence is exactly
// "visible on the dashboard". Target: p95 ≤ 2 s, with every probe acknowledged and seen and every request
// of the load answered 2xx (lib/lag-probes.ts, lib/targets.ts); a probe missing makes the run incomplete.
import { sql } from 'kysely';
import { seedContent } from '@bodymetrics/db';
import { serviceManifest } from '@bodymetrics/system/manifest';
import type { Figures } from './run';
import { createBenchDatabase, type BenchDatabase } from './lib/bench-database';
import { createBenchTopics } from './lib/bench-topics';
import { aggregatorEnv } from './lib/aggregator-env';
import { uniqueTag } from './lib/infra';
import { probeOutcome, type LagProbe } from './lib/lag-probes';
import { runLoad } from './lib/load';
import { progress, sleep } from './lib/log';
import { localDate } from '@bodymetrics/aggregator/raw-rows';
import { sampleRssPeaks, type RssPeaks } from './lib/rss-peaks';
import { startService, type ServiceProcess } from './lib/service-process';
import { failedAnswers, incompleteKey, targetMet } from './lib/targets';
import { devices, mixedRequestPool, pageVisitBody, seededRandom, visitorSession } from './lib/traffic';

const say = (m: string) => progress('lag', m);
const timeZone = 'Europe/Bucharest';

interface Probe extends LagProbe {
  date: string;
}

export async function run(): Promise<Figures> {
  const rate = Number(process.env.BENCH_LAG_RATE ?? 2000);
  const durationSeconds = Number(process.env.BENCH_LAG_SECONDS ?? 60);
  // Many browsers, one request each at a time: enough connections that the pace never waits on a busy one.
  const connections = Number(process.env.BENCH_LAG_CONNECTIONS ?? 200);
  const database = await createBenchDatabase('lag', { poolSize: 3 });
  // The services' default; BENCH_PARTITIONS tries another layout (fewer partitions: fewer, larger batches).
  const partitions = Number(process.env.BENCH_PARTITIONS ?? 6);
  const topics = await createBenchTopics('lag', partitions);
  const started: ServiceProcess[] = [];
  let rss: RssPeaks | undefined;
  try {
    await seedContent(database.db);
    const tracking = await startService({
      name: 'tracking',
      process: serviceManifest.tracking,
      env: { DATABASE_URL: database.url, ...topics.serviceEnv },
    });
    started.push(tracking);
    const aggregator = await startService({
      name: 'aggregator',
      process: serviceManifest.aggregator,
      env: aggregatorEnv('lag', database, topics, timeZone),
    });
    started.push(aggregator);
    rss = sampleRssPeaks(started);

    const pool = mixedRequestPool(20_000);
    say('warm-up: 5 s at the target rate');
    await runLoad({ url: tracking.url, pool, connections, durationSeconds: 5, overallRate: rate });

    const probes: Probe[] = [];
    const sender = sendProbes(tracking.url, probes);
    const poller = pollProbes(database, probes);
    say(`${rate} events/s for ${durationSeconds} s, probes every 100 ms`);
    const load = await runLoad({ url: tracking.url, pool, connections, durationSeconds, overallRate: rate });
    await sender.stop();
    say(
      `load: ${load.okPerSecond} 2xx/s (${load.non2xx} non-2xx, ${load.errors} errors); waiting for the last probes`,
    );
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && probes.some((p) => p.ackedAt !== undefined && p.seenAt === undefined))
      await sleep(100);
    await poller.stop();

    const outcome = probeOutcome(probes);
    const s = outcome.lag;
    say(
      `lag p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms over ${s.n} of ${outcome.sent} probes; ` +
        `${outcome.notAcknowledged} not acknowledged, ${outcome.notSeen} not seen`,
    );
    // The probes as a run of their own: a non-202 answer is a non-2xx, no answer an error.
    const probeAnswers = {
      non2xx: Object.entries(outcome.failedStatuses).reduce((n, [k, c]) => (k === '0' ? n : n + c), 0),
      errors: outcome.failedStatuses[0] ?? 0,
    };
    return {
      ...(outcome.missing || !outcome.sent
        ? {
            [incompleteKey]: `${outcome.missing} of ${outcome.sent} probes not measured (${outcome.notAcknowledged} not acknowledged, ${outcome.notSeen} not seen within 30 s)`,
          }
        : {}),
      rate_target_per_s: rate,
      partitions,
      connections,
      achieved_per_s: load.okPerSecond,
      duration_s: durationSeconds,
      ...failedAnswers([load]),
      ingest_p99_ms: load.latencyMs.p99,
      probes_sent: outcome.sent,
      probes_acknowledged: outcome.acknowledged,
      probes_not_acknowledged: outcome.notAcknowledged,
      probes_not_acknowledged_statuses: JSON.stringify(outcome.failedStatuses),
      probes_not_seen_within_30s: outcome.notSeen,
      probes_missing: outcome.missing,
      probes: s.n,
      lag_p50_ms: s.p50,
      lag_p95_ms: s.p95,
      lag_p99_ms: s.p99,
      lag_max_ms: s.max,
      aggregator_peak_rss_mb: rss.peakOf('aggregator'),
      target_p95_met: targetMet(outcome.missing === 0 && s.p95 <= 2000, [load, probeAnswers]),
    };
  } finally {
    rss?.stop();
    for (const s of started.reverse()) await s.stop();
    await topics.cleanup();
    await database.drop();
  }
}

/** A loop in the background until `stop()` (which waits for its last turn). */
function loop(turn: () => Promise<void>): { stop(): Promise<void> } {
  let running = true;
  const done = (async () => {
    while (running) await turn();
  })();
  return {
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** A probe every 100 ms: a person (never a bot: bots are recorded but never counted) never seen before. */
function sendProbes(trackingUrl: string, probes: Probe[]) {
  const tag = uniqueTag();
  const random = seededRandom(99);
  return loop(async () => {
    const n = probes.length;
    const session = visitorSession(random, 1000, n);
    const s = { ...session, device: devices[0] as typeof session.device, visitorId: `probe-${tag}-${n}` };
    const probe: Probe = { visitorId: s.visitorId, date: localDate(new Date().toISOString(), timeZone) };
    probes.push(probe);
    void fetch(`${trackingUrl}/api/analytics/page-visit`, {
      method: 'POST',
      // What the site's own page sends (the gateway, when in front, takes our own pages only).
      headers: {
        'content-type': 'application/json',
        'user-agent': s.device.userAgent,
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify(pageVisitBody(s)),
    }).then(
      (res) => {
        probe.status = res.status;
        if (res.status === 202) probe.ackedAt = Date.now();
        return res.arrayBuffer();
      },
      () => {
        probe.status = 0;
      },
    );
    await sleep(100);
  });
}

/** Every 25 ms, the acknowledged probes not yet seen, looked up in daily_visitors. */
function pollProbes(database: BenchDatabase, probes: Probe[]) {
  return loop(async () => {
    const waiting = probes.filter((p) => p.ackedAt !== undefined && p.seenAt === undefined);
    if (waiting.length) {
      const rows = await sql<{ visitor_id: string }>`
        select visitor_id from daily_visitors
        where date = any(${[...new Set(waiting.map((p) => p.date))]}::date[])
          and visitor_id = any(${waiting.map((p) => p.visitorId)}::text[])
      `.execute(database.db);
      const now = Date.now();
      const seen = new Set(rows.rows.map((r) => r.visitor_id));
      for (const p of waiting) if (seen.has(p.visitorId)) p.seenAt = now;
    }
    await sleep(25);
  });
}
