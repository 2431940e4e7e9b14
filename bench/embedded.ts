// embedded: the ingest benchmark against the embedded mode (`npm start`: one process, the gateway over
// every service, the in-process bus, the aggregator applying into PGlite in the same process). Same
// page-visit bodies, same keep-alive load; the bare-fastify baseline of the ingest benchmark is measured
// in the same run for scale. No target: the figure is reported.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedProcess } from '@bodymetrics/system/manifest';
import type { Figures } from './run';
import { runLoad, type LoadResult } from './lib/load';
import { progress } from './lib/log';
import { startService, waitUntilIdle, type ServiceProcess } from './lib/service-process';
import { round } from './lib/stats';
import { pageVisitPool } from './lib/traffic';

const say = (m: string) => progress('embedded', m);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);

const best = (a: LoadResult, b: LoadResult) => (a.okPerSecond >= b.okPerSecond ? a : b);

export async function run(): Promise<Figures> {
  const pool = pageVisitPool(5000);
  const work = mkdtempSync(join(tmpdir(), 'bm-bench-embedded-'));
  const started: ServiceProcess[] = [];
  try {
    const embedded = await startService({
      name: 'embedded',
      process: embeddedProcess,
      env: {
        DATA_DIR: join(work, 'pgdata'),
        MAIL_DIR: join(work, 'mail'),
        // One load generator is one IP; the per-IP budget stays on (same code path) but out of the way.
        RATE_LIMIT_TRACKING_PER_MINUTE: '1000000000',
      },
      readyTimeoutMs: 120_000,
    });
    started.push(embedded);
    const baseline = await startService({
      name: 'ingest-baseline',
      process: { entry: 'bench/children/ingest-baseline.ts' },
    });
    started.push(baseline);

    say('warming up');
    await runLoad({ url: embedded.url, pool, connections, durationSeconds: 5 });
    await runLoad({ url: baseline.url, pool, connections, durationSeconds: 5 });
    const rounds: LoadResult[] = [];
    const baselines: LoadResult[] = [];
    // The embedded process keeps applying accepted events after a load ends (in-process bus → PGlite):
    // each measurement starts only once it is idle again, and how long that took is reported.
    let catchUpSeconds = await waitUntilIdle(embedded.pid);
    for (let i = 0; i < 2; i++) {
      baselines.push(await runLoad({ url: baseline.url, pool, connections, durationSeconds: seconds }));
      rounds.push(await runLoad({ url: embedded.url, pool, connections, durationSeconds: seconds }));
      catchUpSeconds = await waitUntilIdle(embedded.pid);
      say(
        `round ${i + 1}: embedded ${rounds[i]!.okPerSecond} 2xx/s (p99 ${rounds[i]!.latencyMs.p99} ms), baseline ${baselines[i]!.okPerSecond}/s`,
      );
    }
    const system = best(rounds[0]!, rounds[1]!);
    const base = best(baselines[0]!, baselines[1]!);
    const halfRate = Math.max(1, Math.round(system.okPerSecond / 2));
    const half = await runLoad({
      url: embedded.url,
      pool,
      connections,
      durationSeconds: seconds * 2,
      overallRate: halfRate,
    });
    const rssAfterLoad = embedded.rssMb();
    say(`half rate ${halfRate}/s: p50 ${half.latencyMs.p50} ms, p99 ${half.latencyMs.p99} ms`);
    return {
      events_per_s: system.okPerSecond,
      baseline_req_per_s: base.okPerSecond,
      ratio_to_baseline: round(system.okPerSecond / base.okPerSecond, 3),
      rounds_events_per_s: rounds.map((r) => r.okPerSecond).join(','),
      max_rate_p99_ms: system.latencyMs.p99,
      half_rate_req_per_s: halfRate,
      half_rate_achieved_per_s: half.okPerSecond,
      half_rate_p50_ms: half.latencyMs.p50,
      half_rate_p99_ms: half.latencyMs.p99,
      non_2xx: rounds.reduce((n, r) => n + r.non2xx, 0) + half.non2xx,
      errors: rounds.reduce((n, r) => n + r.errors, 0) + half.errors,
      connections,
      seconds_per_round: seconds,
      catch_up_after_round_s: round(catchUpSeconds, 0),
      embedded_rss_mb: rssAfterLoad,
    };
  } finally {
    for (const s of started.reverse()) await s.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
