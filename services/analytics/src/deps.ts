import type { FastifyServerOptions } from 'fastify';
import type { Db } from '@bodymetrics/db';

export interface AnalyticsDeps {
  db: Db;
  /** ANALYTICS_TZ: the operator's time zone, which decides "today" and every daily row. */
  timeZone: string;
  logger?: FastifyServerOptions['logger'];
}
