// The admin side of the /analytics-ws protocol (spec §7 "Real-time connection"): where the socket is,
// what the dashboard sends, and how it reads what the server sends. Pure, so it can be tested alone.
import type { LiveUser } from '@bodymetrics/contracts';
import { isLiveStage } from './labels';

export type RealtimeMessage =
  | { type: 'connection_info'; role: string | null; updateIntervalMs: number | null }
  | { type: 'active_users_update'; count: number; users: LiveUser[] }
  | { type: 'analytics_update'; changedAt: string | null }
  | { type: 'other'; name: string };

/** ws: or wss: on the page's own host (the gateway proxies the socket), opened as an admin. */
export function realtimeUrl(location: { protocol: string; host: string }): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/analytics-ws?role=admin`;
}

/** What the dashboard sends once the socket opens: its session (the cookie may not reach the socket), then the request. */
export function openingMessages(sessionId: string | null): string[] {
  const messages: string[] = [];
  if (sessionId) messages.push(JSON.stringify({ type: 'auth', data: { sessionId } }));
  messages.push(JSON.stringify({ type: 'request_analytics' }));
  return messages;
}

/** The close code of a socket whose admin session is missing, expired or logged out (contracts `liveCloseCodes`). */
export const unauthorizedCloseCode = 4401;

/** Reconnect after 1 s, 2 s, 4 s … at most 30 s; the counter restarts once a connection opens. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, Math.min(attempt, 15)));
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

function finiteNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function toLiveUser(value: unknown): LiveUser | null {
  const user = asRecord(value);
  if (!user || typeof user.visitorId !== 'string' || user.visitorId === '') return null;
  // The flow stage is optional: an unknown or missing one shows as a dash.
  return {
    ...(isLiveStage(user.stage) ? { stage: user.stage } : {}),
    visitorId: user.visitorId,
    currentPage: text(user.currentPage, '/'),
    deviceType: text(user.deviceType, 'necunoscut'),
    browser: text(user.browser, 'necunoscut'),
    timeOnSite: finiteNumber(user.timeOnSite) ?? 0,
    location: text(user.location, 'necunoscută'),
  };
}

/** Reads one frame; throws on text that is not a JSON object (the caller logs it to the console). */
export function parseRealtimeMessage(raw: string): RealtimeMessage {
  const message = asRecord(JSON.parse(raw));
  if (!message || typeof message.type !== 'string') throw new Error('real-time message without a type');
  // Fields may sit under `data` (the spec's shape) or beside `type`.
  const data = asRecord(message.data) ?? message;
  switch (message.type) {
    case 'connection_info':
      return {
        type: 'connection_info',
        role: typeof data.role === 'string' ? data.role : null,
        updateIntervalMs: finiteNumber(data.updateIntervalMs),
      };
    case 'active_users_update': {
      const users = (Array.isArray(data.users) ? data.users : []).map(toLiveUser).filter((u) => u !== null);
      return { type: 'active_users_update', count: finiteNumber(data.count) ?? users.length, users };
    }
    case 'analytics_update':
    case 'full_analytics_update':
      return {
        type: 'analytics_update',
        changedAt: typeof data.changedAt === 'string' ? data.changedAt : null,
      };
    default:
      return { type: 'other', name: message.type };
  }
}

/** "actualizare la 5 s" — how often the server pushes, as the indicator shows it. */
export function updateFrequencyLabel(updateIntervalMs: number): string {
  const seconds = Math.max(1, Math.round(updateIntervalMs / 1000));
  return `actualizare la ${seconds} s`;
}

/**
 * Whether an `analytics_update` should refetch the analytics: not when it repeats the change already
 * seen (the answer to request_analytics names the last change, which a reconnect may see twice).
 */
export function isNewAnalyticsChange(changedAt: string | null, lastSeen: string | null): boolean {
  return changedAt === null || changedAt !== lastSeen;
}
