// drain: the aggregator applying a backlog of 1,000,000 mixed events (BENCH_SCALE scales it) from Kafka
// into Postgres — one transaction per batch, raw rows plus every aggregate. The topics are filled first
// (raw batches through the bus's KafkaRawProducer, as fast as the broker takes them), then the aggregator
// process is started and timed from its start until its committed offsets reach the end of every partition.
// Baseline: the same raw rows, in batches of the aggregator's observed size, inserted with a plain
// multi-row INSERT … ON CONFLICT DO NOTHING into copies of the raw tables, without any aggregate (the
// aggregator itself inserts them with INSERT … SELECT FROM unnest; the goal is stated against plain VALUES).
// Targets: ≥ 25,000 events/s and ≥ 0.6 of the baseline.
import { sql } from 'kysely';
import { contractHeader, contractOf, KafkaRawProducer, type RawMessage } from '@bodymetrics/bus';
import { rawEventKeyOf, seedContent } from '@bodymetrics/db';
import { serviceManifest } from '@bodymetrics/system/manifest';
import type { Figures } from './run';
import { aggregatorEnv } from './lib/aggregator-env';
import { createBenchDatabase } from './lib/bench-database';
import { createBenchTopics, type BenchTopics } from './lib/bench-topics';
import { pidsMatching } from './lib/cpu-meter';
import { summarizeProfile } from './lib/cpu-profile';
import { eventStream, type GeneratedEvent } from './lib/events';
import { benchInfra, uniqueTag } from './lib/infra';
import { progress, sleep } from './lib/log';
import { rawTables, tableRowOf, type RawTable } from './lib/raw-rows';
import { benchLogDir, cpuSecondsOf, startService, type ServiceProcess } from './lib/service-process';
import { sampleRssPeaks } from './lib/rss-peaks';
import { round } from './lib/stats';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const say = (m: string) => progress('drain', m);
const timeZone = 'Europe/Bucharest';

