// web: the public home route. (1) Initial JavaScript: the entry script of a fresh production build of
// web-public and every module it preloads (index.html's <script type=module> and <link rel=modulepreload>),
// each gzip-compressed as a server would send it; the scripts Lighthouse saw the page load are reported
// beside it. (2) Lighthouse (npm `lighthouse`, Debian chromium, its default mobile profile with simulated
// throttling) against the gateway serving that build — the embedded process (`npm start`), whose gateway
// is the same buildGateway and whose APIs (tracking, offers, the live socket) all answer, so the page
// loads as it does for a visitor. Three runs; the median performance run is reported.
// Targets: ≤ 80 KB; performance ≥ 95; accessibility 100; CLS ≤ 0.02.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { embeddedLaunch } from '@bodymetrics/system/embedded-launch';
import { embeddedProcess } from '@bodymetrics/system/manifest';
import type { Figures } from './run';
import { repoRoot } from './lib/infra';
import { buildWebPublic } from './lib/web-build';
import { progress } from './lib/log';
import { startService, type ServiceProcess } from './lib/service-process';
import { round } from './lib/stats';

const say = (m: string) => progress('web', m);
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const gzipKb = (file: string) => gzipSync(readFileSync(file)).length / 1024;

/** The entry script and the modules index.html preloads: what the home route needs before it runs. */
export function initialScripts(distDir: string): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1] as string);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  return [...new Set([...entry, ...preloads])];
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  scriptUrls: string[];
  /** Bytes of script that went over the wire (the gateway sends them as they are on disk unless it compresses). */
  scriptTransferKb: number;
  failingA11y: string;
}

async function lighthouseRun(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const lhr = result.lhr;
    const audit = (id: string) => lhr.audits[id];
    const requests =
      (
        audit('network-requests')?.details as
          { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined
      )?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    const failing = Object.values(lhr.audits)
      .filter(
        (a) =>
          lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0) &&
          a.score !== null &&
          a.score < 1,
      )
      .map((a) => a.id);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      cls: round(audit('cumulative-layout-shift')?.numericValue ?? Number.NaN, 3),
      lcpMs: Math.round(audit('largest-contentful-paint')?.numericValue ?? Number.NaN),
      fcpMs: Math.round(audit('first-contentful-paint')?.numericValue ?? Number.NaN),
      tbtMs: Math.round(audit('total-blocking-time')?.numericValue ?? Number.NaN),
      speedIndexMs: Math.round(audit('speed-index')?.numericValue ?? Number.NaN),
      scriptUrls: scripts.map((r) => r.url),
      scriptTransferKb: round(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024, 1),
      failingA11y: failing.join(','),
    };
  } finally {
    chrome.kill();
  }
}

export async function run(): Promise<Figures> {
  const work = mkdtempSync(join(tmpdir(), 'bm-bench-web-'));
  const dist = join(work, 'dist');
  let server: ServiceProcess | undefined;
  try {
    say('building web-public (vite build) into a scratch folder');
    await buildWebPublic(dist);
    const initial = initialScripts(dist);
    const initialKb = initial.reduce((sum, path) => sum + gzipKb(join(dist, path)), 0);
    say(`initial JavaScript: ${initial.length} file(s), ${initialKb.toFixed(1)} KB gzip`);

    server = await startService({
      name: 'embedded-web',
      process: embeddedProcess,
      launch: embeddedLaunch(repoRoot),
      env: { DATA_DIR: join(work, 'pgdata'), MAIL_DIR: join(work, 'mail'), PUBLIC_DIR: dist },
      readyTimeoutMs: 120_000,
    });
    const runs: LighthouseRun[] = [];
    for (let i = 0; i < Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3); i++) {
      const r = await lighthouseRun(`${server.url}/`);
      say(
        `lighthouse run ${i + 1}: performance ${r.performance}, accessibility ${r.accessibility}, CLS ${r.cls}, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms`,
      );
      runs.push(r);
    }
    const sorted = [...runs].sort((a, b) => a.performance - b.performance);
    const median = sorted[Math.floor(sorted.length / 2)] as LighthouseRun;
    const loadedScripts = [...new Set(median.scriptUrls.map((u) => new URL(u).pathname))];
    const loadedKb = loadedScripts.reduce((sum, path) => {
      try {
        return sum + gzipKb(join(dist, path));
      } catch {
        return sum;
      }
    }, 0);
    return {
      initial_js_files: initial.length,
      initial_js_gzip_kb: round(initialKb, 1),
      loaded_js_files: loadedScripts.length,
      loaded_js_gzip_kb: round(loadedKb, 1),
      performance: median.performance,
      performance_runs: runs.map((r) => r.performance).join(','),
      accessibility: median.accessibility,
      cls: median.cls,
      lcp_ms: median.lcpMs,
      fcp_ms: median.fcpMs,
      tbt_ms: median.tbtMs,
      speed_index_ms: median.speedIndexMs,
      loaded_js_transfer_kb: median.scriptTransferKb,
      failing_accessibility_audits: median.failingA11y,
      target_initial_js_met: initialKb <= 80,
      target_performance_met: median.performance >= 95,
      target_accessibility_met: median.accessibility === 100,
      target_cls_met: median.cls <= 0.02,
    };
  } finally {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
