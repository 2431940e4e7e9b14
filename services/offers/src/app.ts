// The offers service (design §1): the affiliate offers list and the legal pages, read from Postgres, and the
// operator's offer management behind the admin session.
import { sql } from 'kysely';
import type { FastifyServerOptions } from 'fastify';
import type { Db } from '@bodymetrics/db';
import {
  createServiceApp,
  defaultAnalyticsTimeZone,
  defaultPostbackMaxConversionsPerClick,
  defaultPostbackMaxPayout,
  defaultRevenueCurrency,
  requireAdminSession,
  type App,
} from '@bodymetrics/service-kit';
import { adminOfferRoutes } from './routes/admin-offers';
import { affiliateOfferRoutes } from './routes/affiliate-offers';
import { legalPageRoutes } from './routes/legal-pages';
import { postbackRoute, type PostbackSettings } from './routes/postback';

export type { PostbackSettings } from './routes/postback';

export interface OffersDeps {
  /** Owned by the caller, who also closes it. */
  db: Db;
  /** The networks' postback (POSTBACK_* settings, REVENUE_CURRENCY, ANALYTICS_TZ); default: not offered (404). */
  postback?: PostbackSettings;
  logger?: FastifyServerOptions['logger'];
}

const postbackOff: PostbackSettings = {
  currency: defaultRevenueCurrency,
  timeZone: defaultAnalyticsTimeZone,
  maxPayout: defaultPostbackMaxPayout,
  maxConversionsPerClick: defaultPostbackMaxConversionsPerClick,
};

export function buildApp({ db, logger, postback = postbackOff }: OffersDeps) {
  const app = createServiceApp({
    name: 'offers',
    logger,
    readiness: { postgres: () => sql`SELECT 1`.execute(db) },
  });
  addOffersRoutes(app, { db });
  postbackRoute(app, { db, settings: postback });
  return app;
}

/**
 * Offers served inside the gateway's process (its in-process-service.ts), as the embedded mode does: the
 * page's offers list skips the loopback hop to offers' own app. The postback goes where the
 * gateway counts it against the per-client budget; everything else outside it.
 */
export function inProcessOffers({ db, postback = postbackOff }: Omit<OffersDeps, 'logger'>) {
  return {
    routes: (scope: App) => addOffersRoutes(scope, { db }),
    budgetedRoutes: (scope: App) => postbackRoute(scope, { db, settings: postback }),
  };
}

/**
 * The offers list, the legal pages and the operator's offer management on `app`: offers' own app
 * (buildApp), or a service scope of the gateway's (inProcessOffers).
 */
function addOffersRoutes(app: App, { db }: { db: Db }): void {
  affiliateOfferRoutes(app, { db });
  legalPageRoutes(app, { db });
  // The operator's offer management in its own encapsulated scope behind the admin-session
  // guard (as in the analytics service): a route added there cannot be left open, and onRequest refuses an
  // unauthenticated caller (401) before its body is even validated.
  void app.register(async (admin) => {
    admin.addHook('onRequest', requireAdminSession(db));
    await admin.register(adminOfferRoutes, { db });
  });
}
