// The offers service (design §1): the affiliate offers list and the legal pages, read from Postgres, and the
// operator's offer management behind the admin session.
import { sql } from 'kysely';
import type { FastifyServerOptions } from 'fastify';
import type { Db } from '@bodymetrics/db';
import {
  createServiceApp,
  defaultAnalyticsTimeZone,
  defaultRevenueCurrency,
  requireAdminSession,
} from '@bodymetrics/service-kit';
import { adminOfferRoutes } from './routes/admin-offers';
import { affiliateOfferRoutes } from './routes/affiliate-offers';
import { legalPageRoutes } from './routes/legal-pages';
import { postbackRoute, type PostbackSettings } from './routes/postback';

export type { PostbackSettings } from './routes/postback';

export interface OffersDeps {
  /** Owned by the caller, who also closes it. */
  db: Db;
  /** The networks' postback (POSTBACK_TOKEN, REVENUE_CURRENCY, ANALYTICS_TZ); default: not offered (404). */
  postback?: PostbackSettings;
  logger?: FastifyServerOptions['logger'];
}

const postbackOff: PostbackSettings = {
  currency: defaultRevenueCurrency,
  timeZone: defaultAnalyticsTimeZone,
};

export function buildApp({ db, logger, postback = postbackOff }: OffersDeps) {
  const app = createServiceApp({
    name: 'offers',
    logger,
    readiness: { postgres: () => sql`SELECT 1`.execute(db) },
  });
  affiliateOfferRoutes(app, { db });
  legalPageRoutes(app, { db });
  postbackRoute(app, { db, settings: postback });
  // The operator's offer management (issue 15 item 1) in its own encapsulated scope behind the admin-session
  // guard (as in the analytics service): a route added there cannot be left open, and onRequest refuses an
  // unauthenticated caller (401) before its body is even validated.
  app.register(async (admin) => {
    admin.addHook('onRequest', requireAdminSession(db));
    await admin.register(adminOfferRoutes, { db });
  });
  return app;
}
