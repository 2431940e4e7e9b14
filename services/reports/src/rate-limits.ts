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
import { reportsSettingsFromEnv } from './config';
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
const defaults = reportsSettingsFromEnv({});

export function reportsRateLimiters(deps: ReportsDeps): ReportsRateLimiters {
  const given = deps.rateLimit ?? {};
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
    emailReport: rateLimiter(
      'email-report',
      {
        max: given.reportMax ?? defaults.REPORT_RATE_LIMIT_MAX,
        windowMs: given.reportWindowMs ?? defaults.REPORT_RATE_LIMIT_WINDOW_MS,
      },
      perClient,
    ),
    submitReport: rateLimiter(
      'submit-report',
      {
        max: given.submitReportMax ?? defaults.SUBMIT_REPORT_RATE_LIMIT_MAX,
        windowMs: given.submitReportWindowMs ?? defaults.SUBMIT_REPORT_RATE_LIMIT_WINDOW_MS,
      },
      perClient,
    ),
    contact: rateLimiter(
      'contact',
      {
        max: given.contactMax ?? defaults.CONTACT_RATE_LIMIT_MAX,
        windowMs: given.contactWindowMs ?? defaults.CONTACT_RATE_LIMIT_WINDOW_MS,
      },
      perClient,
    ),
    shareImage: rateLimiter(
      'share-image',
      {
        max: given.shareImageMax ?? defaults.SHARE_IMAGE_RATE_LIMIT_MAX,
        windowMs: given.shareImageWindowMs ?? defaults.SHARE_IMAGE_RATE_LIMIT_WINDOW_MS,
      },
      perClient,
    ),
    reportsPerRecipient: rateLimiter(
      'reports-per-recipient',
      {
        max: given.reportsPerRecipient ?? defaults.REPORTS_PER_RECIPIENT_MAX,
        windowMs: given.reportsPerRecipientWindowMs ?? defaults.REPORTS_PER_RECIPIENT_WINDOW_MS,
      },
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
