// The medical advisory disclaimer (spec §1, §2 Smart Nutrition Plan), the same wording in HTML and text.
export const MEDICAL_DISCLAIMER =
  'Medical disclaimer: this report is for general information only and is not medical advice. ' +
  'The figures are estimates from standard formulas. Consult a doctor or a registered dietitian before ' +
  'changing your diet, exercise or medication, especially if you have a health condition.';

export const SPONSORED_NOTE =
  'Sponsored: the offers below are paid placements from our partners. BodyMetrics may earn a commission if you buy through these links.';
