// /readyz of the gateway: ready when every service answers its /healthz. Lets a start script or a load
// balancer wait for the whole system; /healthz only says the gateway process itself is up.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Upstreams } from './route-table';
import { upstreamBases } from './upstream-pool';

export function upstreamReadiness(upstreams: Upstreams) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    // A service of several replicas is checked replica by replica (tracking#1, tracking#2, …).
    const targets = Object.entries(upstreams).flatMap(([name, target]): [string, string][] => {
      const bases = upstreamBases(target);
      return bases.length === 1
        ? [[name, bases[0] as string]]
        : bases.map((base, i) => [`${name}#${i + 1}`, base]);
    });
    const results = await Promise.all(
      targets.map(async ([name, base]) => {
        try {
          const res = await fetch(new URL('/healthz', base), { signal: AbortSignal.timeout(2_000) });
          return [name, res.ok ? 'ok' : `status ${res.status}`] as const;
        } catch (err) {
          return [name, (err as Error).message] as const;
        }
      }),
    );
    const ready = results.every(([, r]) => r === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not_ready', checks: Object.fromEntries(results) });
  };
}
