// ingest: page-visit events through gateway → tracking → Kafka (202 only once Kafka acknowledged), both
// services as their own processes as in production, under keep-alive load (autocannon) with realistic
// bodies. Baseline in the same run: a bare fastify route validating the same body, answering 202.
// Targets: ≥ 50 % of the baseline's throughput; p99 ≤ 25 ms at half of the maximum rate.
import { serviceManifest, upstreamUrlSettings } from '@bodymetrics/system/manifest';
import type { Figures } from './run';
import { createBenchTopics } from './lib/bench-topics';
import { perEvent, pidsMatching, startCpuMeter } from './lib/cpu-meter';
import { benchInfra } from './lib/infra';
import { runLoad, type LoadResult } from './lib/load';
import { progress } from './lib/log';
import { startService, waitUntilIdle, type ServiceProcess } from './lib/service-process';
import { round } from './lib/stats';
import { pageVisitPool } from './lib/traffic';

const say = (m: string) => progress('ingest', m);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);

/** Two interleaved rounds per target; the better one is the figure (the machine is shared and noisy). */
async function maxThroughput(
  label: string,
  url: string,
  pool: ReturnType<typeof pageVisitPool>,
  quiet: ServiceProcess[],
): Promise<LoadResult & { cpu: Record<string, number> }> {
  for (const s of quiet) await waitUntilIdle(s.pid, { timeoutMs: 30_000 });
  const meter = startCpuMeter({
    ...Object.fromEntries(quiet.map((s) => [s.name, () => [s.pid]])),
    kafka: () => pidsMatching('kafka.Kafka'),
  });
  const r = { ...(await runLoad({ url, pool, connections, durationSeconds: seconds })), cpu: meter.stop() };
  say(`${label}: ${r.okPerSecond} 2xx/s, p99 ${r.latencyMs.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
  return r;
}

const best = <T extends LoadResult>(a: T, b: T) => (a.okPerSecond >= b.okPerSecond ? a : b);

export async function run(): Promise<Figures> {
  const pool = pageVisitPool(5000);
  const partitions = Number(process.env.BENCH_PARTITIONS ?? 6);
  const topics = await createBenchTopics('ingest', partitions);
  const started: ServiceProcess[] = [];
  try {
    const tracking = await startService({
      name: 'tracking',
      process: serviceManifest.tracking,
      env: {
        KAFKA_BROKERS: benchInfra().kafkaBrokers.join(','),
        TOPIC_PREFIX: topics.prefix,
        KAFKA_PARTITIONS: String(partitions),
      },
    });
    started.push(tracking);
    const unused = 'http://127.0.0.1:9'; // the benchmark sends only tracking routes
    const gateway = await startService({
      name: 'gateway',
      process: serviceManifest.gateway,
      env: {
        ...upstreamUrlSettings((s) => (s.name === 'tracking' ? tracking.url : unused)),
        // One load generator is one IP; the per-IP budget stays on (same code path) but out of the way.
        RATE_LIMIT_TRACKING_PER_MINUTE: '1000000000',
        // Likewise the per-address connection cap (BENCH_CONNECTIONS may exceed it), and the internal
        // metrics listener on any free port.
        CONNECTIONS_PER_CLIENT: '0',
        METRICS_PORT: '0',
      },
    });
    started.push(gateway);
    const baseline = await startService({
      name: 'ingest-baseline',
      process: { entry: 'bench/children/ingest-baseline.ts' },
    });
    started.push(baseline);

    say('warming up (JIT, Kafka producer, connection pools)');
    await runLoad({ url: gateway.url, pool, connections, durationSeconds: 5 });
    await runLoad({ url: baseline.url, pool, connections, durationSeconds: 5 });

    const all = [tracking, gateway, baseline];
    const b1 = await maxThroughput('baseline round 1', baseline.url, pool, all);
    const s1 = await maxThroughput('gateway→tracking→Kafka round 1', gateway.url, pool, all);
    const b2 = await maxThroughput('baseline round 2', baseline.url, pool, all);
    const s2 = await maxThroughput('gateway→tracking→Kafka round 2', gateway.url, pool, all);
    const base = best(b1, b2);
    const system = best(s1, s2);

    const halfRate = Math.max(1, Math.round(system.okPerSecond / 2));
    say(`p99 at half of the maximum rate: ${halfRate} req/s for ${seconds * 2} s`);
    const half = await runLoad({
      url: gateway.url,
      pool,
      connections,
      durationSeconds: seconds * 2,
      overallRate: halfRate,
    });
    say(`half rate: ${half.okPerSecond} 2xx/s, p50 ${half.latencyMs.p50} ms, p99 ${half.latencyMs.p99} ms`);

    const onKafka = await topics.endOffsetsTotal();
    const ratio = system.okPerSecond / base.okPerSecond;
    return {
      events_per_s: system.okPerSecond,
      baseline_req_per_s: base.okPerSecond,
      ratio_to_baseline: round(ratio, 3),
      rounds_events_per_s: `${s1.okPerSecond},${s2.okPerSecond}`,
      rounds_baseline_req_per_s: `${b1.okPerSecond},${b2.okPerSecond}`,
      max_rate_p99_ms: system.latencyMs.p99,
      baseline_p99_ms: base.latencyMs.p99,
      half_rate_req_per_s: halfRate,
      half_rate_achieved_per_s: half.okPerSecond,
      half_rate_p50_ms: half.latencyMs.p50,
      half_rate_p99_ms: half.latencyMs.p99,
      non_2xx: s1.non2xx + s2.non2xx + half.non2xx,
      errors: s1.errors + s2.errors + half.errors,
      kafka_messages: onKafka,
      connections,
      seconds_per_round: seconds,
      // CPU milliseconds each process spent per request during the best round of each.
      cpu_ms_per_event: perEvent(system.cpu, system.ok),
      baseline_cpu_ms_per_request: perEvent(base.cpu, base.ok),
      tracking_rss_mb: tracking.rssMb(),
      gateway_rss_mb: gateway.rssMb(),
      target_ratio_met: ratio >= 0.5,
      target_p99_met: half.latencyMs.p99 <= 25,
    };
  } finally {
    for (const s of started.reverse()) await s.stop();
    await topics.cleanup();
  }
}
