// The reports service's limits (service-kit rate-limit.ts). Every public route that mails or stores is
// limited per client: the contact form, the report (it mails any address it is given), its stored copy and
// share images (each call stores a row) — in Redis when the service has one, so every instance counts
// together, else in this process (the embedded mode). Apart from those, report mails per recipient
// address, whoever asks: in Postgres, so the count holds across restarts and in both run modes.
import { createHash } from 'node:crypto';
import { RateLimitedError } from '@bodymetrics/service-kit';
import {
  perClientLimit,
  rateLimiter,
  waitInWords,
  type RateLimit,
  type RateLimiter,
  type RateLimitStore,
} from '@bodymetrics/service-kit/rate-limit';
import { reportsRateLimitOf, reportsSettingsFromEnv } from './config';
import type { ReportsDeps } from './deps';
import { normaliseEmail } from './submission-hash';

export interface ReportsRateLimiters {
  emailReport: RateLimiter;
  submitReport: RateLimiter;
  contact: RateLimiter;
  shareImage: RateLimiter;
  /** Report mails to one address (keyed by recipientHash), whoever asks: the mailer is no spam relay. */
  reportsPerRecipient: RateLimiter;
}

/** The settings' defaults (config.ts, docs/operating.md), for a caller that leaves a limit out. */
const defaults = reportsRateLimitOf(reportsSettingsFromEnv({}));
type LimitName = keyof typeof defaults;

export function reportsRateLimiters(deps: ReportsDeps): ReportsRateLimiters {
  const given = deps.rateLimit ?? {};
  const limit = (max: LimitName, windowMs: LimitName): RateLimit => ({
    max: given[max] ?? defaults[max],
    windowMs: given[windowMs] ?? defaults[windowMs],
  });
  // Should Redis fail, each instance counts on its own rather than letting every mail through.
  const perClient: RateLimitStore = deps.redis
    ? {
        kind: 'redis',
        redis: deps.redis,
        keyPrefix: `${deps.redisKeyPrefix ?? 'bm:'}reports:rate-limit:`,
        whenDown: 'count-in-memory',
      }
    : { kind: 'memory' };
  return {
    emailReport: rateLimiter('email-report', limit('reportMax', 'reportWindowMs'), perClient),
    submitReport: rateLimiter('submit-report', limit('submitReportMax', 'submitReportWindowMs'), perClient),
    contact: rateLimiter('contact', limit('contactMax', 'contactWindowMs'), perClient),
    shareImage: rateLimiter('share-image', limit('shareImageMax', 'shareImageWindowMs'), perClient),
    reportsPerRecipient: rateLimiter(
      'reports-per-recipient',
      limit('reportsPerRecipient', 'reportsPerRecipientWindowMs'),
      { kind: 'postgres', db: deps.db },
    ),
  };
}

/** The onRequest hook of a route limited per client: 429 rate_limited with Retry-After past the limit. */
export const limitedPerClient = (limiter: RateLimiter) =>
  perClientLimit(limiter, (seconds) => `Too many requests. Please try again in ${waitInWords(seconds)}.`);

/** The recipient's key: a hash of the normalised address, never a plain copy of it. */
export const recipientHash = (email: string) =>
  createHash('sha256').update(normaliseEmail(email)).digest('hex');

export const recipientLimited = ({ max, windowMs }: RateLimit, retryAfterSeconds: number) => {
  const hours = Math.round((windowMs / 3_600_000) * 10) / 10;
  return new RateLimitedError(
    retryAfterSeconds,
    `This address has already been sent ${max} reports in the last ${hours} hours. Please try again later.`,
    'recipient_rate_limited',
    [{ rule: 'reports_per_recipient', max, windowMs }],
  );
};
