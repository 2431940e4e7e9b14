// The offers service (design §1): the affiliate offers list and the legal pages, read from Postgres.
import { sql } from 'kysely';
import type { FastifyServerOptions } from 'fastify';
import type { Db } from '@bodymetrics/db';
import { createServiceApp } from '@bodymetrics/service-kit';
import { affiliateOfferRoutes } from './routes/affiliate-offers';
import { legalPageRoutes } from './routes/legal-pages';

export interface OffersDeps {
  /** Owned by the caller, who also closes it. */
  db: Db;
  logger?: FastifyServerOptions['logger'];
}

export function buildApp({ db, logger }: OffersDeps) {
  const app = createServiceApp({
    name: 'offers',
    logger,
    readiness: { postgres: () => sql`SELECT 1`.execute(db) },
  });
  affiliateOfferRoutes(app, { db });
  legalPageRoutes(app, { db });
  return app;
}
