// The sockets of this live instance and what they are sent. Only admin sockets ever receive
// active_users_update or analytics_update; a visitor socket gets its connection_info and its own errors.
//
// Keeping admins current: every presence change is announced to all instances (LiveSignals); each
// instance then recomputes the snapshot and sends it to ITS admins, at most once per throttle interval.
// A periodic sweep forgets visitors who dropped out of the window and sends the snapshot whenever it
// differs from the last one sent (the count, the list, or the time on site moved) — so while anyone is
// on the site, admins get a fresh list every `updateIntervalMs`, which is the "update frequency" the
// dashboard shows.
//
// Redis away (distributed mode): admin sockets are closed with 1011 and new ones are refused the same way
// until Redis is back. The dashboard's indicator flips to "Real-time disconnected" only on close or
// error (spec §4), so closing is the one signal it understands; when its reconnect succeeds, the data
// it shows is live again. Visitor sockets stay open: their heartbeats are dropped meanwhile and the next
// one (every 30 s) puts them back on the list.
import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import {
  liveCloseCodes,
  type ActiveUsersSnapshot,
  type AdminSessionsRevoked,
  type AnalyticsChangedNotice,
  type LiveRole,
  type LiveServerMessage,
} from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { findActiveAdminSession } from '@bodymetrics/service-kit';
import type { PresenceStore } from './presence/presence-store';
import type { LiveSignals } from './signals/live-signals';
import { throttle, type Throttled } from './throttle';

/** A slow admin connection is cut rather than let its unsent updates grow without bound. */
const maxBufferedBytes = 1024 * 1024;

export interface LiveConnection {
  socket: WebSocket;
  /** 'pending': asked to be admin, its `auth` message has not arrived yet; it is sent nothing. */
  role: LiveRole | 'pending';
  ip: string;
  adminSessionId?: string;
  /** The admin whose session this socket carries (to close all of theirs when their sessions end). */
  adminId?: number;
  /** The visitor this socket reports for (the first it named); it may not speak for others. */
  visitorId?: string;
  /** Answered the last ping. */
  alive: boolean;
}

export interface LiveHubOptions {
  db: Db;
  presence: PresenceStore;
  signals: LiveSignals;
  log: FastifyBaseLogger;
  listLimit: number;
  updateIntervalMs: number;
  broadcastThrottleMs: number;
  analyticsThrottleMs: number;
  isPresenceUp: () => boolean;
}

export interface OpenSockets {
  admin: number;
  visitor: number;
  pending: number;
}

export class LiveHub {
  private readonly connections = new Set<LiveConnection>();
  private readonly activeUsersBroadcast: Throttled;
  private readonly analyticsBroadcast: Throttled;
  private lastSentSnapshot: string | undefined;
  private pendingNotice: AnalyticsChangedNotice | undefined;
  private lastAnalyticsChange: string | undefined;

  constructor(private readonly o: LiveHubOptions) {
    const onError = (err: unknown) => o.log.warn({ err }, 'live broadcast failed');
    this.activeUsersBroadcast = throttle(() => this.broadcastActiveUsers(), o.broadcastThrottleMs, onError);
    this.analyticsBroadcast = throttle(async () => this.broadcastAnalytics(), o.analyticsThrottleMs, onError);
    o.signals.onPresenceChanged(() => this.activeUsersBroadcast.trigger());
    o.signals.onAnalyticsChanged((notice) => this.analyticsChanged(notice));
    o.signals.onSessionsRevoked((revoked) => this.closeRevokedAdmins(revoked));
  }

  // ---- registry ----------------------------------------------------------------------------------

  register(conn: LiveConnection): void {
    this.connections.add(conn);
  }

  unregister(conn: LiveConnection): void {
    this.connections.delete(conn);
  }

  socketsFromIp(ip: string): number {
    let n = 0;
    for (const c of this.connections) if (c.ip === ip) n++;
    return n;
  }

  openSockets(): OpenSockets {
    const counts: OpenSockets = { admin: 0, visitor: 0, pending: 0 };
    for (const c of this.connections) counts[c.role]++;
    return counts;
  }

  private *admins(): Iterable<LiveConnection> {
    for (const c of this.connections) if (c.role === 'admin') yield c;
  }

  // ---- roles -------------------------------------------------------------------------------------

  becomeVisitor(conn: LiveConnection): void {
    conn.role = 'visitor';
    this.send(conn, this.connectionInfo('visitor'));
  }

  /** Promotes a socket whose session was checked; it gets what an admin sees right away. */
  async becomeAdmin(conn: LiveConnection, session: { sessionId: string; adminId: number }): Promise<void> {
    if (!this.o.isPresenceUp()) {
      conn.socket.close(liveCloseCodes.unavailable, 'real-time data unavailable');
      return;
    }
    conn.role = 'admin';
    conn.adminSessionId = session.sessionId;
    conn.adminId = session.adminId;
    this.send(conn, this.connectionInfo('admin'));
    await this.sendActiveUsers(conn);
  }

