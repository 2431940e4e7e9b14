// /analytics-ws: the WebSocket of visitors' heartbeats and the admin dashboard, passed through to the live
// service, or served by live's route in this process (the embedded mode: in-process-service.ts). The cookie
// and bearer token go along so that live can tell an admin socket from a visitor's. The socket server in
// front holds the protocol's message limit (a frame over it closes the socket with 1009 as soon as its
// header announces the length, before it is buffered); the gateway caps the open sockets per client address
// and refuses an upgrade that does not come from the site's pages, whichever way live is served.
// Visitor sockets too (design §8): another site's page could otherwise hold sockets open in its visitors'
// browsers and show them as our live visitors. Browsers always send Origin on a WebSocket handshake; a socket
// with no Origin (and no Sec-Fetch-Site: same-origin) is not a browser on our pages, and is refused as well —
// it could forge no CSRF, but it could inflate the live presence.
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { liveMaxMessageBytes, type ErrorBody } from '@bodymetrics/contracts';
import { HttpError, rateLimitKey, serviceScope } from '@bodymetrics/service-kit';
import { forwardedHeaders, forwardedSocketHeaders, type ProxiedRequest } from './forwarded-headers';
import type { InProcessService } from './in-process-service';
import { liveSocketPath } from './route-table';
import { crossOriginRefused, fromSameOrigin } from './same-origin';
import { replyUpstreamUnavailable } from './upstream-errors';

export interface LiveSocketOptions {
  /** Live's URL to proxy the socket to, or live served in this process (inProcessLive of live). */
  served: { url: string } | { inProcess: InProcessService };
  /** The site's origin, which every socket's handshake (visitor or admin) must come from. */
  publicOrigin: string;
  /** Open sockets per client address (IPv4 address or IPv6 /64). */
  socketsPerClient: number;
}

// A visitor's tab holds one socket, an admin's dashboard one more; a household behind one address a few.
export const defaultSocketsPerClient = 32;

// rewriteRequestHeaders is a documented option of @fastify/http-proxy that its typings lack.
const wsClientOptions = {
  handshakeTimeout: 5_000,
  rewriteRequestHeaders: (_headers: Record<string, string>, request: ProxiedRequest) =>
    forwardedSocketHeaders(request),
};

const isUpgrade = (request: FastifyRequest) => request.headers.upgrade?.toLowerCase() === 'websocket';

/**
 * An upgrade to any path but live's socket is answered as a request, and its socket then closed: once
 * handed over for the upgrade, nothing else reads from it or times it out. (The socket libraries route
 * every upgrade through the gateway's router; the proxy's closes them itself, live's own only in its scope.)
 */
export const closeStrayUpgrades = async (request: FastifyRequest, reply: FastifyReply) => {
  if (isUpgrade(request) && request.routeOptions.url !== liveSocketPath)
    reply.raw.once('finish', () => request.raw.socket.destroy());
};

const tooManySockets = () =>
  new HttpError(429, 'rate_limited', 'Too many live connections from this address; close one and try again');

/**
 * Refuses an upgrade with an HTTP answer in the error shape, written on the socket itself: the proxy
 * library destroys an upgrade's socket as soon as a reply is handed over, which could cut the answer short.
 */
function refuseUpgrade(reply: FastifyReply, error: HttpError): FastifyReply {
  const body = JSON.stringify({ error: { code: error.code, message: error.message } } satisfies ErrorBody);
  reply.request.log.info({ status: error.statusCode, code: error.code }, 'live socket refused');
  reply.hijack();
  reply.raw.socket?.end(
    `HTTP/1.1 ${error.statusCode} ${STATUS_CODES[error.statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  return reply;
}

export async function liveSocket(app: FastifyInstance, options: LiveSocketOptions): Promise<void> {
  const open = new Map<string, number>();
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isUpgrade(request)) return;
    if (!fromSameOrigin(request.headers, options.publicOrigin))
      return refuseUpgrade(reply, crossOriginRefused());
    const key = rateLimitKey(request.ip);
    const count = open.get(key) ?? 0;
    if (count >= options.socketsPerClient) return refuseUpgrade(reply, tooManySockets());
    open.set(key, count + 1);
    // The upgraded socket is the request's TCP socket: it closes when the WebSocket (or a failed upgrade) ends.
    request.raw.socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });

  if ('inProcess' in options.served) return mountLive(app, options.served.inProcess);
  await app.register(httpProxy, {
    upstream: options.served.url,
    prefix: liveSocketPath,
    rewritePrefix: liveSocketPath,
    websocket: true,
    // The live protocol's limit (contracts); ws refuses a larger frame from its header, with 1009.
    wsServerOptions: { maxPayload: liveMaxMessageBytes },
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

/**
 * Live's socket route in a scope of its own below the hook above (its same-origin rule and socket cap),
 * with what live's own app would put in front (service-kit's serviceScope). Live adds the socket route
 * only: anything else would escape the route table's flags, so it is refused at start.
 */
async function mountLive(app: FastifyInstance, live: InProcessService): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (route.url !== liveSocketPath || !methods.every((m) => m === 'GET' || m === 'HEAD'))
        throw new Error(`live in-process: ${methods.join(',')} ${route.url} is not its socket's route`);
    });
    live.routes?.(serviceScope(scope));
  });
}
