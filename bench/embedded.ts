// embedded: the ingest benchmark against the embedded mode (`npm start`: one process, the gateway over
// every service, the in-process bus, the aggregator applying into PGlite in the same process). Same
// page-visit bodies, same keep-alive load; the bare-fastify baseline of the ingest benchmark is measured
// in the same run for scale. Targets: ≥ 2,000 events/s, ≥ 0.15 of the baseline and ≤ 0.3 ms of the
// process's CPU per durable event (every thread, from a round's start until the process is idle again, so
// applying what the round accepted counts); p99 ≤ 50 ms at
// half the maximum rate, for the tracking calls and for a page load, the offers list and the dashboard's
// overview read meanwhile (each read timed from its due time, lib/paced-reads.ts); RSS ≤ 350 MB at its
// peak over the whole run (warm-up, maximum rate, catch-up, half rate). Every target also needs every measured
// request answered 2xx (lib/targets.ts): the non-2xx answers and errors print beside.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedLaunch } from '@bodymetrics/system/embedded-launch';
import { embeddedProcess } from '@bodymetrics/system/manifest';
import type { Figures } from './run';
import { summarizeProfile } from './lib/cpu-profile';
import { repoRoot, uniqueTag } from './lib/infra';
import { runLoad, type LoadResult } from './lib/load';
import { pacedReads, type PacedReadsResult } from './lib/paced-reads';
import { progress } from './lib/log';
import {
  benchLogDir,
  cpuSecondsOf,
  startService,
  waitUntilIdle,
  type ServiceProcess,
} from './lib/service-process';
import { sampleRssPeaks, type RssPeaks } from './lib/rss-peaks';
import { round } from './lib/stats';
import { failedAnswers, targetMet } from './lib/targets';
import { buildWebPublic } from './lib/web-build';
import { pageVisitPool } from './lib/traffic';

const say = (m: string) => progress('embedded', m);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
// BENCH_EMBEDDED_FROM=source: the sources through tsx under Node's defaults, to compare with the build that
// `npm start` runs (the default).
const fromSource = process.env.BENCH_EMBEDDED_FROM === 'source';
/** BENCH_PROFILE=1: a CPU profile of the embedded process, each of its threads (main, PGlite's), summarised. */
const profileDir =
  process.env.BENCH_PROFILE === '1' ? join(benchLogDir, `embedded-prof-${uniqueTag()}`) : undefined;

const operator = { username: 'bench-operator', password: 'bench operator passphrase 42' };

/** The dashboard's session cookie, signed in as the operator does. */
async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
      'user-agent':
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    },
    body: JSON.stringify(operator),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

const best = (a: LoadResult, b: LoadResult) => (a.okPerSecond >= b.okPerSecond ? a : b);

export async function run(): Promise<Figures> {
  const figures = await measure();
  return profileDir ? { ...figures, ...profileFigures(profileDir) } : figures;
}

/** Where each thread's CPU went (written by the process when it stopped). */
function profileFigures(dir: string): Figures {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  return Object.fromEntries(
    files.flatMap((file, i) => {
      const s = summarizeProfile(join(dir, file), 12);
      return [
        [`profile_${i}_file`, join(dir, file)],
        [`profile_${i}_idle_percent`, s.idlePercent],
        [`profile_${i}_top_packages`, s.byPackage.map((p) => `${p.name} ${p.percent}%`).join('; ')],
        [`profile_${i}_top_functions`, s.byFunction.map((f) => `${f.name} ${f.percent}%`).join('; ')],
      ];
    }),
  );
}