export async function run(): Promise<Figures> {
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const count = Math.round(1_000_000 * scale);
  const streamOptions = { count, seed: 42, endMs: Date.now(), spanMs: 7 * 24 * 3600 * 1000 };
  const database = await createBenchDatabase('drain', { poolSize: 4 });
  // The services' default; BENCH_PARTITIONS tries another layout (fewer partitions: fewer, larger batches).
  const partitions = Number(process.env.BENCH_PARTITIONS ?? 6);
  const topics = await createBenchTopics('drain', partitions);
  let aggregator: ServiceProcess | undefined;
  try {
    await seedContent(database.db);

    // ---- the backlog ----
    say(`publishing ${count} events to ${topics.prefix}*`);
    const fillBegan = Date.now();
    const expected = await fillTopics(topics.prefix, streamOptions);
    const fillSeconds = (Date.now() - fillBegan) / 1000;
    say(`published in ${fillSeconds.toFixed(1)} s (${Math.round(count / fillSeconds)}/s)`);

    // ---- the aggregator, timed from its start ----
    const profileDir = join(benchLogDir, `drain-prof-${uniqueTag()}`);
    const profile = process.env.BENCH_PROFILE === '1';
    const kafkaPids = pidsMatching('kafka.Kafka');
    const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (cpuSecondsOf(pid) || 0), 0);
    const kafkaCpuBefore = cpuOf(kafkaPids);
    const began = Date.now();
    aggregator = await startService({
      name: 'aggregator',
      process: serviceManifest.aggregator,
      nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
      env: aggregatorEnv('drain', database, topics, timeZone),
    });
    const readyAt = Date.now();
    const rss = sampleRssPeaks([aggregator]);
    say(`aggregator ready after ${((readyAt - began) / 1000).toFixed(1)} s; draining`);
    const firstAppliedAt = await drained(topics, count, began);
    const doneAt = Date.now();
    const status = (await (await fetch(`${aggregator.url}/status`)).json()) as {
      batchesApplied: number;
      eventsApplied: number;
    };
    rss.stop();
    const aggregatorRssMb = rss.peakOf('aggregator');
    // Where the CPU went: the aggregator process, the Postgres backends serving it, the broker.
    const backends = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
    `.execute(database.db);
    const cpu = {
      aggregator: cpuSecondsOf(aggregator.pid),
      postgres: cpuOf(backends.rows.map((r) => r.pid)),
      kafka: cpuOf(kafkaPids) - kafkaCpuBefore,
    };
    await aggregator.stop();
    const wallSeconds = (doneAt - began) / 1000;
    const applyingSeconds = (doneAt - (firstAppliedAt ?? began)) / 1000;
    say(
      `drained in ${wallSeconds.toFixed(1)} s: ${Math.round(count / wallSeconds)} events/s; ${status.batchesApplied} batches`,
    );

    const counts = await rowCounts(database.db, 'public');
    expectRawRows(counts, expected, '');
    const aggregates = await sql<{ views: string; clicks: string; funnel: string }>`
      select (select coalesce(sum(total_page_views), 0) from daily_visits) as views,
             (select coalesce(sum(clicks), 0) from affiliate_daily_clicks) as clicks,
             (select coalesce(sum(visitors), 0) from conversion_funnel where step = 'landing') as funnel
    `.execute(database.db);

    // ---- the baseline: the same raw rows, no aggregates ----
    const batchSize = Math.max(1, Math.round(status.eventsApplied / Math.max(1, status.batchesApplied)));
    say(`baseline: the same raw rows in batches of ${batchSize} (the aggregator's mean batch)`);
    const baselineSeconds = await insertBaseline(database.db, streamOptions, batchSize);
    expectRawRows(await rowCounts(database.db, 'baseline'), expected, 'baseline ');
    const eventsPerSecond = count / wallSeconds;
    const baselinePerSecond = count / baselineSeconds;
    say(`baseline: ${Math.round(baselinePerSecond)} rows/s`);

    const figures: Figures = {
      scale,
      partitions,
      // The aggregator's setting as this run gave it (its default, 2, when unset).
      partitions_consumed_concurrently: process.env.AGGREGATOR_PARTITIONS_CONCURRENTLY ?? 'default',
      events: count,
      events_per_s: Math.round(eventsPerSecond),
      events_per_s_after_first_batch: Math.round(count / applyingSeconds),
      baseline_rows_per_s: Math.round(baselinePerSecond),
      ratio_to_baseline: round(eventsPerSecond / baselinePerSecond, 3),
      drain_seconds: round(wallSeconds, 1),
      aggregator_start_seconds: round((readyAt - began) / 1000, 1),
      baseline_seconds: round(baselineSeconds, 1),
      batches: status.batchesApplied,
      mean_batch: batchSize,
      publish_seconds: round(fillSeconds, 1),
      page_visits: counts.page_visits ?? 0,
      journey_rows: counts.user_journey ?? 0,
      click_rows: counts.affiliate_clicks ?? 0,
      duration_rows: counts.session_durations ?? 0,
      leave_rows: counts.page_leaves ?? 0,
      daily_page_views_total: Number(aggregates.rows[0]?.views ?? 0),
      // Its largest over the drain, every 250 ms.
      aggregator_peak_rss_mb: aggregatorRssMb,
      aggregator_cpu_s: round(cpu.aggregator, 1),
      postgres_cpu_s: round(cpu.postgres, 1),
      kafka_cpu_s: round(cpu.kafka, 1),
      cpu_ms_per_1000_events: `aggregator ${Math.round((cpu.aggregator * 1e6) / count)}; postgres ${Math.round((cpu.postgres * 1e6) / count)}; kafka ${Math.round((cpu.kafka * 1e6) / count)}`,
      target_events_per_s_met: eventsPerSecond >= 25_000,
      target_ratio_met: eventsPerSecond / baselinePerSecond >= 0.6,
    };
    return profile ? { ...figures, ...profileFigures(profileDir) } : figures;
  } finally {
    await aggregator?.stop();
    await topics.cleanup();
    await database.drop();
  }
}

/** Waits until the aggregator has committed every event; answers when it first had applied some. */
async function drained(topics: BenchTopics, count: number, began: number): Promise<number | undefined> {
  let firstAppliedAt: number | undefined;
  let lastReport = 0;
  for (;;) {
    const lag = await topics.lagOf('aggregator');
    if (lag < count && firstAppliedAt === undefined) firstAppliedAt = Date.now();
    if (lag === 0) return firstAppliedAt;
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      say(
        `${count - lag} / ${count} applied (${Math.round((count - lag) / ((Date.now() - began) / 1000))}/s so far)`,
      );
    }
    await sleep(200);
  }
}

