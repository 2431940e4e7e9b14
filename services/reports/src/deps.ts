// What buildApp needs. Clients are created (and closed) by whoever calls buildApp: main.ts, the
// embedded gateway, or a test.
import type { FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Bus } from '@bodymetrics/bus';
import type { Db } from '@bodymetrics/db';
import type { Mailer } from '@bodymetrics/mail';
import type { IpStorage, VisitorKeys } from '@bodymetrics/service-kit';
import type { ReportsRateLimiters } from './rate-limits';

export interface ReportsDeps {
  db: Db;
  mailer: Mailer;
  /** Where the funnel's email_provided and report_sent steps go (the journey topic, like tracking's steps). */
  bus: Bus;
  /**
   * The counted visitor of those steps: the same daily salt as tracking's (one shared instance in one process,
   * the same Redis and REDIS_KEY_PREFIX across processes), or one visitor would count as two.
   */
  visitorKeys: VisitorKeys;
  /** Shared rate-limit counters across instances; without it each instance counts on its own. */
  redis?: Redis;
  /** Prefix of every Redis key this service writes (tests use a unique one per file). */
  redisKeyPrefix?: string;
  /** The public origin (the gateway), without a trailing slash: links in mails and share pages. */
  publicBaseUrl: string;
  /** The operator's address that receives contact messages. */
  contactTo: string;
  ipStorage?: IpStorage;
  /** The limits (rate-limits.ts); one left out takes its setting's default (config.ts). */
  rateLimit?: {
    /** Contact messages per client per window (CONTACT_RATE_LIMIT_MAX / _WINDOW_MS). */
    contactMax?: number;
    contactWindowMs?: number;
    /** Report e-mails per client (REPORT_RATE_LIMIT_…): the endpoint mails any address it is given. */
    reportMax?: number;
    reportWindowMs?: number;
    /** Stored report copies per client (SUBMIT_REPORT_RATE_LIMIT_…): each may store health data. */
    submitReportMax?: number;
    submitReportWindowMs?: number;
    /** Share images per client (SHARE_IMAGE_RATE_LIMIT_…): each call stores a share row. */
    shareImageMax?: number;
    shareImageWindowMs?: number;
    /** Report mails to one address, whoever asks (REPORTS_PER_RECIPIENT_MAX / _WINDOW_MS). */
    reportsPerRecipient?: number;
    reportsPerRecipientWindowMs?: number;
  };
  /** How long a newsletter confirmation link stays valid, in ms (default 7 days). */
  newsletterConfirmationTtlMs?: number;
  logger?: FastifyServerOptions['logger'];
}

/** The deps with defaults applied, as the routes see them. */
export interface ReportsContext extends Required<
  Pick<ReportsDeps, 'db' | 'mailer' | 'publicBaseUrl' | 'contactTo' | 'bus' | 'visitorKeys'>
> {
  ipStorage: IpStorage;
  limits: ReportsRateLimiters;
  newsletterConfirmationTtlMs: number;
}
