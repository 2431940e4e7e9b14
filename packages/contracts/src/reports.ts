// Request bodies of spec §7 "Report and sharing": the e-mailed health report, its stored copy, and the
// share image. The form payload inside a report is validated by the health engine's form rules
// (`healthFormSchema` of @bodymetrics/health), which contracts does not depend on: pass it in.
import { z } from 'zod';
import { goalSchema, pageLanguageSchema, type PageLanguage } from './enums';
import { personNameSchema } from './person-name';
import { sessionIdSchema, visitorIdSchema } from './primitives';
import { storageAllowedSchema } from './tracking';

export const REPORT_NAME_EMAIL_REQUIRED = 'Name and email are required';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const REPORT_MAX_OFFERS = 10;

/** Trimmed, required, a valid address, at most 254 characters (RFC 5321 path limit). */
export const requiredEmailSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, INVALID_EMAIL_MESSAGE)
    .pipe(z.email(INVALID_EMAIL_MESSAGE));

/** An offer as the results page shows it; only http(s) links, so a mail never carries a script URL. */
export const reportOfferSchema = z.object({
  id: z.union([z.number().int().nonnegative(), z.string().trim().min(1).max(64)]),
  title: z.string().trim().min(1).max(200),
  description: z.string().max(1000).nullish(),
  url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048),
});
export type ReportOffer = z.infer<typeof reportOfferSchema>;

export const HEALTH_DATA_CONSENT_REQUIRED =
  'Please agree to the processing of your health data so that we can send your report';

/**
 * The visitor's two separate choices on the report form (neither box is pre-ticked): explicit consent to
 * process the health data the request carries (GDPR art. 9; without it nothing is sent or stored), and,
 * independently, the newsletter. A missing (or null) `consent` is read as an empty one, so the error
 * always names `consent.healthData`.
 */
export const reportConsentSchema = z.preprocess(
  (value) => value ?? {},
  z.object({
    healthData: z.literal(true, { error: HEALTH_DATA_CONSENT_REQUIRED }),
    newsletter: z.boolean({ error: 'must be true or false' }).default(false),
  }),
);
export type ReportConsent = z.output<typeof reportConsentSchema>;

/** The report form's name: the recipient is greeted by it in the mail, so it carries no link (person-name.ts). */
export const reportNameSchema = personNameSchema({
  label: 'Name',
  requiredMessage: REPORT_NAME_EMAIL_REQUIRED,
});

/**
 * Who asks for the report, as the tracking calls name the visitor (all optional): with both ids the reports
 * service records the funnel's `email_provided` and `report_sent` steps for this visitor; without them the
 * report is still mailed, just not counted in the funnel.
 */
export const reportVisitorSchema = z.object({
  visitorId: visitorIdSchema.optional(),
  sessionId: sessionIdSchema.optional(),
  storageAllowed: storageAllowedSchema,
});
export type ReportVisitor = z.infer<typeof reportVisitorSchema>;

/**
 * POST /api/email-report and POST /api/submit-report: {email, name, metrics, selectedGoal, offers, consent,
 * language, withoutPlan} and the visitor (reportVisitorSchema).
 * `metrics` is the calculator's form payload (spec §3), validated by the schema passed in.
 */
export type ReportLanguage = PageLanguage;

export const reportRequestBodySchema = <Metrics extends z.ZodType>(metrics: Metrics) =>
  z.object({
    name: reportNameSchema,
    email: requiredEmailSchema(REPORT_NAME_EMAIL_REQUIRED),
    metrics,
    /** The goal selector is hidden (spec §2): absent means "the default goal for the BMI category". */
    selectedGoal: goalSchema.nullish(),
    offers: z.array(reportOfferSchema).max(REPORT_MAX_OFFERS).default([]),
    consent: reportConsentSchema,
    /** The page's language: the mail is written in it (absent → English). */
    language: pageLanguageSchema.default('en'),
    /**
     * The mail leaves out the nutrition plan and its calorie figures. The form asks so when an answer kept
     * on the device rules the plan out; the request never says which answer (docs/security.md).
     */
    withoutPlan: z.boolean({ error: 'must be true or false' }).default(false),
    ...reportVisitorSchema.shape,
  });

export const reportSentResponseSchema = z.object({ success: z.literal(true) });
export const reportStoredResponseSchema = z.object({ success: z.literal(true), stored: z.boolean() });

/**
 * The BMIs the calculator can produce, from the form's limits (spec §5, packages/health constants):
 * lowest = 50 lb at 98 in (22.68 kg / 2.4892 m² = 3.66; metric 30 kg at 250 cm gives 4.8), highest =
 * 800 lb at 39 in (362.87 kg / 0.9906 m² = 369.79; metric 300 kg at 100 cm gives 300), widened to one
 * decimal. packages/health's tests check these against the engine.
 */
export const PLAUSIBLE_BMI = { min: 3.6, max: 369.8 } as const;

/** POST /api/generate-share-image. Nothing personal: only the BMI and its category reach the card. */
export const shareImageBodySchema = z.object({
  results: z.object({
    // Any BMI the calculator can produce and nothing else (each distinct value is a stored card).
    bmi: z
      .number()
      .min(PLAUSIBLE_BMI.min, `must be between ${PLAUSIBLE_BMI.min} and ${PLAUSIBLE_BMI.max}`)
      .max(PLAUSIBLE_BMI.max, `must be between ${PLAUSIBLE_BMI.min} and ${PLAUSIBLE_BMI.max}`),
    bmiCategory: z.string().trim().min(1).max(32),
  }),
  platform: z.string().trim().min(1).max(32),
  /** The client's id; it only seeds the share id and is never stored. */
  uniqueId: z.string().max(64).optional(),
});
export type ShareImageBody = z.infer<typeof shareImageBodySchema>;

export const shareImageResponseSchema = z.object({ imageUrl: z.string(), shareUrl: z.string() });
export type ShareImageResponse = z.infer<typeof shareImageResponseSchema>;

/** Share ids are url-safe (base64url); anything else is "unknown" without touching the database. */
export const shareIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** ?token= of the newsletter unsubscribe link. */
export const unsubscribeQuerySchema = z.object({ token: z.string().max(128).optional() });

/** ?token= of the newsletter confirmation link (double opt-in). */
export const newsletterConfirmQuerySchema = z.object({ token: z.string().max(128).optional() });

/**
 * The report's `metrics` as the route contract states it: an object. Its fields are the calculator's form
 * (spec §3), checked by the engine's own rules (packages/health `healthFormSchema`) where the reports service
 * registers the route — contracts cannot import the engine, which imports contracts.
 */
export const reportMetricsSchema = z.record(z.string(), z.unknown());

/** POST /api/contact and POST /api/newsletter/unsubscribe (one-click) answer so. */
export const doneResponseSchema = z.object({ success: z.literal(true) });
export const unsubscribedResponseSchema = z.object({
  success: z.literal(true),
  unsubscribed: z.literal(true),
});

/** GET /api/share-images/:name: `name` is `<share id>.png`. */
export const shareImageParamsSchema = z.object({ name: z.string().max(100) });
/** GET /share/:id: the page a shared link opens. */
export const sharePageParamsSchema = z.object({ id: z.string().max(100) });
