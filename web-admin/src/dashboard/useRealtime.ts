// The dashboard's side of /analytics-ws (spec §4, §7): connected on connection_info, disconnected on close or
// error; on open it asks for analytics. Live visitors come from `active_users_update`; an
// `analytics_update` refreshes the analytics queries. Reconnects with backoff, and says so: while the socket
// is down the link is `down` with the number of the reconnect attempt under way, so the live panel can tell
// the operator instead of loading forever. Every parse, socket or creation error goes to the console only.
import type { LiveUser } from '@bodymetrics/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import {
  isNewAnalyticsChange,
  openingMessages,
  parseRealtimeMessage,
  realtimeUrl,
  reconnectDelayMs,
  unauthorizedCloseCode,
} from '../lib/realtime-protocol';
import { notifyUnauthorized } from '../lib/unauthorized';
import { analyticsQueryRoot, refetchIntervals } from './analytics-queries';

/**
 * Where the live socket stands: `connecting` before the first answer, `connected` once the server took the
 * socket as an admin's, `down` from the first refusal or drop until the next connection_info, with the
 * number of the reconnect attempt waited for or under way (1 for the first retry after a drop).
 */
export type RealtimeLink =
  { status: 'connecting' } | { status: 'connected' } | { status: 'down'; reconnectAttempt: number };

export interface RealtimeState {
  connected: boolean;
  link: RealtimeLink;
  /** How often the server pushes updates; until it says, the overview's own refresh interval. */
  updateIntervalMs: number;
  /** Null until the first `active_users_update` arrives, and again from a drop until the next one. */
  activeUsers: { count: number; users: LiveUser[] } | null;
}

export interface Realtime extends RealtimeState {
  /** While down: try again now instead of waiting out the backoff (the operator's "Reîncearcă acum"). */
  retryNow: () => void;
}

export function useRealtime(sessionId: string): Realtime {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RealtimeState>({
    connected: false,
    link: { status: 'connecting' },
    updateIntervalMs: refetchIntervals.overview,
    activeUsers: null,
  });
  const retry = useRef<() => void>(() => undefined);

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const setConnected = (connected: boolean) =>
      setState((s) => (s.connected === connected ? s : { ...s, connected }));

    const scheduleReconnect = () => {
      if (stopped || retryTimer !== undefined) return;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        connect();
      }, reconnectDelayMs(attempt++));
      const reconnectAttempt = attempt;
      // The live list of before the drop would be stale: it comes back with the first update after it.
      setState((s) => ({
        ...s,
        connected: false,
        link: { status: 'down', reconnectAttempt },
        activeUsers: null,
      }));
    };

    retry.current = () => {
      // Only while waiting out a backoff: a socket already under way is that retry.
      if (stopped || retryTimer === undefined) return;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      connect();
    };

    const frames: FrameContext = {
      setState,
      queryClient,
      resetBackoff: () => {
        attempt = 0;
      },
      lastChange: null,
    };

    function connect() {
      if (stopped) return;
      let current: WebSocket;
      try {
        current = new WebSocket(realtimeUrl(window.location));
      } catch (error) {
        console.error('real-time connection could not be created', error);
        scheduleReconnect();
        return;
      }
      socket = current;
      current.onopen = () => {
        try {
          for (const message of openingMessages(sessionId)) current.send(message);
        } catch (error) {
          console.error('real-time request failed', error);
        }
      };
      current.onmessage = (event: MessageEvent) => {
        try {
          handleFrame(event.data, frames);
        } catch (error) {
          console.error('real-time message could not be read', error);
        }
      };
      current.onerror = (event) => {
        console.error('real-time connection error', event);
        setConnected(false);
      };
      current.onclose = (event: CloseEvent) => {
        setConnected(false);
        if (socket === current) socket = null;
        if (event.code === unauthorizedCloseCode) {
          // The session is no longer valid: like a 401 from the analytics, back to the login.
          stopped = true;
          notifyUnauthorized();
          return;
        }
        scheduleReconnect();
      };
    }

    connect();
    return () => {
      stopped = true;
      retry.current = () => undefined;
      clearTimeout(retryTimer);
      const open = socket;
      socket = null;
      if (open) closeQuietly(open);
    };
  }, [sessionId, queryClient]);

  const retryNow = useCallback(() => retry.current(), []);
  return { ...state, retryNow };
}

interface FrameContext {
  setState: Dispatch<SetStateAction<RealtimeState>>;
  queryClient: QueryClient;
  /** The server took the socket as an admin's: the reconnect backoff starts again from here. */
  resetBackoff: () => void;
  /** The last analytics change acted on. */
  lastChange: string | null;
}

/** What one frame from the server does: the link's state, the live list, or a refresh of the analytics. */
function handleFrame(raw: unknown, frames: FrameContext): void {
  if (typeof raw !== 'string') return;
  const { setState } = frames;
  const message = parseRealtimeMessage(raw);
  switch (message.type) {
    case 'connection_info':
      // Connected once the server has taken the socket as an admin's, not when it merely opened: while
      // Redis is away the live service opens the socket and closes it at once (1011), and the
      // indicator must not flash "connected" on every reconnect attempt. For the same reason the backoff
      // starts again from here, not from the socket opening.
      frames.resetBackoff();
      setState((s) =>
        s.link.status === 'connected' ? s : { ...s, connected: true, link: { status: 'connected' } },
      );
      if (message.updateIntervalMs !== null) {
        const updateIntervalMs = message.updateIntervalMs;
        setState((s) => ({ ...s, updateIntervalMs }));
      }
      break;
    case 'active_users_update':
      setState((s) => ({ ...s, activeUsers: { count: message.count, users: message.users } }));
      break;
    case 'analytics_update':
      if (!isNewAnalyticsChange(message.changedAt, frames.lastChange)) break;
      frames.lastChange = message.changedAt;
      // Let a refetch already on its way finish rather than start it again.
      void frames.queryClient.invalidateQueries({ queryKey: analyticsQueryRoot }, { cancelRefetch: false });
      break;
    default:
      break;
  }
}

/** Closes the socket without its handlers reacting (the dashboard is leaving). */
function closeQuietly(socket: WebSocket): void {
  socket.onclose = null;
  socket.onerror = null;
  socket.onmessage = null;
  socket.close();
}
