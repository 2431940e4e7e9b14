// The enumerations of spec §3, shared by the form, the tracking contracts, the tables and the dashboard.
import { z } from 'zod';

export const activityLevels = ['sedentary', 'lightly_active', 'moderately_active', 'very_active', 'extra_active'] as const;
export const activityLevelSchema = z.enum(activityLevels);
export type ActivityLevel = z.infer<typeof activityLevelSchema>;

export const genders = ['male', 'female', 'non_binary', 'prefer_not_to_say', 'other'] as const;
export const genderSchema = z.enum(genders);
export type Gender = z.infer<typeof genderSchema>;

export const measurementSystems = ['metric', 'imperial'] as const;
export const measurementSystemSchema = z.enum(measurementSystems);
export type MeasurementSystem = z.infer<typeof measurementSystemSchema>;

export const goals = ['weight_loss', 'muscle_gain', 'wellness'] as const;
export const goalSchema = z.enum(goals);
export type Goal = z.infer<typeof goalSchema>;

export const bmiCategories = ['Underweight', 'Normal', 'Overweight', 'Obese'] as const;
export const bmiCategorySchema = z.enum(bmiCategories);
export type BmiCategory = z.infer<typeof bmiCategorySchema>;

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
export const journeyStepSchema = z.enum(journeySteps);
export type JourneyStep = z.infer<typeof journeyStepSchema>;

/** Device type by window width (spec §9): under 768 mobile, under 1024 tablet, otherwise desktop. */
export const deviceTypes = ['mobile', 'tablet', 'desktop'] as const;
export const deviceTypeSchema = z.enum(deviceTypes);
export type DeviceType = z.infer<typeof deviceTypeSchema>;

/** Where an affiliate click was made; `api` is the body-less /api/affiliate-offers/{id}/click call. */
export const clickSources = ['results', 'bridge', 'api'] as const;
export const clickSourceSchema = z.enum(clickSources);
export type ClickSource = z.infer<typeof clickSourceSchema>;

/** Traffic mediums of spec §9. */
export const trafficMediums = ['organic', 'social', 'referral', 'direct', 'cpc', 'email'] as const;
export type TrafficMedium = (typeof trafficMediums)[number];
