// The visitor's live-presence socket (`/analytics-ws`, spec §7 "Real-time connection"): a `user_active`
// heartbeat on open and every 30 s, a `user_page_change` on route changes. It reconnects with capped,
// jittered exponential backoff, and waits while the tab is hidden so idle tabs do not hammer the server.
// Errors go to the console only (spec §8). Loaded on demand after the first paint.
import {
  activityHeartbeatMs,
  liveSocketPath,
  type LiveActivity,
  type LiveStage,
} from '@bodymetrics/contracts';
import { userActiveMessage, userPageChangeMessage } from './bodies';

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/** "Equal jitter": half the capped exponential delay plus a random share of the other half. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const capped = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt));
  return Math.round(capped / 2 + random() * (capped / 2));
}

/** wss on https pages, ws otherwise, always on the page's own host. */
export function liveSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${liveSocketPath}`;
}

export interface LivePresence {
  /** A new route, or a new flow stage on the same route (the home flow's steps all live at `/`). */
  pageChanged(currentPage: string, stage?: LiveStage): void;
  stop(): void;
}

export interface LivePresenceOptions {
  url: string;
  activity: () => LiveActivity;
  heartbeatMs?: number;
  createSocket?: (url: string) => WebSocket;
}

export function connectLivePresence(options: LivePresenceOptions): LivePresence {
  const heartbeatMs = options.heartbeatMs ?? activityHeartbeatMs;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | null = null;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  const send = (message: unknown) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  const announce = () => send(userActiveMessage(options.activity()));

  const whenVisible = (then: () => void) => {
    if (!document.hidden) return then();
    const onVisible = () => {
      if (document.hidden) return;
      document.removeEventListener('visibilitychange', onVisible);
      then();
    };
    document.addEventListener('visibilitychange', onVisible);
  };

  const scheduleReconnect = () => {
    if (stopped) return;
    retry = setTimeout(() => whenVisible(open), reconnectDelayMs(attempt++));
  };

  function open() {
    if (stopped) return;
    let ws: WebSocket;
    try {
      ws = createSocket(options.url);
    } catch (error) {
      console.debug('[live] could not open the socket', error);
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      announce();
      clearInterval(heartbeat);
      heartbeat = setInterval(announce, heartbeatMs);
    };
    ws.onmessage = (event: MessageEvent) => {
      // A visitor's socket only hears errors about its own messages; they are for developers.
      try {
        const message = JSON.parse(String(event.data)) as { type?: unknown; data?: unknown };
        if (message.type === 'error') console.debug('[live] server said', message.data);
      } catch (error) {
        console.debug('[live] unreadable message', error);
      }
    };
    ws.onerror = (event) => console.debug('[live] socket error', event);
    ws.onclose = () => {
      clearInterval(heartbeat);
      if (socket === ws) socket = null;
      scheduleReconnect();
    };
  }

  open();

  return {
    pageChanged(currentPage, stage) {
      const { visitorId, sessionId } = options.activity();
      send(userPageChangeMessage({ visitorId, sessionId, currentPage, ...(stage ? { stage } : {}) }));
    },
    stop() {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      socket?.close(1000);
      socket = null;
    },
  };
}
