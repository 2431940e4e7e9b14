// /analytics-ws: the WebSocket of visitors' heartbeats and the admin dashboard, passed through to the live
// service. The cookie and bearer token go along so that live can tell an admin socket from a visitor's.
import type { FastifyInstance } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { forwardedHeaders, forwardedSocketHeaders, type ProxiedRequest } from './forwarded-headers';
import { liveSocketPath } from './route-table';
import { replyUpstreamUnavailable } from './upstream-errors';

// rewriteRequestHeaders is a documented option of @fastify/http-proxy that its typings lack.
const wsClientOptions = {
  handshakeTimeout: 5_000,
  rewriteRequestHeaders: (_headers: Record<string, string>, request: ProxiedRequest) =>
    forwardedSocketHeaders(request),
};

export async function liveSocketProxy(app: FastifyInstance, { liveUrl }: { liveUrl: string }): Promise<void> {
  await app.register(httpProxy, {
    upstream: liveUrl,
    prefix: liveSocketPath,
    rewritePrefix: liveSocketPath,
    websocket: true,
    httpMethods: ['GET', 'HEAD'],
    proxyPayloads: false,
    disableRequestLogging: true,
    destroyAgent: true,
    replyOptions: {
      rewriteRequestHeaders: forwardedHeaders,
      retryDelay: () => null,
      onError: (reply, { error }) => replyUpstreamUnavailable(reply, 'live', error),
    },
    wsClientOptions,
  });
}