/** Every raw table holds the rows the stream makes for it. */
function expectRawRows(counts: Record<string, number>, expected: Map<RawTable, number>, label: string): void {
  for (const t of rawTables) {
    if (counts[t] !== expected.get(t))
      throw new Error(`${label}${t}: ${counts[t]} rows, expected ${expected.get(t)}`);
  }
}

/** Where the aggregator's CPU went, from its profile (written when it stopped). */
function profileFigures(profileDir: string): Figures {
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return {};
  const s = summarizeProfile(join(profileDir, file), 8);
  return {
    profile_file: join(profileDir, file),
    profile_idle_percent: s.idlePercent,
    profile_top_packages: s.byPackage.map((p) => `${p.name} ${p.percent}%`).join('; '),
  };
}

/** Publishes the stream with raw batches (several requests in flight); returns rows expected per raw table. */
async function fillTopics(
  prefix: string,
  options: Parameters<typeof eventStream>[0],
): Promise<Map<RawTable, number>> {
  const producer = new KafkaRawProducer({
    clientId: 'bench-drain-fill',
    brokers: benchInfra().kafkaBrokers,
    // kafkajs's own default: a 5,000-message batch may wait behind others on a busy broker.
    requestTimeoutMs: 30_000,
  });
  const expected = new Map<RawTable, number>(rawTables.map((t) => [t, 0]));
  const inFlight = new Set<Promise<unknown>>();
  let chunk = new Map<string, RawMessage[]>();
  let size = 0;
  const send = async () => {
    const topicMessages = [...chunk].map(([topic, messages]) => ({ topic: `${prefix}${topic}`, messages }));
    chunk = new Map();
    size = 0;
    const p = producer.send(topicMessages);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    if (inFlight.size >= 4) await Promise.race(inFlight);
  };
  for (const e of eventStream(options)) {
    const { table } = tableRowOf(e, timeZone);
    expected.set(table, (expected.get(table) ?? 0) + 1);
    const list = chunk.get(e.topic.name) ?? [];
    // As tracking publishes it: the envelope under its topic's contract (the bus's contractHeader).
    list.push({
      key: e.key,
      value: JSON.stringify(e.envelope),
      headers: { [contractHeader]: contractOf(e.topic) },
    });
    chunk.set(e.topic.name, list);
    if (++size >= 5000) await send();
  }
  if (size) await send();
  await Promise.all(inFlight);
  await producer.close();
  return expected;
}

async function rowCounts(
  db: Parameters<typeof seedContent>[0],
  schema: string,
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of rawTables) {
    const r = await sql<{ n: string }>`select count(*) as n from ${sql.table(`${schema}.${t}`)}`.execute(db);
    out[t] = Number(r.rows[0]?.n ?? 0);
  }
  return out;
}

async function insertBaseline(
  db: Parameters<typeof seedContent>[0],
  options: Parameters<typeof eventStream>[0],
  batchSize: number,
): Promise<number> {
  await sql`create schema baseline`.execute(db);
  for (const t of rawTables) {
    await sql`create table ${sql.table(`baseline.${t}`)} (like ${sql.table(`public.${t}`)} including all)`.execute(
      db,
    );
  }
  const pending = new Map<string, GeneratedEvent[]>();
  let insertMs = 0;
  const apply = async (events: GeneratedEvent[]) => {
    const byTable = new Map<RawTable, Record<string, unknown>[]>();
    for (const e of events) {
      const { table, row } = tableRowOf(e, timeZone);
      const rows = byTable.get(table) ?? [];
      rows.push(row);
      byTable.set(table, rows);
    }
    const began = performance.now();
    await db.transaction().execute(async (trx) => {
      for (const [table, rows] of byTable) {
        for (let i = 0; i < rows.length; i += 1000) {
          await trx
            .withSchema('baseline')
            .insertInto(table)
            .values(rows.slice(i, i + 1000) as never)
            .onConflict((oc) => oc.columns([...rawEventKeyOf(table)] as never).doNothing())
            .execute();
        }
      }
    });
    insertMs += performance.now() - began;
  };
  for (const e of eventStream(options)) {
    const list = pending.get(e.topic.name) ?? [];
    list.push(e);
    pending.set(e.topic.name, list);
    if (list.length >= batchSize) {
      pending.set(e.topic.name, []);
      await apply(list);
    }
  }
  for (const list of pending.values()) if (list.length) await apply(list);
  return insertMs / 1000;
}
