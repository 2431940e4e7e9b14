// live: 10,000 visitor sockets on one live instance (its own process, Redis presence), each sending its
// user_active heartbeat every 30 s at evenly spread moments (≈ 333 heartbeats/s), and 5 admin sockets.
// Once all visitors are on the list, a new visitor appears every second (a probe socket sends its first
// user_active); its update latency is the time from that send until an admin receives an
// active_users_update whose count includes it (the count goes from base + k − 1 to base + k with the
// k-th probe, as nobody else arrives or leaves meanwhile). RSS of the live process is sampled throughout.
// Targets: admin update latency p95 ≤ 1 s; RSS ≤ 512 MB; each only with every visitor socket open and
// listed, and no socket error (a list of fewer visitors than were sent is a lighter load than claimed).
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { serviceManifest } from '@bodymetrics/system/manifest';
import type { Figures } from './run';
import { createAdminSession } from './lib/admin-session';
import { createBenchDatabase, type BenchDatabase } from './lib/bench-database';
import { clientsPerNetwork, crowdAddress, crowdUserAgent } from './lib/crowd';
import { benchInfra, repoRoot, uniqueTag } from './lib/infra';
import { progress, sleep } from './lib/log';
import { sampleRssPeaks, type RssPeaks } from './lib/rss-peaks';
import { nodeCommand, startService, type ServiceProcess } from './lib/service-process';
import { summarize } from './lib/stats';

const say = (m: string) => progress('live', m);

interface Update {
  at: number;
  count: number;
  visitorIds: string[];
}

type Reply = Record<string, unknown>;

class VisitorProcess {
  private readonly child: ChildProcess;
  private readonly waiting: ((r: Reply) => void)[] = [];
  constructor(openFiles: number) {
    const [command, args] = nodeCommand(['--import', 'tsx', 'bench/children/live-visitors.ts'], openFiles);
    this.child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    this.child.on('message', (m: Reply) => this.waiting.shift()?.(m));
  }
  ask(message: Reply): Promise<Reply> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.child.send(message);
    });
  }
  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ cmd: 'close' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

