// A service that is down or too slow answers in the one error shape, at once: a refused connection is a
// 503, a timeout a 504. Never the proxy library's own body, never a hanging request.
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorBody } from '@bodymetrics/contracts';

const serviceLabels: Record<string, string> = {
  tracking: 'tracking',
  offers: 'offers',
  reports: 'reports',
  adminAuth: 'admin sign-in',
  analytics: 'analytics',
  live: 'real-time',
};

/** The parts of a reply used here (the proxy libraries type theirs for http and http2 alike). */
interface ReplyLike {
  request: { log: FastifyBaseLogger };
  code(statusCode: number): ReplyLike;
  header(name: string, value: string): ReplyLike;
  send(payload: unknown): unknown;
}

export function replyUpstreamUnavailable(reply: ReplyLike, upstream: string, error: unknown): void {
  const timedOut = (error as { statusCode?: number } | undefined)?.statusCode === 504;
  reply.request.log.warn({ err: error, upstream }, 'upstream request failed');
  const label = serviceLabels[upstream] ?? upstream;
  const body: ErrorBody = timedOut
    ? { error: { code: 'gateway_timeout', message: `The ${label} service did not answer in time` } }
    : { error: { code: 'service_unavailable', message: `The ${label} service is unavailable` } };
  reply
    .code(timedOut ? 504 : 503)
    .header('retry-after', '5')
    .send(body);
}
