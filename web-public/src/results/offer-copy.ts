// Words around the sponsored offers on the results page (spec §2): the section's copy depends on the goal.
// Each card's button label, disclaimer and "Evidence-Based" badge come from its offer (the
// per-position copy they replaced is in migration 2026-11-23T1100_offer_management).
import type { Goal } from '@bodymetrics/health';

export const OFFER_SECTION_COPY: Record<Goal, { title: string; intro: string }> = {
  weight_loss: {
    title: 'Recommended for Healthy Weight Loss',
    intro: 'Products picked for your BMI category to support a steady, sustainable calorie deficit.',
  },
  muscle_gain: {
    title: 'Recommended for Building Muscle',
    intro: 'Products picked for your BMI category to support healthy weight gain and strength training.',
  },
  wellness: {
    title: 'Recommended for Everyday Wellness',
    intro: 'Products picked for your BMI category to help you keep your healthy balance.',
  },
};
