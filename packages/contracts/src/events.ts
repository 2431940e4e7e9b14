// The Kafka side: the tracking topics of design.md §4, their payloads and the envelope around them.
import { z } from 'zod';
import { clickSourceSchema, journeyStepSchema } from './enums';
import {
  journeyTrackBodySchema,
  pageLeaveBodySchema,
  pageVisitBodySchema,
  sessionDurationBodySchema,
  formSnapshotBodySchema,
  offerImpressionBodySchema,
  OFFER_IMPRESSION_MAX_OFFERS,
} from './tracking';
import {
  pageUrlSchema,
  sessionIdSchema,
  shortTextSchema,
  userAgentSchema,
  visitorIdSchema,
} from './primitives';

/**
 * The visitor as counted (unique visitors, funnel, unique clicks): `d:<daily visitor key>`, a keyed hash of
 * the day's salt, network and User-Agent (service-kit's visitor-key.ts). Rows already stored may hold
 * `v:<visitorId>`, how consenting visitors were once counted; they stay as they are. Optional: events from
 * before it read as their visitorId.
 */
const visitorKey = { visitorKey: z.string().max(160).optional() };

/** What the server adds to every request it accepts: who sent it, from where. */
const serverStamp = {
  ...visitorKey,
  ipAddress: z.string().max(64).nullable(),
  requestUserAgent: userAgentSchema.nullable(),
  /** The server's bot decision (isBotRequest); optional only so events from before it still read. */
  isBot: z.boolean().optional(),
};

/** The server's bot decision on events that carried no full stamp (optional: older events lack it). */
const botFlag = { isBot: z.boolean().optional() };

/** A call's `eventId` is its envelope's id (tracking.ts eventIdSchema), never a payload field as well. */
const noEventId = { eventId: true } as const;

export const pageVisitEventSchema = z.discriminatedUnion('kind', [
  pageVisitBodySchema
    .omit(noEventId)
    .extend({ kind: z.literal('visit'), ...serverStamp, isBot: z.boolean() }),
  pageLeaveBodySchema.omit(noEventId).extend({ kind: z.literal('leave'), ...serverStamp }),
]);
export type PageVisitEvent = z.infer<typeof pageVisitEventSchema>;

/** The beacon plus the User-Agent header it came with (optional: events from before it was stamped). */
export const sessionDurationEventSchema = sessionDurationBodySchema.omit(noEventId).extend({
  requestUserAgent: userAgentSchema.nullable().optional(),
  ...botFlag,
});
export type SessionDurationEvent = z.infer<typeof sessionDurationEventSchema>;

/** A step from a page (tracking) or from the reports service (email_provided, report_sent), so any step. */
export const journeyEventSchema = journeyTrackBodySchema
  .omit(noEventId)
  .extend({ step: journeyStepSchema, ...serverStamp });
export type JourneyEvent = z.infer<typeof journeyEventSchema>;

export const affiliateClickEventSchema = z.strictObject({
  offerId: z.number().int().positive(),
  offerTitle: shortTextSchema.nullable(),
  offerUrl: pageUrlSchema.nullable(),
  visitorId: visitorIdSchema.nullable(),
  /** Optional: the body-less counter call names none, and clicks from before it carried none. */
  sessionId: sessionIdSchema.optional(),
  referrer: pageUrlSchema.nullable(),
  userAgent: userAgentSchema.nullable(),
  ipAddress: z.string().max(64).nullable(),
  source: clickSourceSchema,
  /**
   * The click's id (the page's, or tracking's when the page sent none); stored as affiliate_clicks.click_id
   * for postbacks. Optional: counter calls carry none, and clicks from before click ids carried none.
   */
  clickId: z.uuid().optional(),
  ...botFlag,
  ...visitorKey,
});
export type AffiliateClickEvent = z.infer<typeof affiliateClickEventSchema>;

/**
 * The offers a page showed (POST /api/analytics/offer-impression): the checked ids, the visitor as counted and
 * the server's bot decision. No address or User-Agent is kept: an impression is counted, never listed.
 */
export const offerImpressionEventSchema = offerImpressionBodySchema
  .pick({ visitorId: true, sessionId: true, placement: true })
  .extend({
    offerIds: z.array(z.number().int().positive()).min(1).max(OFFER_IMPRESSION_MAX_OFFERS),
    isBot: z.boolean(),
    ...visitorKey,
  });
export type OfferImpressionEvent = z.infer<typeof offerImpressionEventSchema>;

export const formSnapshotEventSchema = formSnapshotBodySchema.omit(noEventId).extend({
  ipAddress: z.string().max(64).nullable(),
  ...botFlag,
});
export type FormSnapshotEvent = z.infer<typeof formSnapshotEventSchema>;

/** Every message is `{ id (UUIDv7), type, version, receivedAt, payload }`. */
export const envelopeSchema = <P extends z.ZodType>(type: string, payload: P) =>
  z.strictObject({
    id: z.uuid(),
    type: z.literal(type),
    version: z.literal(1),
    receivedAt: z.iso.datetime({ offset: true }),
    payload,
  });

export interface Envelope<P> {
  id: string;
  type: string;
  version: 1;
  receivedAt: string;
  payload: P;
}
