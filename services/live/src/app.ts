// The live service: `/analytics-ws`, visitors' heartbeats and page changes in, the live list and
// "analytics changed" out to admin sockets only (design.md §1). Served by its own app (buildApp: the
// distributed mode's live process), or inside the gateway's process (inProcessLive: the embedded mode);
// either way over the same presence, signals and hub (live.ts), with the same route.
import websocket from '@fastify/websocket';
import { sql } from 'kysely';
import { liveMaxMessageBytes } from '@bodymetrics/contracts';
import { createServiceApp, gaugeOf, type App } from '@bodymetrics/service-kit';
import type { LiveDeps } from './deps';
import { openLive, type Live, type LiveControls } from './live';
import { analyticsWsRoute } from './routes/analytics-ws';

export type { LiveDeps } from './deps';
export type { LiveControls } from './live';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveControls;
  }
}

export function buildApp(deps: LiveDeps) {
  // Live's own checks (Redis) join once it is open: it logs through the app's logger, made first.
  const readiness: Record<string, () => Promise<unknown>> = {
    postgres: () => sql`select 1`.execute(deps.db),
  };
  const app = createServiceApp({ name: 'live', logger: deps.logger, readiness });
  const live = openLive(deps, app.log);
  Object.assign(readiness, live.readiness);
  app.decorate('live', live.controls);
  addLiveRoutes(app, live, deps);
  app.addHook('onReady', async () => live.start());
  app.addHook('onClose', async () => live.close());
  return app;
}

/**
 * Live served inside the gateway's process (its in-process-service.ts), as the embedded mode does: the
 * gateway mounts the socket's route where it would proxy it, behind its same-origin rule and its cap of
 * sockets per client. Presence, signals and the hub are opened by the first gateway that mounts it (with
 * that gateway's log; a test's second gateway shares them) and end with `close`, which the composer calls
 * after the gateways closed. Before that first mount no socket is open, so a notice has no one to reach.
 */
export function inProcessLive(deps: Omit<LiveDeps, 'logger'>) {
  let live: Live | undefined;
  return {
    routes: (scope: App) => {
      if (!live) {
        const opened = (live = openLive(deps, scope.log));
        scope.addHook('onReady', async () => opened.start());
      }
      addLiveRoutes(scope, live, deps);
    },
    controls: {
      openSockets: () => live?.controls.openSockets() ?? { visitor: 0, admin: 0, pending: 0 },
      announceAnalyticsChanged: async (notice) => live?.controls.announceAnalyticsChanged(notice),
      announceSessionsRevoked: async (revoked) => live?.controls.announceSessionsRevoked(revoked),
    } satisfies LiveControls,
    close: async () => live?.close(),
  };
}

/** The socket's route on `app`: live's own app, or a service scope of the gateway's. */
function addLiveRoutes(app: App, live: Live, deps: LiveDeps): void {
  // /metrics: the sockets open on this instance, by role, counted at scrape time.
  gaugeOf(app, {
    name: 'live_open_sockets',
    help: 'WebSockets open on this live instance, by role (pending: asked to be admin, auth not settled)',
    labelNames: ['role'] as const,
    collect() {
      for (const [role, n] of Object.entries(live.hub.openSockets())) this.set({ role }, n);
    },
  });

  void app.register(websocket, {
    options: { maxPayload: liveMaxMessageBytes },
    // Errors of an established socket (a client vanishing, an oversized frame — ws has already sent
    // its 1009 close) are a client's doing: note them, and only cut a socket that is still open.
    errorHandler: (err, socket, request) => {
      request.log.debug({ err }, 'live socket error');
      if (socket.readyState === socket.OPEN) socket.terminate();
    },
  });
  void app.register(async (scope) => {
    analyticsWsRoute(scope, {
      db: deps.db,
      hub: live.hub,
      presence: live.presence,
      isPresenceUp: live.isPresenceUp,
      authTimeoutMs: deps.authTimeoutMs ?? 5_000,
      maxSocketsPerIp: deps.maxSocketsPerIp ?? 20,
      rateLimit: deps.rateLimit ?? { messages: 20, windowMs: 10_000 },
    });
  });
}
