// /readyz of the gateway: ready when every service answers its /healthz. Lets a start script or a load
// balancer wait for the whole system; /healthz only says the gateway process itself is up. The public port
// says only ready or not: which service is down, at which address and with what error is for the
// operator, on the internal (metrics) listener.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayUpstreams } from './route-table';
import { upstreamBases } from './upstream-pool';

async function checkUpstreams(upstreams: GatewayUpstreams, inProcess: readonly string[]) {
  // A service of several replicas is checked replica by replica (tracking#1, tracking#2, …).
  const targets = Object.entries(upstreams).flatMap(([name, target]): [string, string][] => {
    if (target === undefined) return [];
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
  // A service served in this process answers whenever the gateway does.
  const all = [...results, ...inProcess.map((name) => [name, 'ok'] as const)];
  return { ready: all.every(([, r]) => r === 'ok'), checks: Object.fromEntries(all) };
}

/** The public /readyz: 200 `{status: 'ready'}` or 503 `{status: 'not_ready'}`, nothing more. */
export function upstreamReadiness(upstreams: GatewayUpstreams, inProcess: readonly string[] = []) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    const { ready } = await checkUpstreams(upstreams, inProcess);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready' });
  };
}

/** The internal /readyz: the same answer with each service's check. */
export function upstreamReadinessDetail(upstreams: GatewayUpstreams, inProcess: readonly string[] = []) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    const { ready, checks } = await checkUpstreams(upstreams, inProcess);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  };
}
