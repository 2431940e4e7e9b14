// Words around the sponsored offers on the results page (spec §2): the section's copy depends on the goal
// (the texts themselves are in texts/results.ts, in each language). Each card's button label, disclaimer
// and "Evidence-Based" badge come from its offer (the per-position copy they replaced is in migration
// 2026-11-23T1100_offer_management).
import type { Goal } from '@bodymetrics/health';
import type { resultsTexts } from '../texts/results';

type ResultsTexts = ReturnType<typeof resultsTexts.get>;
/** A plain text of the results page (not one with placeholders). */
type ResultsTextKey = {
  [K in keyof ResultsTexts]: ResultsTexts[K] extends string ? K : never;
}[keyof ResultsTexts];

export const OFFER_SECTION_COPY: Record<Goal, { title: ResultsTextKey; intro: ResultsTextKey }> = {
  weight_loss: { title: 'weightLossTitle', intro: 'weightLossIntro' },
  muscle_gain: { title: 'muscleGainTitle', intro: 'muscleGainIntro' },
  wellness: { title: 'wellnessTitle', intro: 'wellnessIntro' },
};
