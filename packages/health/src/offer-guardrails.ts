// When the pages show no sponsored offers at all. Below BMI 17.5 (a threshold of clinical concern for
// restrictive eating) the bridge and the results show a short note pointing to eating-disorder support in
// place of the offers; a visitor who ticked "I am pregnant" sees no offers and no calorie target, and is
// told to follow a clinician's advice. Either way no impression is recorded, as nothing was shown.

/** Below this BMI (as shown, one decimal) the support note replaces the offers. */
export const SUPPORT_NOTE_BELOW_BMI = 17.5;

export type OffersWithheld = 'support_note' | 'pregnancy' | null;

/** Why the offers are withheld for this visitor, or null when they are shown. */
export function offersWithheld(visitor: { bmi: number; pregnant: boolean }): OffersWithheld {
  if (visitor.bmi < SUPPORT_NOTE_BELOW_BMI) return 'support_note';
  if (visitor.pregnant) return 'pregnancy';
  return null;
}
