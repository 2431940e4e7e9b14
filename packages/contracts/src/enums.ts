// The enumerations of spec §3 as zod schemas, shared by the form, the tracking contracts, the tables and
// the dashboard. The word lists themselves live in vocabulary.ts.
import { z } from 'zod';
import {
  activityLevels,
  bmiCategories,
  clickSources,
  clientJourneySteps,
  deviceTypes,
  genders,
  goals,
  journeySteps,
  measurementSystems,
  offerPlacements,
  type ClientJourneyStep,
} from './vocabulary';

export * from './vocabulary';

export const activityLevelSchema = z.enum(activityLevels);
export const genderSchema = z.enum(genders);
export const measurementSystemSchema = z.enum(measurementSystems);
export const goalSchema = z.enum(goals);
export const bmiCategorySchema = z.enum(bmiCategories);
export const journeyStepSchema = z.enum(journeySteps);
/** What a page may send: `email_provided` and `report_sent` are refused (400 naming `step`). */
export const clientJourneyStepSchema = z.enum(
  clientJourneySteps as [ClientJourneyStep, ...ClientJourneyStep[]],
  {
    error: `must be one of ${clientJourneySteps.join(', ')} (email_provided and report_sent are recorded by the reports service)`,
  },
);
export const deviceTypeSchema = z.enum(deviceTypes);
export const clickSourceSchema = z.enum(clickSources);
export const offerPlacementSchema = z.enum(offerPlacements, { error: 'must be "bridge" or "results"' });

/**
 * Where in the flow a visitor is, which the page path alone does not say — the form, the
 * calculation, the bridge and the results all live at `/`. Sent by the public app with its heartbeats and
 * page changes; shown as its own column of the admin live list. Optional: an older page omits it.
 */
export const liveStageSchema = z.enum(['form', 'calculating', 'bridge', 'results', 'contact', 'legal']);
export type LiveStage = z.infer<typeof liveStageSchema>;

/** The languages the visitor's pages are shown in: the report mail and the policy pages follow the page's. */
export const pageLanguages = ['en', 'ro'] as const;
export const pageLanguageSchema = z.enum(pageLanguages);
export type PageLanguage = z.infer<typeof pageLanguageSchema>;
