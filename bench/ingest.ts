// ingest: page-visit events through gateway → tracking → Kafka (202 only once Kafka acknowledged), both
// services as their own processes as in production, under keep-alive load (autocannon) with realistic
// bodies. Baseline in the same run: a bare fastify route validating the same body, answering 202.
// Targets: ≥ 50 % of the baseline's throughput; p99 ≤ 25 ms at half of the maximum rate; tracking in the
// gateway's process at ≥ 0.25 of the baseline and ≤ 0.12 ms of CPU per event on its path.
// Three paths, in the same run: (a) proxy hop, the envelope validated twice (PUBLISH_RECHECK=1, the
// publish-side check); (b) proxy hop, validated once; (c) tracking in the gateway's process
// (TRACKING_IN_PROCESS=1), validated once. Each prints events/s, its ratio to the baseline and the CPU
// milliseconds per event of the processes on its path (gateway, tracking, Kafka broker). Every target also
// needs every measured request answered 2xx (lib/targets.ts); the non-2xx answers and errors print beside.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { serviceManifest, upstreamUrlSettings } from '@bodymetrics/system/manifest';
import type { Figures } from './run';
import { createBenchTopics, type BenchTopics } from './lib/bench-topics';
import { perEvent, pidsMatching, startCpuMeter } from './lib/cpu-meter';
import { uniqueTag } from './lib/infra';
import { runLoad, type LoadResult } from './lib/load';
import { progress } from './lib/log';
import { benchLogDir, startService, waitUntilIdle, type ServiceProcess } from './lib/service-process';
import { sampleRssPeaks, type RssPeaks } from './lib/rss-peaks';
import { round } from './lib/stats';
import { failedAnswers, targetMet } from './lib/targets';
import { summarizeProfile } from './lib/cpu-profile';
import { pageVisitPool } from './lib/traffic';

const say = (m: string) => progress('ingest', m);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);

