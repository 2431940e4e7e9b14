// Request bodies of the visitor-tracking calls of spec §7, exactly as the public app sends them.
import { z } from 'zod';
import {
  clientJourneyStepSchema,
  deviceTypeSchema,
  activityLevelSchema,
  genderSchema,
  measurementSystemSchema,
  offerPlacementSchema,
} from './enums';
import {
  boundedJsonObject,
  pageUrlSchema,
  sessionIdSchema,
  shortTextSchema,
  userAgentSchema,
  visitorIdSchema,
  zeroOrOneSchema,
} from './primitives';

/**
 * Whether the visitor allowed analytics storage, so `visitorId` is kept on the device across visits (without
 * it the id lasts one tab). Carried on the raw rows for the record; counting never depends on it: every
 * visitor is counted by the server's daily visitor key (docs/counting.md).
 */
export const storageAllowedSchema = z.boolean().optional();

const eventIdRule = 'must be a UUID made for this call, not the nil or max UUID';
/**
 * The call's own id, made by the tracker once per call and kept across that call's retries: tracking uses it
 * as the event's id (the envelope's, never a payload field), so the aggregator's once-per-event-id rule also
 * covers a call sent twice (a retry after a 503, a beacon that went out twice). Without it the server makes
 * one (UUIDv7). In the body, not a header: beacons cannot set headers (docs/counting.md).
 */
export const eventIdSchema = z
  .uuid()
  .refine((id) => !/^(0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i.test(id), {
    error: eventIdRule,
  });
const eventId = { eventId: eventIdSchema.optional() };

/**
 * The click's id (click-id.ts): a UUID the page made for this click and put in the offer's
 * URL it opened, so a network's postback can name the click. Optional: a page cached from before click ids
 * sends none, and tracking then makes one (the click is counted; no postback can name it, as its URL had none).
 */
export const clickIdSchema = z
  .uuid()
  .refine((id) => !/^(0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i.test(id), {
    error: 'must be a UUID made for this click, not the nil or max UUID',
  });
const clickId = { clickId: clickIdSchema.optional() };

export const trafficSourceSchema = z.strictObject({
  source: shortTextSchema,
  medium: shortTextSchema,
  referrerDomain: shortTextSchema.nullish(),
  campaign: shortTextSchema.nullish(),
  keyword: shortTextSchema.nullish(),
});
export type TrafficSource = z.infer<typeof trafficSourceSchema>;

/** The visitor and the tab session a call comes from, on the calls that only a page's own tab can make. */
const tabSession = { visitorId: visitorIdSchema, sessionId: sessionIdSchema };

/** POST /api/analytics/page-visit, sent when a page loads. */
export const pageVisitBodySchema = z.strictObject({
  visitorId: visitorIdSchema,
  /** Not in the spec's record; our app sends it so session metrics (visits, bounce) can be exact. */
  sessionId: sessionIdSchema.optional(),
  pageUrl: pageUrlSchema,
  userAgent: userAgentSchema.optional(),
  referrer: pageUrlSchema.nullish(),
  deviceType: deviceTypeSchema,
  browserName: shortTextSchema,
  operatingSystem: shortTextSchema,
  screenResolution: z.string().regex(/^\d{1,5}x\d{1,5}$/, 'must look like 1920x1080'),
  language: shortTextSchema,
  timeZone: shortTextSchema,
  isReturningVisitor: zeroOrOneSchema,
  trafficSource: trafficSourceSchema,
  storageAllowed: storageAllowedSchema,
  ...eventId,
});
export type PageVisitBody = z.infer<typeof pageVisitBodySchema>;

/** POST /api/analytics/page-visit with action = page_leave, sent as a beacon on unload. */
export const pageLeaveBodySchema = z.strictObject({
  ...tabSession,
  pageUrl: pageUrlSchema,
  action: z.literal('page_leave'),
  ...eventId,
});
export type PageLeaveBody = z.infer<typeof pageLeaveBodySchema>;

/**
 * The body of POST /api/analytics/page-visit: a page load (no `action`) or the unload beacon
 * (`action: 'page_leave'`), told apart by `action`; any other `action` is refused naming that field.
 */
export const pageVisitRequestBodySchema = z.discriminatedUnion(
  'action',
  [pageVisitBodySchema.extend({ action: z.undefined().optional() }), pageLeaveBodySchema],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? 'must be "page_leave" (the unload beacon) or left out (a page load)'
        : undefined,
  },
);
export type PageVisitRequestBody = z.infer<typeof pageVisitRequestBodySchema>;

/** POST /api/analytics/session-duration, a beacon on unload. Capped at one day: longer is a stuck tab. */
export const sessionDurationBodySchema = z.strictObject({
  visitorId: visitorIdSchema,
  sessionId: sessionIdSchema.optional(),
  sessionDuration: z.number().int().min(0).max(86_400),
  pageUrl: pageUrlSchema,
  ...eventId,
});
export type SessionDurationBody = z.infer<typeof sessionDurationBodySchema>;

/** POST /api/journey/track: a step the page saw (never email_provided or report_sent: see clientJourneyStepSchema). */
export const journeyTrackBodySchema = z.strictObject({
  ...tabSession,
  step: clientJourneyStepSchema,
  stepData: boundedJsonObject(4096).nullish(),
  deviceType: deviceTypeSchema.optional(),
  userAgent: userAgentSchema.optional(),
  storageAllowed: storageAllowedSchema,
  ...eventId,
});
export type JourneyTrackBody = z.infer<typeof journeyTrackBodySchema>;

/**
 * A form snapshot — POST /api/session/store (the spec's path; its "session" is the form's): the form as the
 * visitor is filling it in, plus a timestamp. Every field optional.
 */
export const formSnapshotBodySchema = z.strictObject({
  visitorId: visitorIdSchema.optional(),
  sessionId: sessionIdSchema.optional(),
  age: z.number().min(0).max(200).nullish(),
  gender: genderSchema.nullish(),
  genderSpecification: shortTextSchema.nullish(),
  activityLevel: activityLevelSchema.nullish(),
  measurementSystem: measurementSystemSchema.nullish(),
  weight: z.number().min(0).max(2000).nullish(),
  height: z.number().min(0).max(500).nullish(),
  waist: z.number().min(0).max(500).nullish(),
  hip: z.number().min(0).max(500).nullish(),
  currentStep: z.string().max(64).nullish(),
  timestamp: z.union([z.number().int().nonnegative(), z.iso.datetime({ offset: true })]),
  ...eventId,
});
export type FormSnapshotBody = z.infer<typeof formSnapshotBodySchema>;

const offerIdRule = 'must be a positive whole number (the id of an offer)';
/**
 * An offer id in a JSON body: a JSON number, as the public app sends it (spec §7). No coercion, so `true`,
 * `[7]`, `"0x10"` or `"7"` are refused rather than read as a number; at most Postgres' integer.
 */
const offerIdSchema = z
  .number({ error: offerIdRule })
  .int({ error: offerIdRule })
  .positive({ error: offerIdRule })
  .max(2_147_483_647, { error: offerIdRule });
/** An offer id in a path segment: decimal digits only (no hex, sign, exponent or spaces). */
export const offerIdPathSchema = z
  .string()
  .regex(/^[0-9]{1,10}$/, { error: offerIdRule })
  .transform(Number)
  .pipe(offerIdSchema);
/** The offer's link as the visitor followed it: only http(s) — never `javascript:`, `data:` or relative. */
const offerUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2048);

