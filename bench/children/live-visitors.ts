// A share of the live benchmark's visitor sockets, in a process of its own (the benchmark spreads 10,000
// sockets over a few of these so that no client process is the bottleneck). Driven over IPC:
//   { cmd: 'connect', url, first, count, concurrency }  → { connected, failed }
//   { cmd: 'heartbeat', startAt, periodMs, total }      → sockets send user_active at evenly spread offsets
//   { cmd: 'stats' }                                   → { sent, open, errors }
//   { cmd: 'close' }                                   → closes every socket and exits
// Each socket is one visitor behind the gateway, as a crowd is (lib/crowd.ts): its own address, arriving in
// X-Forwarded-For as the gateway appends it, no more of them to one /24 than the live list takes, and its
// own browser's User-Agent — so the live service lists ten thousand visitors, not one address's twenty.
import WebSocket from 'ws';
import { crowdAddress, crowdUserAgent } from '../lib/crowd';

interface Visitor {
  n: number;
  socket: WebSocket;
  timer?: NodeJS.Timeout;
}

const visitors: Visitor[] = [];
let sent = 0;
let errors = 0;
const pages = ['/', '/results', '/bridge', '/contact'];
const browsers = ['Chrome', 'Safari', 'Firefox', 'Edge'];
const places = ['Bucharest', 'London', 'Berlin', 'New York', 'Madrid'];

const desktopChrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function open(url: string, n: number): Promise<Visitor> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      headers: { 'x-forwarded-for': crowdAddress(n), 'user-agent': crowdUserAgent(desktopChrome, n) },
    });
    const fail = (err: Error) => reject(err);
    socket.once('error', fail);
    socket.once('open', () => {
      socket.off('error', fail);
      socket.on('error', () => errors++);
      resolve({ n, socket });
    });
  });
}

function activity(n: number) {
  return JSON.stringify({
    type: 'user_active',
    data: {
      visitorId: `visitor-${n}`,
      sessionId: `session-${n}`,
      currentPage: pages[n % pages.length],
      deviceType: n % 3 === 0 ? 'desktop' : 'mobile',
      browser: browsers[n % browsers.length],
      location: places[n % places.length],
    },
  });
}

process.on('message', (message: { cmd: string; [k: string]: unknown }) => {
  void handle(message).catch((err: unknown) => process.send?.({ error: String(err) }));
});

async function handle(m: { cmd: string; [k: string]: unknown }): Promise<void> {
  if (m.cmd === 'connect') {
    const { url, first, count, concurrency } = m as unknown as {
      url: string;
      first: number;
      count: number;
      concurrency: number;
    };
    let next = first;
    let failed = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < first + count) {
          const n = next++;
          try {
            visitors.push(await open(url, n));
          } catch {
            failed++;
          }
        }
      }),
    );
    process.send?.({ connected: visitors.length, failed });
  } else if (m.cmd === 'heartbeat') {
    const { startAt, periodMs, total } = m as unknown as { startAt: number; periodMs: number; total: number };
    for (const v of visitors) {
      // Visitor n's heartbeats fall at startAt + (n / total) · period, then every period: spread evenly.
      const offset = startAt + Math.floor((v.n / total) * periodMs) - Date.now();
      const beat = () => {
        if (v.socket.readyState !== WebSocket.OPEN) return;
        v.socket.send(activity(v.n));
        sent++;
      };
      v.timer = setTimeout(
        () => {
          beat();
          v.timer = setInterval(beat, periodMs);
        },
        Math.max(0, offset),
      );
    }
    process.send?.({ scheduled: visitors.length });
  } else if (m.cmd === 'stats') {
    process.send?.({
      sent,
      errors,
      open: visitors.filter((v) => v.socket.readyState === WebSocket.OPEN).length,
    });
  } else if (m.cmd === 'close') {
    for (const v of visitors) {
      clearTimeout(v.timer);
      clearInterval(v.timer);
      v.socket.terminate();
    }
    process.send?.({ closed: true });
    setTimeout(() => process.exit(0), 100);
  }
}
