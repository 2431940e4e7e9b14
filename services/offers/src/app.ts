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
import { offerSegmentRoutes } from './routes/offer-segments';
import { postbackRoute, type PostbackSettings } from './routes/postback';
import { defaultSupportNote, supportNoteRoute } from './routes/support-note';
import { shareRotation, type ShareRotationOptions } from './share-rotation';

export type { PostbackSettings } from './routes/postback';

export interface OffersDeps {
  /** Owned by the caller, who also closes it. */
  db: Db;
  /** The networks' postback (POSTBACK_* settings, REVENUE_CURRENCY, ANALYTICS_TZ); default: not offered (404). */
  postback?: PostbackSettings;
  /**
   * The segments' rotation (OFFER_SHARE_WINDOW_DAYS; tests seed the draws); its days and the caps' "today"
   * are of the postback's time zone (ANALYTICS_TZ).
   */
  shares?: Omit<ShareRotationOptions, 'timeZone' | 'log'>;
  /** EATING_DISORDER_SUPPORT_TEXT; default: a note that names no helpline. */
  supportNote?: string;
  logger?: FastifyServerOptions['logger'];
}

const postbackOff: PostbackSettings = {
  currency: defaultRevenueCurrency,
  timeZone: defaultAnalyticsTimeZone,
  maxPayout: defaultPostbackMaxPayout,
  maxConversionsPerClick: defaultPostbackMaxConversionsPerClick,
};

export function buildApp({ db, logger, postback = postbackOff, shares, supportNote }: OffersDeps) {
  const app = createServiceApp({
    name: 'offers',
    logger,
    readiness: { postgres: () => sql`SELECT 1`.execute(db) },
  });
  addOffersRoutes(app, { db, timeZone: postback.timeZone, shares, supportNote });
  postbackRoute(app, { db, settings: postback });
  return app;
}

/**
 * Offers served inside the gateway's process (its in-process-service.ts), as the embedded mode does: the
 * page's offers list skips the loopback hop to offers' own app. The postback goes where the
 * gateway counts it against the per-client budget; everything else outside it.
 */
export function inProcessOffers({
  db,
  postback = postbackOff,
  shares,
  supportNote,
}: Omit<OffersDeps, 'logger'>) {
  return {
    routes: (scope: App) => addOffersRoutes(scope, { db, timeZone: postback.timeZone, shares, supportNote }),
    budgetedRoutes: (scope: App) => postbackRoute(scope, { db, settings: postback }),
  };
}

/**
 * The offers list, the legal pages and the operator's offer management on `app`: offers' own app
 * (buildApp), or a service scope of the gateway's (inProcessOffers). The segments' shares are computed
 * from when the app is ready until it closes.
 */
function addOffersRoutes(
  app: App,
  {
    db,
    timeZone,
    shares,
    supportNote = defaultSupportNote,
  }: { db: Db; timeZone: string; shares: OffersDeps['shares']; supportNote?: string | undefined },
): void {
  const rotation = shareRotation(db, {
    ...shares,
    timeZone,
    log: (message, err) => app.log.error({ err }, message),
  });
  app.addHook('onReady', async () => rotation.start());
  app.addHook('onClose', async () => rotation.stop());
  const recomputeShares = () => rotation.recomputeNow();
  affiliateOfferRoutes(app, { db, timeZone });
  legalPageRoutes(app, { db });
  supportNoteRoute(app, { text: supportNote });
  // The operator's offer management in its own encapsulated scope behind the admin-session
  // guard (as in the analytics service): a route added there cannot be left open, and onRequest refuses an
  // unauthenticated caller (401) before its body is even validated.
  void app.register(async (admin) => {
    admin.addHook('onRequest', requireAdminSession(db));
    await admin.register(adminOfferRoutes, { db, recomputeShares });
    await admin.register(offerSegmentRoutes, { db, recomputeShares });
  });
}
