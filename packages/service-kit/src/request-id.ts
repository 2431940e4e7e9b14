// One id names a request in the logs of every hop (pino writes it as `reqId` on each line): an incoming
// X-Request-Id — the gateway's for a service, a load balancer's for the gateway — is kept when it looks like
// an id (it is logged), else the request gets a new UUID; the answer carries the id back.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** The fastify server options that pick the request's id. */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: (req: IncomingMessage): string => {
    const incoming = req.headers['x-request-id'];
    return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
  },
} as const;

/** Every answer says which request it answers (X-Request-Id). */
export function answerWithRequestId(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