function openSocket(url: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

export async function run(): Promise<Figures> {
  const visitorsWanted = Number(process.env.BENCH_LIVE_VISITORS ?? 10_000);
  const clientProcesses = Number(process.env.BENCH_LIVE_CLIENTS ?? 2);
  const probeCount = Number(process.env.BENCH_LIVE_PROBES ?? 60);
  const prefix = `bench:live:${uniqueTag()}:`;
  const database = await createBenchDatabase('live', { poolSize: 2 });
  let live: ServiceProcess | undefined;
  const clients: VisitorProcess[] = [];
  const sockets: WebSocket[] = [];
  const timers: NodeJS.Timeout[] = [];
  let rss: RssPeaks | undefined;
  try {
    live = await startService({
      name: 'live',
      process: serviceManifest.live,
      openFiles: visitorsWanted + 2000,
      env: {
        DATABASE_URL: database.url,
        PRESENCE: 'redis',
        REDIS_URL: benchInfra().redisUrl,
        REDIS_KEY_PREFIX: prefix,
        // The cap the crowd is spread for (lib/crowd.ts), stated so the two cannot drift apart.
        PRESENCE_MAX_PER_NETWORK: String(clientsPerNetwork),
      },
    });
    const liveProcess = live;
    const wsUrl = `${live.url.replace(/^http/, 'ws')}/analytics-ws`;
    rss = sampleRssPeaks([liveProcess]);
    const updates = await openAdmins(database, wsUrl, sockets);
    const visitors = await connectVisitors(clients, wsUrl, visitorsWanted, clientProcesses);
    say(
      `${visitors.open} visitor sockets open (${visitors.failed} failed) in ${visitors.seconds.toFixed(1)} s; RSS ${liveProcess.rssMb()} MB`,
    );
    const base = await everyVisitorListed(clients, updates, visitorsWanted, visitors.open);
    say(`admins see ${base} active visitors; ${probeCount} new visitors, one a second`);
    const probes = await sendProbes(wsUrl, base, probeCount, sockets, timers);
    await sleep(5000);

    const seen = probeLatencies(probes, updates);
    const stats = await Promise.all(clients.map((client) => client.ask({ cmd: 'stats' })));
    const heartbeats = stats.reduce((n, s) => n + Number(s.sent ?? 0), 0);
    const stillOpen = stats.reduce((n, s) => n + Number(s.open ?? 0), 0);
    // What the run did not do as it says: sockets that never opened or broke, visitors never listed.
    const socketErrors = stats.reduce((n, s) => n + Number(s.errors ?? 0), 0);
    const notListed = Math.max(0, visitorsWanted - base);
    const complete = visitors.failed === 0 && socketErrors === 0 && stillOpen === visitors.open && !notListed;
    const rssMax = rss.peakOf('live');
    const s = summarize(seen.latencies, 0);
    const updatesPerAdminPerSecond = updates[0]
      ? updates[0].filter((u) => u.at >= (probes[0]?.sentAt ?? 0)).length / (probeCount + 5)
      : 0;
    say(`update latency p50 ${s.p50} ms, p95 ${s.p95} ms over ${s.n} (probe × admin); RSS max ${rssMax} MB`);
    return {
      visitor_sockets: visitors.open,
      visitor_sockets_failed: visitors.failed,
      visitor_sockets_open_at_end: stillOpen,
      visitor_socket_errors: socketErrors,
      visitors_not_listed: notListed,
      admin_sockets: 5,
      heartbeats_sent: heartbeats,
      heartbeats_per_s: Math.round(visitors.open / (heartbeatMs / 1000)),
      active_count_seen_by_admins: base,
      probes: probeCount,
      latency_samples: s.n,
      latency_missed: seen.missed,
      probe_in_top10_list_percent: s.n ? Math.round((100 * seen.listed) / s.n) : 0,
      update_latency_p50_ms: s.p50,
      update_latency_p95_ms: s.p95,
      update_latency_p99_ms: s.p99,
      update_latency_max_ms: s.max,
      admin_updates_per_s: Math.round(updatesPerAdminPerSecond * 10) / 10,
      rss_max_mb: rssMax,
      rss_end_mb: liveProcess.rssMb(),
      target_latency_met: complete && seen.missed === 0 && s.p95 <= 1000,
      target_rss_met: complete && rssMax <= 512,
    };
  } finally {
    rss?.stop();
    for (const t of timers) clearInterval(t);
    for (const socket of sockets) socket.terminate();
    await Promise.all(clients.map((client) => client.close()));
    await live?.stop();
    await deleteKeys(prefix);
    await database.drop();
  }
}

const heartbeatMs = 30_000;

/** 5 admin sockets, each keeping the active_users_update messages it receives, with their arrival time. */
async function openAdmins(database: BenchDatabase, wsUrl: string, sockets: WebSocket[]): Promise<Update[][]> {
  const updates: Update[][] = [];
  for (let a = 0; a < 5; a++) {
    const sessionId = await createAdminSession(database.db, `bench-admin-${a}`);
    const socket = await openSocket(`${wsUrl}?role=admin`, {
      cookie: `bm_admin_session=${sessionId}`,
      'x-forwarded-for': `192.0.2.${a + 1}`,
    });
    sockets.push(socket);
    const mine: Update[] = [];
    updates.push(mine);
    socket.on('message', (data) => {
      const at = Date.now();
      const m = JSON.parse(String(data)) as {
        type: string;
        data: { count: number; users: { visitorId: string }[] };
      };
      if (m.type === 'active_users_update')
        mine.push({ at, count: m.data.count, visitorIds: m.data.users.map((u) => u.visitorId) });
    });
  }
  return updates;
}

/** The visitors (10,000 by default), spread over a few client processes. */
async function connectVisitors(
  clients: VisitorProcess[],
  wsUrl: string,
  visitorsWanted: number,
  clientProcesses: number,
): Promise<{ open: number; failed: number; seconds: number }> {
  const perClient = Math.ceil(visitorsWanted / clientProcesses);
  for (let c = 0; c < clientProcesses; c++) clients.push(new VisitorProcess(perClient + 1000));
  const connectBegan = Date.now();
  const connected = await Promise.all(
    clients.map((client, c) =>
      client.ask({
        cmd: 'connect',
        url: wsUrl,
        first: c * perClient,
        count: Math.min(perClient, visitorsWanted - c * perClient),
        concurrency: 100,
      }),
    ),
  );
  return {
    open: connected.reduce((n, r) => n + Number(r.connected ?? 0), 0),
    failed: connected.reduce((n, r) => n + Number(r.failed ?? 0), 0),
    seconds: (Date.now() - connectBegan) / 1000,
  };
}

/**
 * Starts the visitors' heartbeats, spread over 30 s, and waits until every admin lists every open visitor
 * (or 30 s more have passed). Answers the count the admins then see.
 */
async function everyVisitorListed(
  clients: VisitorProcess[],
  updates: Update[][],
  visitorsWanted: number,
  open: number,
): Promise<number> {
  const startAt = Date.now() + 1000;
  await Promise.all(
    clients.map((client) =>
      client.ask({ cmd: 'heartbeat', startAt, periodMs: heartbeatMs, total: visitorsWanted }),
    ),
  );
  say('heartbeats spread over 30 s; waiting until every visitor is on the list');
  const latestCount = () => Math.min(...updates.map((u) => u[u.length - 1]?.count ?? 0));
  const listedBy = Date.now() + heartbeatMs + 30_000;
  await sleep(heartbeatMs + 1000);
  while (latestCount() < open && Date.now() < listedBy) await sleep(500);
  await sleep(2000);
  return latestCount();
}

interface Probe {
  visitorId: string;
  sentAt: number;
  /** The count that includes this probe: the base and the probes up to it. */
  expected: number;
}

const probeBrowser =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A new visitor each second: its socket's first user_active, then its heartbeat. */
async function sendProbes(
  wsUrl: string,
  base: number,
  probeCount: number,
  sockets: WebSocket[],
  timers: NodeJS.Timeout[],
): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (let k = 1; k <= probeCount; k++) {
    const visitorId = `probe-${k}`;
    // A new visitor as the others are: an address of its own, in networks the visitors do not use (the
    // 10,000 fill the first 500 /24s), and a person's browser (a socket without one is a crawler's, never
    // listed).
    const socket = await openSocket(wsUrl, {
      'x-forwarded-for': crowdAddress(k, { firstNetwork: 60_000 }),
      'user-agent': crowdUserAgent(probeBrowser, k),
    });
    sockets.push(socket);
    const message = JSON.stringify({
      type: 'user_active',
      data: {
        visitorId,
        sessionId: `probe-session-${k}`,
        currentPage: '/',
        deviceType: 'mobile',
        browser: 'Chrome',
        location: 'Bucharest',
      },
    });
    probes.push({ visitorId, sentAt: Date.now(), expected: base + k });
    socket.send(message);
    timers.push(setInterval(() => socket.readyState === WebSocket.OPEN && socket.send(message), heartbeatMs));
    await sleep(1000);
  }
  return probes;
}

/** Per probe and admin: the time until the admin's first update counting it, and whether it was listed. */
function probeLatencies(probes: Probe[], updates: Update[][]) {
  const latencies: number[] = [];
  let missed = 0;
  let listed = 0;
  for (const probe of probes) {
    for (const mine of updates) {
      const first = mine.find((u) => u.at >= probe.sentAt && u.count >= probe.expected);
      if (!first) {
        missed++;
        continue;
      }
      latencies.push(first.at - probe.sentAt);
      if (first.visitorIds.includes(probe.visitorId)) listed++;
    }
  }
  return { latencies, missed, listed };
}

/** Deletes the run's presence keys. */
async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(benchInfra().redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
