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
 * The funnel's order (issue 13 item 4): a visitor counts at a step on a day only after counting at every
 * step before it that day. The bridge sits between the calculation and the full results, as the public app
 * shows it; `bridge_affiliate_click` is a side step, counted once the visitor counted at `bridge_viewed`.
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

/** Where offers are shown to a visitor, for offer impressions (README "How we count": Impressions). */
export const offerPlacements = ['bridge', 'results'] as const;
export type OfferPlacement = (typeof offerPlacements)[number];

/** Traffic mediums of spec §9. */
export const trafficMediums = ['organic', 'social', 'referral', 'direct', 'cpc', 'email'] as const;
export type TrafficMedium = (typeof trafficMediums)[number];
