// HTTP load with autocannon (keep-alive connections), cycling through a pool of prepared requests so that
// bodies vary as real traffic does without costing the load generator per request.
import autocannon from 'autocannon';
import type { TrackingRequest } from './traffic';

export interface LoadOptions {
  url: string;
  pool: TrackingRequest[];
  connections: number;
  durationSeconds: number;
  /** Paced load: requests per second over all connections (autocannon corrects for coordinated omission). */
  overallRate?: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  /** 2xx answers per second over the run. */
  okPerSecond: number;
  sentPerSecond: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  statusCodes: Record<string, number>;
  durationSeconds: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const { pool } = options;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    pipelining: 1,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const r = pool[next++ % pool.length] as TrackingRequest;
          return {
            ...request,
            method: 'POST',
            path: r.path,
            body: r.body,
            // As the site's own page sends it (Chromium's Fetch Metadata): the gateway takes tracking from
            // our own pages only.
            headers: {
              'sec-fetch-site': 'same-origin',
              ...options.headers,
              'content-type': r.contentType,
              'user-agent': r.userAgent,
            },
          };
        },
      },
    ],
  });
  return loadResultOf(result);
}

/** autocannon's result as the figures every benchmark reports. */
function loadResultOf(result: autocannon.Result): LoadResult {
  return {
    okPerSecond: Math.round(result['2xx'] / result.duration),
    sentPerSecond: Math.round(result.requests.sent / result.duration),
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: Math.round(result.latency.mean * 100) / 100,
    },
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
    ),
    durationSeconds: result.duration,
  };
}
