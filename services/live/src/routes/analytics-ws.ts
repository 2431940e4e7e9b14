// `/analytics-ws` (spec §7 "Real-time connection"): one socket per page. What a socket may do depends on
// its role, decided once at the start and never guessed:
//   - the upgrade carries a valid admin session (cookie `bm_admin_session`, `__Host-bm_admin_session` on https,
//     or `Authorization: Bearer`) → admin;
//   - `?role=admin` without one → it must send `auth` as its first message within `authTimeoutMs`,
//     otherwise (or with a session that is not valid) it is closed with 4401;
//   - anything else → visitor, which may still become admin by sending `auth` (a failed `auth` closes 4401).
// Frames are bounded (4 KB, @fastify/websocket's maxPayload closes with 1009), rate-limited per socket,
// and handled one at a time per socket so that `auth` is settled before the message after it.
// A visitor socket reports for one visitor id, and only while it holds that id in the presence store (no
// other socket, on any instance, holds it); its client network is what the per-network cap counts.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  isBotRequest,
  liveCloseCodes,
  liveSocketPath,
  type LiveClientMessage,
  type LiveError,
} from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { clientNetwork, sessionIdFromHeaders } from '@bodymetrics/service-kit';
import type { RateLimiter } from '@bodymetrics/service-kit/rate-limit';
import { checkAdminSession, type AdminSessionCheck } from '../admin-session-check';
import { parseClientMessage } from '../client-message';
import type { LiveConnection, LiveHub } from '../live-hub';
import type { PresenceClaimant, PresenceStore } from '../presence/presence-store';
import { MessageRateLimiter, socketMessageCounter, type RateLimit } from '../rate-limiter';

export interface AnalyticsWsOptions {
  db: Db;
  hub: LiveHub;
  presence: PresenceStore;
  isPresenceUp: () => boolean;
  authTimeoutMs: number;
  maxSocketsPerIp: number;
  rateLimit: RateLimit;
}

const errorMessage = (code: LiveError['code'], message?: string) =>
  ({ type: 'error', data: message ? { code, message } : { code } }) as const;

export function analyticsWsRoute(app: FastifyInstance, o: AnalyticsWsOptions): void {
  // The session is looked up before the upgrade completes, so the connection handler below is synchronous
  // and no early message can slip past an undecided role.
  const upgradeChecks = new WeakMap<FastifyRequest, AdminSessionCheck>();
  // One count per socket, all in one counter of this app.
  const connection = { ...o, messageCounter: socketMessageCounter(o.rateLimit) };

  app.get(
    liveSocketPath,
    {
      websocket: true,
      preValidation: async (request) => {
        upgradeChecks.set(request, await checkAdminSession(o.db, sessionIdFromHeaders(request.headers)));
      },
    },
    (socket, request) => {
      const wantsAdmin = (request.query as Record<string, unknown> | undefined)?.role === 'admin';
      openConnection(
        socket,
        request.ip,
        // A crawler that runs JavaScript opens the socket too; it is never counted as an active user.
        isBotRequest(request.headers['user-agent']),
        wantsAdmin,
        upgradeChecks.get(request) ?? { status: 'absent' },
        connection,
        request.log,
      );
    },
  );
}