  private connectionInfo(role: LiveRole): LiveServerMessage {
    return { type: 'connection_info', data: { role, updateIntervalMs: this.o.updateIntervalMs } };
  }

  // ---- what admins are sent ----------------------------------------------------------------------

  send(conn: LiveConnection, message: LiveServerMessage | string): void {
    const { socket } = conn;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxBufferedBytes) {
      this.o.log.info({ ip: conn.ip }, 'closing a live socket that does not keep up');
      socket.terminate();
      return;
    }
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  async snapshot(now = Date.now()): Promise<ActiveUsersSnapshot> {
    const [count, users] = await Promise.all([
      this.o.presence.count(now),
      this.o.presence.list(now, this.o.listLimit),
    ]);
    // The two reads are not one transaction; never show fewer in the count than in the list.
    return { count: Math.max(count, users.length), users };
  }

  /** The answer to an admin's request_analytics: the live list now, and when the read models last moved. */
  async answerAnalyticsRequest(conn: LiveConnection): Promise<void> {
    await this.sendActiveUsers(conn);
    this.send(conn, {
      type: 'analytics_update',
      data: { changedAt: this.lastAnalyticsChange ?? new Date().toISOString() },
    });
  }

  private async sendActiveUsers(conn: LiveConnection): Promise<void> {
    const message: LiveServerMessage = { type: 'active_users_update', data: await this.snapshot() };
    if (conn.role === 'admin') this.send(conn, message);
  }

  private async broadcastActiveUsers(onlyIfChanged = false): Promise<void> {
    if (!this.hasAdmins() || !this.o.isPresenceUp()) return;
    const json = JSON.stringify({
      type: 'active_users_update',
      data: await this.snapshot(),
    } satisfies LiveServerMessage);
    if (onlyIfChanged && json === this.lastSentSnapshot) return;
    this.lastSentSnapshot = json;
    for (const admin of this.admins()) this.send(admin, json);
  }

  /** Presence changed on this instance; every instance (this one via the same channel) will broadcast. */
  async presenceChanged(): Promise<void> {
    await this.o.signals.presenceChanged();
  }

  private analyticsChanged(notice: AnalyticsChangedNotice): void {
    // Several batches inside one throttle interval become one update naming all their topics.
    this.pendingNotice = {
      changedAt: notice.changedAt,
      topics: [...new Set([...(this.pendingNotice?.topics ?? []), ...notice.topics])],
    };
    this.lastAnalyticsChange = this.pendingNotice.changedAt;
    this.analyticsBroadcast.trigger();
  }

  private broadcastAnalytics(): void {
    const notice = this.pendingNotice;
    this.pendingNotice = undefined;
    if (!notice) return;
    const json = JSON.stringify({
      type: 'analytics_update',
      data: { changedAt: notice.changedAt, topics: notice.topics },
    } satisfies LiveServerMessage);
    for (const admin of this.admins()) this.send(admin, json);
  }

  private hasAdmins(): boolean {
    for (const _ of this.admins()) return true;
    return false;
  }

  // ---- periodic work (the app's timers call these) ------------------------------------------------

  async sweep(): Promise<void> {
    if (!this.o.isPresenceUp()) return;
    const now = Date.now();
    await this.o.presence.sweep(now);
    await this.broadcastActiveUsers(true);
  }

  /** Closes admin sockets whose session expired, was logged out, or whose admin was deactivated. */
  async recheckAdminSessions(): Promise<void> {
    for (const admin of [...this.admins()]) {
      try {
        const session = await findActiveAdminSession(this.o.db, admin.adminSessionId);
        if (!session) admin.socket.close(liveCloseCodes.unauthorized, 'unauthorized');
      } catch (err) {
        // The database being away is not the admin's fault: keep the socket, check again next time.
        this.o.log.warn({ err }, 'could not re-check an admin session');
      }
    }
  }

  /**
   * Sessions ended before their time (admin-auth's notice: logout, password change, admin disabled):
   * their admin sockets close now, as an invalid session would, rather than at the next re-check.
   */
  closeRevokedAdmins(revoked: AdminSessionsRevoked): void {
    const sessionIds = new Set(revoked.sessionIds ?? []);
    for (const conn of this.connections) {
      if (conn.role !== 'admin') continue;
      const matches =
        (revoked.adminId !== undefined && conn.adminId === revoked.adminId) ||
        (conn.adminSessionId !== undefined && sessionIds.has(conn.adminSessionId));
      if (matches) conn.socket.close(liveCloseCodes.unauthorized, 'unauthorized');
    }
  }

  /** Protocol-level ping: a socket that did not answer the previous one is gone (laptop lid, dead NAT). */
  pingAll(): void {
    for (const conn of this.connections) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }

  presenceAvailabilityChanged(up: boolean): void {
    if (up) {
      this.lastSentSnapshot = undefined;
      return;
    }
    for (const admin of [...this.admins()])
      admin.socket.close(liveCloseCodes.unavailable, 'real-time data unavailable');
  }

  stop(): void {
    this.activeUsersBroadcast.cancel();
    this.analyticsBroadcast.cancel();
  }
}
