// What buildApp needs. Clients are created (and closed) by whoever calls buildApp: main.ts, the
// embedded gateway, or a test.
import type { FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Bus } from '@bodymetrics/bus';
import type { Db } from '@bodymetrics/db';
import type { Mailer } from '@bodymetrics/mail';
import type { IpStorage, VisitorKeys } from '@bodymetrics/service-kit';

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
  rateLimit?: {
    /** Contact messages per IP per window (default 5). */
    contactMax?: number;
    /** Window in ms (default 10 minutes). */
    contactWindowMs?: number;
    /** Report e-mails per IP per window (default 10): the endpoint mails any address it is given. */
    reportMax?: number;
    /** Window in ms (default 10 minutes). */
    reportWindowMs?: number;
    /** Stored report copies per IP per window (default 10): each call may store a row of health data. */
    submitReportMax?: number;
    /** Window in ms (default 10 minutes). */
    submitReportWindowMs?: number;
    /** Share images per IP per window (default 20): each call stores a share row. */
    shareImageMax?: number;
    /** Window in ms (default 10 minutes). */
    shareImageWindowMs?: number;
    /** Report mails to one address per window (default 3), whoever asks: the mailer is no spam relay. */
    reportsPerRecipient?: number;
    /** Window in ms (default 24 hours). */
    reportsPerRecipientWindowMs?: number;
  };
  /** How long a newsletter confirmation link stays valid, in ms (default 7 days). */
  newsletterConfirmationTtlMs?: number;
  logger?: FastifyServerOptions['logger'];
}

export interface RouteRateLimit {
  max: number;
  windowMs: number;
}

/** The deps with defaults applied, as the routes see them. */
export interface ReportsContext extends Required<
  Pick<ReportsDeps, 'db' | 'mailer' | 'publicBaseUrl' | 'contactTo' | 'bus' | 'visitorKeys'>
> {
  ipStorage: IpStorage;
  reportsPerRecipient: RouteRateLimit;
  newsletterConfirmationTtlMs: number;
}
