// The three testimonials' texts (spec §2), in the testimonials' own chunk.
import { i18n } from './i18n';

export const testimonialsTexts = i18n('testimonials', {
  title: 'What Our Users Say',
  quote1: 'I finally understand what my numbers mean. The nutrition plan gave me a realistic calorie target.',
  detail1: 'Lost 12 lbs in 3 months',
  quote2: 'Quick, clear and free. Seeing my metabolic age next to my real age was the wake-up call I needed.',
  detail2: 'Started training again',
  quote3: 'No sign-up, no e-mail, just answers. I share the report with my coach every month.',
  detail3: 'Tracks her progress monthly',
});
