// A shared link's own routes (public: no admin session): what the link shows, the password check, the
// overview's cards and one tab over a period — each only for a link that is neither expired nor revoked
// (else 403), and, for a link with a password, only once this browser gave it (else 401). Every request is
// counted per client (RATE_LIMIT_SHARED_VIEW_PER_MINUTE), and wrong passwords per link, in Postgres so every
// analytics process counts together.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sharedLinkRoutes, sharedOverviewSchema } from '@bodymetrics/contracts';
import { verifyPassword } from '@bodymetrics/admin-auth/password-hash';
import { HttpError, notFound, rateLimitKey, routeOptions } from '@bodymetrics/service-kit';
import { rateLimiter } from '@bodymetrics/service-kit/rate-limit';
import { revenueCurrencyOf, type AnalyticsDeps } from '../deps';
import { readOverview } from '../overview.repository';
import { resolvePeriod } from '../period';
import { allowedFields, readSharedTab } from '../shared-views/shared-reads';
import { findSharedViewByTokenHash, type StoredSharedView } from '../shared-views/shared-views.repository';
import { hashSharedLinkToken, isUnlocked, unlockCookie } from '../shared-views/shared-link-token';

/** Default of RATE_LIMIT_SHARED_VIEW_PER_MINUTE: requests per client and minute to the links' routes. */
export const defaultSharedViewPerMinute = 60;
/** Wrong passwords a link takes per 15 minutes, whoever tries them. */
const wrongPasswordLimit = { max: 10, windowMs: 15 * 60 * 1000 };

const unavailable = () =>
  new HttpError(403, 'shared_view_unavailable', 'This shared link has expired or was revoked');
const passwordRequired = () => new HttpError(401, 'password_required', 'This shared link needs its password');

export const sharedLinkRoutesPlugin: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, deps) => {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const currency = revenueCurrencyOf(deps);
  const store = { kind: 'postgres' as const, db };
  const perClient = rateLimiter(
    'shared-view',
    { max: deps.sharedViewPerMinute ?? defaultSharedViewPerMinute, windowMs: 60_000 },
    store,
  );
  const wrongPasswords = rateLimiter('shared-view-password', wrongPasswordLimit, store);

  app.addHook('onRequest', async (request, reply) => {
    // The dashboard's figures behind a token: kept by no browser or proxy cache, refusals included.
    reply.header('cache-control', 'no-store');
    await perClient.takeOrRefuse(
      rateLimitKey(request.ip),
      (seconds) => `too many requests to shared links; try again in ${seconds} s`,
    );
  });

  /** The link of `token` while it is open: 404 unknown, 403 expired or revoked. */
  const openView = async (token: string): Promise<StoredSharedView> => {
    const view = await findSharedViewByTokenHash(db, hashSharedLinkToken(token));
    if (!view) throw notFound('shared link');
    if (view.revokedAt !== null || (view.expiresAt !== null && Date.parse(view.expiresAt) <= now().getTime()))
      throw unavailable();
    return view;
  };
  const unlockedFor = (view: StoredSharedView, request: FastifyRequest) =>
    view.passwordHash === null ||
    isUnlocked({ id: view.id, passwordHash: view.passwordHash }, request.headers.cookie, now());
  /** The link of `token`, open and unlocked for this browser. */
  const readableView = async (token: string, request: FastifyRequest) => {
    const view = await openView(token);
    if (!unlockedFor(view, request)) throw passwordRequired();
    return view;
  };

  app.route({
    ...routeOptions(sharedLinkRoutes.info),
    handler: async (request) => {
      const view = await openView(request.params.token);
      return {
        name: view.name,
        tabs: view.tabs,
        expiresAt: view.expiresAt,
        passwordRequired: view.passwordHash !== null,
        unlocked: unlockedFor(view, request),
      };
    },
  });

  app.route({
    ...routeOptions(sharedLinkRoutes.unlock),
    handler: async (request, reply) => {
      const { token } = request.params;
      const view = await openView(token);
      if (view.passwordHash === null)
        throw new HttpError(409, 'no_password', 'This shared link has no password');
      await wrongPasswords.check(String(view.id)).then((verdict) => {
        if (!verdict.allowed)
          throw new HttpError(
            429,
            'rate_limited',
            `too many wrong passwords; try again in ${verdict.retryAfterSeconds} s`,
          );
      });
      if (!(await verifyPassword(request.body.password, view.passwordHash))) {
        await wrongPasswords.take(String(view.id));
        throw new HttpError(401, 'wrong_password', 'password: is not the password of this shared link');
      }
      const cookie = unlockCookie({ id: view.id, passwordHash: view.passwordHash }, token, {
        now: now(),
        secure: request.protocol === 'https',
      });
      reply.header('set-cookie', cookie.header);
      return { unlocked: true as const, expiresAt: cookie.expiresAt.toISOString() };
    },
  });

  app.route({
    ...routeOptions(sharedLinkRoutes.overview),
    handler: async (request) => {
      await readableView(request.params.token, request);
      const period = await resolvePeriod(db, deps.timeZone, request.query);
      const overview = await readOverview(db, period, currency, {
        compare: request.query.compare === 'previous',
      });
      return allowedFields(sharedOverviewSchema, overview) as typeof overview;
    },
  });

  app.route({
    ...routeOptions(sharedLinkRoutes.tab),
    handler: async (request) => {
      const { token, tab } = request.params;
      const view = await readableView(token, request);
      if (!view.tabs.includes(tab))
        throw new HttpError(403, 'tab_not_shared', `tab: ${tab} is not shared by this link`);
      const period = await resolvePeriod(db, deps.timeZone, request.query);
      return readSharedTab(db, tab, period, currency);
    },
  });
};
