// Words around the sponsored offers on the results page (spec §2): the section's copy depends on the
// goal, and the call-to-action labels cycle card by card, each with a short disclaimer.
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

export const OFFER_CTAS = [
  {
    label: 'See Product Details',
    disclaimer: 'Sponsored link. We may earn a commission at no extra cost to you.',
  },
  {
    label: 'Learn More About the Formula',
    disclaimer: 'Sponsored link. Results vary; this is not medical advice.',
  },
  {
    label: 'Explore Ingredients',
    disclaimer: 'Sponsored link. Check ingredients for allergies and ask your doctor first.',
  },
] as const;

export function offerCta(index: number) {
  return OFFER_CTAS[index % OFFER_CTAS.length]!;
}
