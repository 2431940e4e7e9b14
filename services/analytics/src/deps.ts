import type { FastifyServerOptions } from 'fastify';
import type { Db } from '@bodymetrics/db';
import { defaultRevenueCurrency } from '@bodymetrics/service-kit';
import type { Mailer } from '@bodymetrics/mail';
import type { RateLimitStore } from '@bodymetrics/service-kit/rate-limit';

export interface AnalyticsDeps {
  db: Db;
  /** ANALYTICS_TZ: the operator's time zone, which decides "today" and every daily row. */
  timeZone: string;
  /** REVENUE_CURRENCY: named beside every revenue figure; default RON (service-kit). */
  revenueCurrency?: string;
  /** Sends the weekly digest ("send me one now"); without it that route answers 503. */
  mailer?: Mailer;
  /** "Send me one now" per admin; default 3 per hour. */
  sendNowLimit?: { max: number; windowMs: number };
  /** "Trimite o alertă de test" per admin; default 3 per hour. */
  alertTestLimit?: { max: number; windowMs: number };
  /** RATE_LIMIT_SHARED_VIEW_PER_MINUTE: requests per client and minute to the shared links; default 60. */
  sharedViewPerMinute?: number;
  /** RATE_LIMIT_API_KEY_PER_MINUTE: reads per API key and minute; default 600. */
  apiKeyRateLimitPerMinute?: number;
  /** Where the per-key reads are counted: Redis when the system shares it, else this process's memory. */
  apiKeyLimitStore?: RateLimitStore;
  /** The clock of the digest and alert routes (tests inject one). */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

export const revenueCurrencyOf = (deps: AnalyticsDeps): string =>
  deps.revenueCurrency ?? defaultRevenueCurrency;
