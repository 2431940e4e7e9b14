// The product's vocabulary (spec §3) as plain lists, with no validation library attached, so a browser
// bundle that only needs the words (a select's options) does not pull in zod. enums.ts builds the
// schemas from these lists.
export const activityLevels = [
  'sedentary',
  'lightly_active',
  'moderately_active',
  'very_active',
  'extra_active',
] as const;
export type ActivityLevel = (typeof activityLevels)[number];

export const genders = ['male', 'female', 'non_binary', 'prefer_not_to_say', 'other'] as const;
export type Gender = (typeof genders)[number];

export const measurementSystems = ['metric', 'imperial'] as const;
export type MeasurementSystem = (typeof measurementSystems)[number];

export const goals = ['weight_loss', 'muscle_gain', 'wellness'] as const;
export type Goal = (typeof goals)[number];

export const bmiCategories = ['Underweight', 'Normal', 'Overweight', 'Obese'] as const;
export type BmiCategory = (typeof bmiCategories)[number];

/** Journey steps in funnel order, then the bridge steps (spec §3 "Journey event"). */
export const journeySteps = [
  'landing',
  'form_started',
  'form_completed',
  'results_viewed',
  'email_provided',
  'report_sent',
  'bridge_viewed',
  'bridge_affiliate_click',
  'bridge_to_full_results',
] as const;
export type JourneyStep = (typeof journeySteps)[number];

/**
 * The funnel's order (docs/counting.md: Funnel steps): a visitor counts at a step on a day only after
 * counting at every step before it that day. The bridge sits between the calculation and the full results,
 * as the public app shows it. The funnel is stored one row per day and step (conversion_funnel), so a step
 * placed here needs no migration.
 */
export const orderedFunnelSteps = [
  'landing',
  'form_started',
  'form_completed',
  'bridge_viewed',
  'bridge_to_full_results',
  'results_viewed',
  'email_provided',
  'report_sent',
] as const satisfies readonly JourneyStep[];
export type OrderedFunnelStep = (typeof orderedFunnelSteps)[number];

/**
 * Side steps, outside the order: each counts once a day for a visitor who counted at the ordered step named
 * (an offer click on the bridge, once they saw the bridge).
 */
export const funnelSideSteps = {
  bridge_affiliate_click: 'bridge_viewed',
} as const satisfies Partial<Record<JourneyStep, OrderedFunnelStep>>;
export type FunnelSideStep = keyof typeof funnelSideSteps;

/**
 * Each step's count in a funnel row (spec §3 conversion_funnel, the API's `FunnelRow`, the CSV's columns):
 * the step's name in camelCase, but for the two the spec names by what is counted.
 */
export const funnelRowFieldOf = {
  landing: 'landingVisitors',
  form_started: 'formStarted',
  form_completed: 'formCompleted',
  results_viewed: 'resultsViewed',
  email_provided: 'emailProvided',
  report_sent: 'reportSent',
  bridge_viewed: 'bridgeViewed',
  bridge_affiliate_click: 'bridgeAffiliateClicks',
  bridge_to_full_results: 'bridgeToFullResults',
} as const satisfies Record<JourneyStep, string>;
export type FunnelRowField = (typeof funnelRowFieldOf)[JourneyStep];

/** The bridge page's steps (spec §2 "Bridge page"). */
export const bridgeSteps = [
  'bridge_viewed',
  'bridge_affiliate_click',
  'bridge_to_full_results',
] as const satisfies readonly JourneyStep[];
export type BridgeStep = (typeof bridgeSteps)[number];
export type ShownFunnelStep = Exclude<OrderedFunnelStep, BridgeStep>;

/**
 * The funnel the User Journey tab, its abandonment analysis and the weekly digest show (spec §2: Landing
 * Visitors … Report Sent): the funnel's order without the bridge's steps.
 */
export const shownFunnelSteps: readonly ShownFunnelStep[] = orderedFunnelSteps.filter(
  (step): step is ShownFunnelStep => !(bridgeSteps as readonly JourneyStep[]).includes(step),
);

type LastOf<T extends readonly unknown[]> = T extends readonly [...unknown[], infer L] ? L : never;

/**
 * Abandonment (spec §2): the field counting the visitors who reached each shown step but not the next one.
 * The last step has none: nobody leaves the funnel after it.
 */
export const abandonmentFieldOf = {
  landing: 'abandoned_at_landing',
  form_started: 'abandoned_at_form',
  form_completed: 'abandoned_after_calculation',
  results_viewed: 'abandoned_at_results',
  email_provided: 'abandoned_after_email',
} as const satisfies Record<Exclude<ShownFunnelStep, LastOf<typeof orderedFunnelSteps>>, string>;
export type AbandonmentField = (typeof abandonmentFieldOf)[keyof typeof abandonmentFieldOf];

/** Steps only the reports service records (the report was accepted; its mail was sent): never a browser's word. */
export const serverRecordedSteps = [
  'email_provided',
  'report_sent',
] as const satisfies readonly JourneyStep[];
export type ServerRecordedStep = (typeof serverRecordedSteps)[number];

/** The steps a page may report on POST /api/journey/track. */
export const clientJourneySteps = journeySteps.filter(
  (step): step is Exclude<JourneyStep, ServerRecordedStep> =>
    !(serverRecordedSteps as readonly JourneyStep[]).includes(step),
);
export type ClientJourneyStep = Exclude<JourneyStep, ServerRecordedStep>;

/** Device type by window width (spec §9): under 768 mobile, under 1024 tablet, otherwise desktop. */
export const deviceTypes = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceType = (typeof deviceTypes)[number];

/** Where an affiliate click was made; `api` is the body-less /api/affiliate-offers/{id}/click call. */
export const clickSources = ['results', 'bridge', 'api'] as const;
export type ClickSource = (typeof clickSources)[number];

/** Where offers are shown to a visitor, for offer impressions (docs/counting.md: Impressions). */
export const offerPlacements = ['bridge', 'results'] as const;
export type OfferPlacement = (typeof offerPlacements)[number];

/** Traffic mediums of spec §9. */
export const trafficMediums = ['organic', 'social', 'referral', 'direct', 'cpc', 'email'] as const;
export type TrafficMedium = (typeof trafficMediums)[number];

/**
 * Why an offer click is suspicious (docs/counting.md: Suspicious click), as the aggregator stores them in
 * affiliate_clicks.suspicion_reasons: clicked within moments of its offers being shown, past the per-minute
 * budget of its visitor or its network, again on an offer the visitor just clicked on that page, with no page
 * view of its visitor that day, or made by automation (the bot rule).
 */
export const suspicionReasons = [
  'offers_just_shown',
  'visitor_click_rate',
  'network_click_rate',
  'repeated_offer_click',
  'no_page_view',
  'automation',
] as const;
export type SuspicionReason = (typeof suspicionReasons)[number];