/** POST /api/analytics/affiliate-click (results page). ipAddress is sent as null by the client. */
export const affiliateClickBodySchema = z.strictObject({
  offerId: offerIdSchema,
  offerTitle: shortTextSchema,
  offerUrl: offerUrlSchema,
  visitorId: visitorIdSchema,
  ipAddress: z.null().optional(),
  userAgent: userAgentSchema.optional(),
  referrer: pageUrlSchema.nullish(),
  /** The tab session of the click: a click engages the visit (docs/counting.md: Bounce Rate). */
  sessionId: sessionIdSchema.optional(),
  storageAllowed: storageAllowedSchema,
  ...clickId,
  ...eventId,
});
export type AffiliateClickBody = z.infer<typeof affiliateClickBodySchema>;

/** POST /api/affiliate-offers/click (bridge page): the results page's click without what the bridge cannot know. */
export const bridgeOfferClickBodySchema = affiliateClickBodySchema.pick({
  offerId: true,
  visitorId: true,
  sessionId: true,
  storageAllowed: true,
  clickId: true,
  eventId: true,
});
export type BridgeOfferClickBody = z.infer<typeof bridgeOfferClickBodySchema>;

/** The most offers one impression call may name: a page shows at most a handful (the results page all of a category's). */
export const OFFER_IMPRESSION_MAX_OFFERS = 50;
/**
 * POST /api/analytics/offer-impression: the offers a page showed the visitor, sent once per
 * page view when the bridge or the results page has rendered its offers. Each id must be an active offer
 * (checked by tracking like a click's); the aggregator counts each (visitor, offer, placement, day) once.
 */
export const offerImpressionBodySchema = z.strictObject({
  ...tabSession,
  placement: offerPlacementSchema,
  offerIds: z
    .array(offerIdSchema)
    .min(1, { error: 'must name at least one offer' })
    .max(OFFER_IMPRESSION_MAX_OFFERS, { error: `must name at most ${OFFER_IMPRESSION_MAX_OFFERS} offers` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'must not name an offer twice' }),
  storageAllowed: storageAllowedSchema,
  ...eventId,
});
export type OfferImpressionBody = z.infer<typeof offerImpressionBodySchema>;

/** POST /api/affiliate-offers/{id}/click: no body; the id comes from the path. */
export const offerClickParamsSchema = z.strictObject({ id: offerIdPathSchema });