function openConnection(
  socket: WebSocket,
  ip: string,
  crawler: boolean,
  wantsAdmin: boolean,
  upgradeCheck: AdminSessionCheck,
  o: AnalyticsWsOptions & { messageCounter: RateLimiter },
  log: FastifyBaseLogger,
): void {
  const { hub } = o;
  if (o.hub.socketsFromIp(ip) >= o.maxSocketsPerIp) {
    socket.close(liveCloseCodes.policyViolation, 'too many connections');
    return;
  }
  const conn: LiveConnection = { socket, role: 'pending', ip, alive: true };
  hub.register(conn);
  // Who holds a visitor in the presence store: this socket (unique across instances), from this network.
  const claimant = { connectionId: randomUUID(), network: clientNetwork(ip) };
  const limiter = new MessageRateLimiter(o.rateLimit, o.messageCounter);
  let authTimer: NodeJS.Timeout | undefined;
  // One message at a time per socket; a failure is logged, never thrown into the event loop.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((err: unknown) => log.warn({ err }, 'live message failed'));
  };

  socket.on('pong', () => {
    conn.alive = true;
  });
  socket.on('close', () => {
    clearTimeout(authTimer);
    void limiter.release();
    hub.unregister(conn);
    // This socket lets go of the visitor, so a reloaded page's socket may report for them; and when it was
    // the visitor's last open tab (on any instance) they leave the live list now, not when the window
    // passes. A reload's new socket lists them again with its first heartbeat, keeping
    // the session's time on site. Queued behind a heartbeat still in flight, which would otherwise take
    // the visitor back.
    const { visitorId } = conn;
    if (visitorId !== undefined && !crawler)
      enqueue(async () => {
        if (!o.isPresenceUp()) return;
        if (await o.presence.release(visitorId, claimant.connectionId)) await hub.presenceChanged();
      });
  });
  // The budget's decisions come in the order the messages arrived (the count is in this process's memory).
  socket.on('message', (data, isBinary) => {
    void limiter.check().then(
      (rate) => {
        if (rate.verdict === 'close')
          return socket.close(liveCloseCodes.policyViolation, 'too many messages');
        if (rate.verdict === 'drop') {
          if (rate.firstDrop) hub.send(conn, errorMessage('rate_limited'));
          return;
        }
        const parsed = parseClientMessage(data, isBinary);
        if (!parsed.ok) return hub.send(conn, errorMessage('invalid_message', parsed.reason));
        enqueue(() => handleMessage(conn, parsed.message));
      },
      (err: unknown) => log.warn({ err }, 'live message not counted'),
    );
  });

  const refuse = () => socket.close(liveCloseCodes.unauthorized, 'unauthorized');
  const authenticate = async (check: AdminSessionCheck) => {
    if (check.status === 'valid') {
      clearTimeout(authTimer);
      await hub.becomeAdmin(conn, check.session);
    } else if (check.status === 'error') {
      log.warn({ err: check.err }, 'admin session check failed');
      socket.close(liveCloseCodes.unavailable, 'real-time data unavailable');
    } else refuse();
  };

  const handleMessage = async (c: LiveConnection, message: LiveClientMessage): Promise<void> => {
    if (socket.readyState !== socket.OPEN) return;
    if (message.type === 'auth') {
      const check = await checkAdminSession(o.db, message.data.sessionId);
      // Already admin by its cookie (the dashboard also sends the id it keeps): a stale second id is
      // answered, not punished — the socket's own session is re-checked periodically anyway.
      if (c.role === 'admin' && check.status !== 'valid') return hub.send(c, errorMessage('unauthorized'));
      return authenticate(check);
    }
    // A socket that asked to be admin speaks `auth` first or not at all.
    if (c.role === 'pending') return refuse();
    switch (message.type) {
      case 'request_analytics':
        if (c.role === 'admin') return hub.answerAnalyticsRequest(c);
        return hub.send(c, errorMessage('unauthorized'));
      case 'user_active':
      case 'user_page_change':
        return reportPresence(c, message, crawler, claimant, o);
    }
  };

  // The role at open. Queued first, so it is settled before any message the client sends next.
  if (upgradeCheck.status === 'valid' || upgradeCheck.status === 'error')
    enqueue(() => authenticate(upgradeCheck));
  else if (!wantsAdmin) hub.becomeVisitor(conn);
  else if (upgradeCheck.status === 'invalid') refuse();
  else authTimer = setTimeout(() => conn.role === 'pending' && refuse(), o.authTimeoutMs);
}

/**
 * A visitor's heartbeat or page change: the socket reports for one visitor, held by this socket in the
 * presence store; the admins' list follows when the store changed.
 */
async function reportPresence(
  c: LiveConnection,
  message: Extract<LiveClientMessage, { type: 'user_active' | 'user_page_change' }>,
  crawler: boolean,
  claimant: PresenceClaimant,
  o: AnalyticsWsOptions,
): Promise<void> {
  const { hub } = o;
  const { visitorId } = message.data;
  if (c.visitorId !== undefined && c.visitorId !== visitorId) {
    return hub.send(c, errorMessage('visitor_mismatch', 'a socket reports for one visitor'));
  }
  c.visitorId = visitorId;
  if (crawler) return;
  // Redis away: drop the heartbeat; the next one (30 s later) puts the visitor back.
  if (!o.isPresenceUp()) return;
  const now = Date.now();
  if (message.type === 'user_active') {
    const result = await o.presence.touch(message.data, now, claimant);
    if (result === 'held_by_another')
      return hub.send(c, errorMessage('visitor_mismatch', 'another connection reports for this visitor'));
    // Its network (or the whole list) is at its cap: not listed, and nothing an attacker could count on.
    if (result !== 'recorded') return;
  } else if (!(await o.presence.pageChange(message.data, now, claimant))) return;
  await hub.presenceChanged();
}