async function measure(): Promise<Figures> {
  const pool = pageVisitPool(5000);
  const work = mkdtempSync(join(tmpdir(), 'bm-bench-embedded-'));
  const started: ServiceProcess[] = [];
  let rss: RssPeaks | undefined;
  try {
    const { embedded, baseline } = await startProcesses(work, started);
    rss = sampleRssPeaks([embedded]);
    const allReads = readsOf(embedded.url, await signIn(embedded.url));
    say('warming up');
    await runLoad({ url: embedded.url, pool, connections, durationSeconds: 5 });
    await runLoad({ url: baseline.url, pool, connections, durationSeconds: 5 });
    // Warmed as the ingest is: the first calls of a path (its code compiled, its statements planned) would
    // otherwise be a measure's slowest.
    await allReads(5);
    const { rounds, baselines, catchUpSeconds, cpuMsPerEvent } = await maxRateRounds(
      embedded,
      baseline,
      pool,
    );
    const system = best(rounds[0]!, rounds[1]!);
    const base = best(baselines[0]!, baselines[1]!);
    const halfRate = Math.max(1, Math.round(system.okPerSecond / 2));
    // Half the maximum rate, and meanwhile the reads.
    const [half, [page, offers, overview, health]] = await Promise.all([
      runLoad({ url: embedded.url, pool, connections, durationSeconds: seconds * 2, overallRate: halfRate }),
      allReads(),
    ]);
    const reads = { page, offers, overview, health };
    for (const [name, r] of Object.entries(reads))
      if (r.non2xx || r.errors) say(`${name} reads failed under load: ${JSON.stringify(r.statusCodes)}`);
    const rssAfterLoad = embedded.rssMb();
    say(`half rate ${halfRate}/s: p50 ${half.latencyMs.p50} ms, p99 ${half.latencyMs.p99} ms`);
    // Every measured run (not the warm-ups): one failed request, load or read, and no target is met.
    const measured = [...rounds, ...baselines, half, ...Object.values(reads)];
    const peakRssMb = rss.peakOf('embedded');
    return {
      run_from: fromSource ? 'source (tsx, Node defaults)' : 'build (node.env)',
      events_per_s: system.okPerSecond,
      baseline_req_per_s: base.okPerSecond,
      ratio_to_baseline: round(system.okPerSecond / base.okPerSecond, 3),
      rounds_events_per_s: rounds.map((r) => r.okPerSecond).join(','),
      /** The embedded process's CPU (every thread: HTTP, the aggregator, PGlite) per 2xx event, the lower round. */
      cpu_ms_per_event: round(Math.min(...cpuMsPerEvent), 3),
      rounds_cpu_ms_per_event: cpuMsPerEvent.map((c) => round(c, 3)).join(','),
      max_rate_p99_ms: system.latencyMs.p99,
      half_rate_req_per_s: halfRate,
      half_rate_achieved_per_s: half.okPerSecond,
      half_rate_p50_ms: half.latencyMs.p50,
      half_rate_p99_ms: half.latencyMs.p99,
      ...readFigures(reads),
      /** Overload answered 503 with Retry-After (the bounded backlog), at the maximum rate and at half. */
      answered_503: [...rounds, half].reduce((n, r) => n + (r.statusCodes['503'] ?? 0), 0),
      ...failedAnswers(measured),
      connections,
      seconds_per_round: seconds,
      catch_up_after_round_s: round(catchUpSeconds, 0),
      embedded_rss_mb: rssAfterLoad,
      /** The largest over the whole run (warm-ups, maximum rate, catch-up, half rate), every 250 ms. */
      peak_rss_mb: peakRssMb,
      target_events_per_s_met: targetMet(system.okPerSecond >= 2_000, measured),
      target_ratio_met: targetMet(system.okPerSecond / base.okPerSecond >= 0.15, measured),
      target_cpu_per_event_met: targetMet(Math.min(...cpuMsPerEvent) <= 0.3, measured),
      target_p99_met: targetMet(
        Math.max(half.latencyMs.p99, page.latencyMs.p99, offers.latencyMs.p99, overview.latencyMs.p99) <= 50,
        measured,
      ),
      target_rss_met: targetMet(peakRssMb <= 350, measured),
    };
  } finally {
    rss?.stop();
    for (const s of started.reverse()) await s.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The embedded process on this tree's build of web-public (in `work`), and the bare-route baseline. */
async function startProcesses(work: string, started: ServiceProcess[]) {
  // The page a visitor loads (GET / is measured under load): this tree's build, not whatever dist holds.
  const publicDir = join(work, 'web-public');
  say('building web-public (vite build) into a scratch folder');
  await buildWebPublic(publicDir);
  const embedded = await startService({
    name: 'embedded',
    process: embeddedProcess,
    ...(fromSource ? {} : { launch: embeddedLaunch(repoRoot) }),
    ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
    env: {
      DATA_DIR: join(work, 'pgdata'),
      PUBLIC_DIR: publicDir,
      MAIL_DIR: join(work, 'mail'),
      // One load generator is one IP; the per-IP budget stays on (same code path) but out of the way.
      RATE_LIMIT_TRACKING_PER_MINUTE: '1000000000',
      ADMIN_USERNAME: operator.username,
      ADMIN_PASSWORD: operator.password,
    },
    readyTimeoutMs: 120_000,
  });
  started.push(embedded);
  const baseline = await startService({
    name: 'ingest-baseline',
    process: { entry: 'bench/children/ingest-baseline.ts' },
  });
  started.push(baseline);
  return { embedded, baseline };
}

/**
 * What a visitor and the operator wait for, measured at half the maximum rate: the page, the offers list and
 * the dashboard's overview as the dashboard reads it every 5 s (the last 30 days and the 30 before), each ten
 * times a second (300 reads in 30 s: the p99, by nearest rank, is the fourth slowest), timed in threads of
 * their own, away from the load generator's busy event loop. Beside them the health check, which does no
 * work: the floor this host puts under any read at that load. Answers the four, side by side, for
 * `durationSeconds` each.
 */
function readsOf(url: string, cookie: string) {
  const reads = (path: string, headers?: Record<string, string>, durationSeconds = seconds * 2) =>
    pacedReads({ url, path, headers, ratePerSecond: 10, durationSeconds });
  return (durationSeconds?: number) =>
    Promise.all([
      reads('/', undefined, durationSeconds),
      reads('/api/affiliate-offers/all', undefined, durationSeconds),
      reads('/api/analytics/overview?days=30&compare=previous', { cookie }, durationSeconds),
      reads(embeddedProcess.healthPath, undefined, durationSeconds),
    ]);
}

/**
 * Two rounds at the maximum rate, each after one of the baseline. The embedded process keeps applying
 * accepted events after a load ends (in-process bus → PGlite): each measurement starts only once it is idle
 * again, and how long that took is reported.
 */
async function maxRateRounds(
  embedded: ServiceProcess,
  baseline: ServiceProcess,
  pool: ReturnType<typeof pageVisitPool>,
) {
  const rounds: LoadResult[] = [];
  const baselines: LoadResult[] = [];
  /** The process's CPU per durable event of each round: from the round's start until it is idle again. */
  const cpuMsPerEvent: number[] = [];
  let catchUpSeconds = await waitUntilIdle(embedded.pid);
  for (let i = 0; i < 2; i++) {
    baselines.push(await runLoad({ url: baseline.url, pool, connections, durationSeconds: seconds }));
    const cpuBefore = cpuSecondsOf(embedded.pid);
    rounds.push(await runLoad({ url: embedded.url, pool, connections, durationSeconds: seconds }));
    catchUpSeconds = await waitUntilIdle(embedded.pid);
    cpuMsPerEvent.push(((cpuSecondsOf(embedded.pid) - cpuBefore) * 1000) / Math.max(1, rounds[i]!.ok));
    say(
      `round ${i + 1}: embedded ${rounds[i]!.okPerSecond} 2xx/s (p99 ${rounds[i]!.latencyMs.p99} ms, non-2xx ${rounds[i]!.non2xx}, errors ${rounds[i]!.errors}), baseline ${baselines[i]!.okPerSecond}/s`,
    );
  }
  return { rounds, baselines, catchUpSeconds, cpuMsPerEvent };
}

/**
 * Each read's p99 from its due time (what the target is judged by), its p99 from the send (the service
 * time, lib/paced-reads.ts), and its failed answers.
 */
const readFigures = (reads: Record<string, PacedReadsResult>): Figures =>
  Object.fromEntries(
    Object.entries(reads).flatMap(([name, r]) => [
      [`half_rate_${name}_p99_ms`, r.latencyMs.p99],
      [`half_rate_${name}_service_p99_ms`, r.serviceMs.p99],
      [`half_rate_${name}_non_2xx`, r.non2xx],
      [`half_rate_${name}_errors`, r.errors],
    ]),
  );
