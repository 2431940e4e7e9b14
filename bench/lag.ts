// lag: a steady 2,000 events/s of mixed tracking traffic for 60 s through the tracking service (as its own
// process, publishing to Kafka) with the aggregator process applying it. Ten times a second a probe — a
// page visit of a visitor never seen before, from a client of its own (lib/crowd.ts: its address and its
// browser, as the daily visitor key counts visitors) — goes out with the load; its lag is the time from its
// 202 to the moment its visit is counted in the read models. That is observed by polling page_visits for
// the probe's visitor id (indexed): the aggregator writes the raw row in the same transaction that adds the
// visitor to daily_visitors and moves daily_visits (and every other aggregate of the batch), so the row's
// presence is exactly "visible on the dashboard" (daily_visitors itself holds the visitor key, a keyed hash
// the benchmark cannot look up). Target: p95 ≤ 2 s, with every probe acknowledged and seen and every request
// of the load answered 2xx (lib/lag-probes.ts, lib/targets.ts); a probe missing makes the run incomplete.
import { sql } from 'kysely';
import { seedContent } from '@bodymetrics/db';
import { serviceManifest } from '@bodymetrics/system/manifest';
import type { Figures } from './run';
import { createBenchDatabase, type BenchDatabase } from './lib/bench-database';
import { createBenchTopics } from './lib/bench-topics';
import { aggregatorEnv } from './lib/aggregator-env';
import { crowdAddress, crowdUserAgent } from './lib/crowd';
import { uniqueTag } from './lib/infra';
import { probeOutcome, type LagProbe } from './lib/lag-probes';
import { runLoad } from './lib/load';
import { progress, sleep } from './lib/log';
import { sampleRssPeaks, type RssPeaks } from './lib/rss-peaks';
import { startService, type ServiceProcess } from './lib/service-process';
import { failedAnswers, incompleteKey, targetMet } from './lib/targets';
import { devices, mixedRequestPool, pageVisitBody, seededRandom, visitorSession } from './lib/traffic';

const say = (m: string) => progress('lag', m);
const timeZone = 'Europe/Bucharest';

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

    const probes: LagProbe[] = [];
    const sender = sendProbes(tracking.url, probes);
    const poller = pollProbes(database, probes);
    say(`${rate} events/s for ${durationSeconds} s, probes every 100 ms`);
    const load = await runLoad({ url: tracking.url, pool, connections, durationSeconds, overallRate: rate });
    await sender.stop();
    say(
      `load: ${load.okPerSecond} 2xx/s (${load.non2xx} non-2xx, ${load.errors} errors); waiting for the last probes`,
    );
    const deadline = Date.now() + 30_000;
    // Until every probe is answered and every acknowledged one seen, or 30 s have passed.
    const pending = (p: LagProbe) =>
      p.status === undefined || (p.ackedAt !== undefined && p.seenAt === undefined);
    while (Date.now() < deadline && probes.some(pending)) await sleep(100);
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

/**
 * A probe every 100 ms: a person (never a bot: bots are recorded but never counted) never seen before, on an
 * address and a browser of its own, as the gateway hands the address on (X-Forwarded-For).
 */
function sendProbes(trackingUrl: string, probes: LagProbe[]) {
  const tag = uniqueTag();
  const random = seededRandom(99);
  return loop(async () => {
    const n = probes.length;
    const session = visitorSession(random, 1000, n);
    const device = devices[0] as typeof session.device;
    const s = {
      ...session,
      device: { ...device, userAgent: crowdUserAgent(device.userAgent, n) },
      visitorId: `probe-${tag}-${n}`,
    };
    const probe: LagProbe = { visitorId: s.visitorId };
    probes.push(probe);
    void fetch(`${trackingUrl}/api/analytics/page-visit`, {
      method: 'POST',
      // What the site's own page sends (the gateway, when in front, takes our own pages only).
      headers: {
        'content-type': 'application/json',
        'user-agent': s.device.userAgent,
        'x-forwarded-for': crowdAddress(n),
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

/** Every 25 ms, the acknowledged probes not yet seen, looked up in page_visits. */
function pollProbes(database: BenchDatabase, probes: LagProbe[]) {
  return loop(async () => {
    const waiting = probes.filter((p) => p.ackedAt !== undefined && p.seenAt === undefined);
    if (waiting.length) {
      const rows = await sql<{ visitor_id: string }>`
        select visitor_id from page_visits where visitor_id = any(${waiting.map((p) => p.visitorId)}::text[])
      `.execute(database.db);
      const now = Date.now();
      const seen = new Set(rows.rows.map((r) => r.visitor_id));
      for (const p of waiting) if (seen.has(p.visitorId)) p.seenAt = now;
    }
    await sleep(25);
  });
}
