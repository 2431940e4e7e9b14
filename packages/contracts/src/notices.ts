// Notices: the messages one process tells another outside the Kafka bus — on a Redis channel in the
// distributed mode, by a call in the embedded one. Each kind is one schema and one channel; it leaves its
// publisher only through `notifierOf` (validated, then published) and is read only through `readNotice`
// (parsed strictly by the same schema), so both modes carry the same payload.
import { z } from 'zod';
import { adminSessionsRevokedChannel, adminSessionsRevokedSchema } from './live';
import { trackingTopics } from './topics';

export interface NoticeKind<S extends z.ZodType> {
  /** The Redis channel of the distributed mode, under the deployment's key prefix. */
  channel: (prefix?: string) => string;
  schema: S;
}

const trackingTopicNames = new Set(trackingTopics.map((t) => t.name));

/**
 * What the aggregator tells the live service after each applied batch: when, and which tracking topics'
 * events moved the read models (so the dashboard may refetch only those). Live turns it into an
 * `analytics_update` for admin sockets.
 */
export const analyticsChangedNoticeSchema = z.strictObject({
  /** ISO timestamp of the change. */
  changedAt: z.iso.datetime({ offset: true }),
  topics: z
    .array(z.string().refine((name) => trackingTopicNames.has(name), 'not a tracking topic'))
    .min(1)
    .max(32),
});
export type AnalyticsChangedNotice = z.infer<typeof analyticsChangedNoticeSchema>;

/** Redis channel on which the aggregator announces that the read models moved (the live service listens). */
export const analyticsChangedChannel = (prefix = '') => `${prefix}bodymetrics:analytics-changed`;

export const analyticsChangedNotice: NoticeKind<typeof analyticsChangedNoticeSchema> = {
  channel: analyticsChangedChannel,
  schema: analyticsChangedNoticeSchema,
};

/**
 * What admin-auth tells the live service when admin sessions end before their time (logout, password change or
 * reset, an admin disabled): live closes the matching admin sockets at once (schema and channel in live.ts).
 */
export const adminSessionsRevokedNotice: NoticeKind<typeof adminSessionsRevokedSchema> = {
  channel: adminSessionsRevokedChannel,
  schema: adminSessionsRevokedSchema,
};

/** What publishes on a Redis channel (ioredis's `Redis` is one); contracts stay free of a Redis client. */
export interface ChannelPublisher {
  publish(channel: string, message: string): Promise<unknown>;
}

/** How a notice travels: a Redis channel (distributed mode) or a call into the receiver (embedded mode). */
export type NoticeTransport<T> =
  { redis: ChannelPublisher; keyPrefix: string } | { inProcess: (notice: T) => Promise<void> | void };

export type Notifier<T> = (notice: T) => Promise<void>;

/** The one way a notice is published: checked by its schema (a bad one throws here, at its author), then sent. */
export function notifierOf<S extends z.ZodType>(
  kind: NoticeKind<S>,
  transport: NoticeTransport<z.output<S>>,
): Notifier<z.input<S>> {
  return async (notice) => {
    const checked = kind.schema.parse(notice);
    if ('redis' in transport) {
      await transport.redis.publish(kind.channel(transport.keyPrefix), JSON.stringify(checked));
    } else {
      await transport.inProcess(checked);
    }
  };
}

/** The one way a notice is read: a Redis message (JSON text) or an in-process value, parsed strictly. */
export function readNotice<S extends z.ZodType>(
  kind: NoticeKind<S>,
  message: unknown,
): { ok: true; notice: z.output<S> } | { ok: false; reason: string } {
  let value = message;
  if (typeof message === 'string') {
    try {
      value = JSON.parse(message);
    } catch {
      return { ok: false, reason: 'not JSON' };
    }
  }
  const parsed = kind.schema.safeParse(value);
  return parsed.success
    ? { ok: true, notice: parsed.data }
    : { ok: false, reason: z.prettifyError(parsed.error) };
}