/** Two interleaved rounds per target; the better one is the figure (the machine is shared and noisy). */
async function maxThroughput(
  label: string,
  url: string,
  pool: ReturnType<typeof pageVisitPool>,
  /** The processes on this target's path, whose CPU is metered (with the broker and the load generator). */
  path: ServiceProcess[],
  quiet: ServiceProcess[],
): Promise<LoadResult & { cpu: Record<string, number> }> {
  for (const s of quiet) await waitUntilIdle(s.pid, { timeoutMs: 30_000 });
  const meter = startCpuMeter({
    ...Object.fromEntries(path.map((s) => [s.name, () => [s.pid]])),
    kafka: () => pidsMatching('kafka.Kafka'),
  });
  const r = { ...(await runLoad({ url, pool, connections, durationSeconds: seconds })), cpu: meter.stop() };
  say(`${label}: ${r.okPerSecond} 2xx/s, p99 ${r.latencyMs.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
  return r;
}

/** CPU ms per event of the path itself: every metered process but the load generator. */
const pathCpuMsPerEvent = (cpu: Record<string, number>, events: number) =>
  events
    ? round(
        (Object.entries(cpu)
          .filter(([name]) => !name.startsWith('load generator'))
          .reduce((sum, [, seconds]) => sum + seconds, 0) *
          1000) /
          events,
        3,
      )
    : 0;

const best = <T extends LoadResult>(a: T, b: T) => (a.okPerSecond >= b.okPerSecond ? a : b);

export async function run(): Promise<Figures> {
  const pool = pageVisitPool(5000);
  const partitions = Number(process.env.BENCH_PARTITIONS ?? 6);
  const topics = await createBenchTopics('ingest', partitions);
  const started: ServiceProcess[] = [];
  // BENCH_PROFILE=1: a CPU profile of the gateway serving tracking in its process (the fastest of the three paths).
  const profile = process.env.BENCH_PROFILE === '1';
  const profileDir = join(benchLogDir, `ingest-prof-${uniqueTag()}`);
  let rss: RssPeaks | undefined;
  try {
    const targets = await startTargets(topics, started, profile ? profileDir : undefined);
    const { gateway, inProcess } = targets;
    rss = sampleRssPeaks(started);

    say('warming up (JIT, Kafka producers, connection pools)');
    for (const s of [gateway, targets.gatewayTwice, inProcess, targets.baseline])
      await runLoad({ url: s.url, pool, connections, durationSeconds: 5 });

    const { b1, b2, r1, r2 } = await measureRounds(pool, targets, started);
    const base = best(b1, b2);
    const ab = {
      twice: best(r1.twice, r2.twice),
      once: best(r1.once, r2.once),
      inProcess: best(r1.inProcess, r2.inProcess),
    };
    // The default distributed path (proxy hop) gives the headline figures.
    const system = ab.once;

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
    // Every measured run (not the warm-up): a failed request anywhere leaves no target met.
    const measured = [b1, b2, ...Object.values(r1), ...Object.values(r2), half];
    return {
      events_per_s: system.okPerSecond,
      baseline_req_per_s: base.okPerSecond,
      ratio_to_baseline: round(ratio, 3),
      rounds_baseline_req_per_s: `${b1.okPerSecond},${b2.okPerSecond}`,
      ...abFiguresOf(ab, r1, r2, base),
      max_rate_p99_ms: system.latencyMs.p99,
      baseline_p99_ms: base.latencyMs.p99,
      half_rate_req_per_s: halfRate,
      half_rate_achieved_per_s: half.okPerSecond,
      half_rate_p50_ms: half.latencyMs.p50,
      half_rate_p99_ms: half.latencyMs.p99,
      ...failedAnswers(measured),
      kafka_messages: onKafka,
      connections,
      seconds_per_round: seconds,
      // CPU milliseconds each process spent per request during the best round of each.
      baseline_cpu_ms_per_request: perEvent(base.cpu, base.ok),
      // The largest over the run (warm-up, rounds, half rate), sampled every 250 ms.
      tracking_peak_rss_mb: rss.peakOf('tracking'),
      gateway_peak_rss_mb: rss.peakOf('gateway'),
      gateway_in_process_peak_rss_mb: rss.peakOf('gateway-in-process'),
      target_ratio_met: targetMet(ratio >= 0.5, measured),
      target_p99_met: targetMet(half.latencyMs.p99 <= 25, measured),
      target_path_cpu_met: targetMet(pathCpuMsPerEvent(ab.inProcess.cpu, ab.inProcess.ok) <= 0.25, measured),
      // Tracking in the gateway's process, closer to the limit: ≥ 0.25 of the bare route, and ≤ 0.12 ms of CPU
      // per event on its whole path (the gateway and the Kafka broker).
      target_in_process_ratio_met: targetMet(ab.inProcess.okPerSecond / base.okPerSecond >= 0.25, measured),
      target_in_process_cpu_met: targetMet(
        pathCpuMsPerEvent(ab.inProcess.cpu, ab.inProcess.ok) <= 0.12,
        measured,
      ),
    };
  } finally {
    rss?.stop();
    for (const s of started.reverse()) await s.stop();
    await topics.cleanup();
    if (profile) reportProfile(profileDir);
  }
}

const unused = 'http://127.0.0.1:9'; // the benchmark sends only tracking routes

/** A gateway's settings for the run: tracking at `trackingUrl`, every per-client limit out of the way. */
const gatewayEnv = (trackingUrl: string) => ({
  ...upstreamUrlSettings((s) => (s.name === 'tracking' ? trackingUrl : unused)),
  // One load generator is one IP; the per-IP budget stays on (same code path) but out of the way.
  RATE_LIMIT_TRACKING_PER_MINUTE: '1000000000',
  // Likewise the per-address connection cap (BENCH_CONNECTIONS may exceed it), and the internal
  // metrics listener on any free port.
  CONNECTIONS_PER_CLIENT: '0',
  METRICS_PORT: '0',
});

/**
 * The three paths and the baseline: gateway → tracking, the same with tracking checking the event again
 * before it publishes, tracking in the gateway's process (profiled into `profileDir` when given), and a bare
 * HTTP server. Each started process is added to `started`.
 */
async function startTargets(topics: BenchTopics, started: ServiceProcess[], profileDir: string | undefined) {
  const kafkaEnv = topics.serviceEnv;
  const start = async (
    name: string,
    process: Parameters<typeof startService>[0]['process'],
    env = {},
    nodeArgs: string[] = [],
  ) => {
    const s = await startService({ name, process, env, nodeArgs });
    started.push(s);
    return s;
  };
  const tracking = await start('tracking', serviceManifest.tracking, kafkaEnv);
  const gateway = await start('gateway', serviceManifest.gateway, gatewayEnv(tracking.url));
  const trackingTwice = await start('tracking-recheck', serviceManifest.tracking, {
    ...kafkaEnv,
    PUBLISH_RECHECK: '1',
  });
  const gatewayTwice = await start('gateway-recheck', serviceManifest.gateway, gatewayEnv(trackingTwice.url));
  const inProcess = await start(
    'gateway-in-process',
    serviceManifest.gateway,
    { ...gatewayEnv(unused), ...kafkaEnv, TRACKING_IN_PROCESS: '1' },
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const baseline = await start('ingest-baseline', { entry: 'bench/children/ingest-baseline.ts' });
  return { tracking, gateway, trackingTwice, gatewayTwice, inProcess, baseline };
}

/** Two rounds of the baseline and of each path, the second in the reverse order (the machine drifts). */
async function measureRounds(
  pool: ReturnType<typeof pageVisitPool>,
  targets: Awaited<ReturnType<typeof startTargets>>,
  all: ServiceProcess[],
) {
  const { baseline } = targets;
  const variants = {
    twice: {
      label: 'proxy, validated twice',
      url: targets.gatewayTwice.url,
      path: [targets.gatewayTwice, targets.trackingTwice],
    },
    once: {
      label: 'proxy, validated once',
      url: targets.gateway.url,
      path: [targets.gateway, targets.tracking],
    },
    inProcess: { label: 'in-process, validated once', url: targets.inProcess.url, path: [targets.inProcess] },
  };
  const measure = (label: string, url: string, path: ServiceProcess[]) =>
    maxThroughput(label, url, pool, path, all);
  const roundOf = (k: keyof typeof variants, n: number) =>
    measure(`${variants[k].label} round ${n}`, variants[k].url, variants[k].path);
  const b1 = await measure('baseline round 1', baseline.url, [baseline]);
  const r1 = {
    twice: await roundOf('twice', 1),
    once: await roundOf('once', 1),
    inProcess: await roundOf('inProcess', 1),
  };
  const b2 = await measure('baseline round 2', baseline.url, [baseline]);
  const r2 = {
    inProcess: await roundOf('inProcess', 2),
    once: await roundOf('once', 2),
    twice: await roundOf('twice', 2),
  };
  return { b1, b2, r1, r2 };
}

type Measured = Awaited<ReturnType<typeof maxThroughput>>;
type Paths<T> = { twice: T; once: T; inProcess: T };

/** Each path's figures: its best round, against the baseline, and both rounds. */
const abFiguresOf = (ab: Paths<Measured>, r1: Paths<Measured>, r2: Paths<Measured>, base: Measured) =>
  Object.fromEntries(
    (Object.keys(ab) as (keyof typeof ab)[]).flatMap((k) => {
      const r = ab[k];
      return [
        [`ab_${k}_events_per_s`, r.okPerSecond],
        [`ab_${k}_ratio_to_baseline`, round(r.okPerSecond / base.okPerSecond, 3)],
        [`ab_${k}_path_cpu_ms_per_event`, pathCpuMsPerEvent(r.cpu, r.ok)],
        [`ab_${k}_cpu_ms_per_event`, perEvent(r.cpu, r.ok)],
        [`ab_${k}_rounds_events_per_s`, `${r1[k].okPerSecond},${r2[k].okPerSecond}`],
        [`ab_${k}_p99_ms`, r.latencyMs.p99],
      ];
    }),
  );

/** Written when the gateway exits: where its CPU went over the whole run (warm-up and every round). */
function reportProfile(profileDir: string): void {
  const file = existsSync(profileDir)
    ? readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))
    : undefined;
  if (!file) return;
  const summary = summarizeProfile(join(profileDir, file), 12);
  say(`profile of the in-process gateway: ${join(profileDir, file)}`);
  say(`by package: ${summary.byPackage.map((p) => `${p.name} ${p.percent}%`).join('; ')}`);
}
