// The home page's texts around the form: hero, rotating headline (spec §2's six phrases), trust badges
// and the calculation-failure toast (spec §8). The testimonials have their own (texts/testimonials.ts).
import { i18n } from './i18n';

export const homeTexts = i18n('home', {
  title: 'Free BMI & Body Health Calculator',
  lead: 'Get your BMI, body fat, waist-hip ratio, daily energy need and metabolic age in one free report.',
  discover: 'Discover',
  phrase1: 'Your BMI Health Score',
  phrase2: 'Body Fat Analysis',
  phrase3: 'Risk Assessment',
  phrase4: 'Metabolic Rate',
  phrase5: 'Fitness Age',
  phrase6: 'Health Recommendations',
  pauseHeadline: 'Pause headline animation',
  badgesLabel: 'Why visitors trust us',
  badgeSecure: 'Secure & Private',
  badgeNoEmail: 'No Email Required',
  badgeTrusted: 'Trusted by 15,000+ users',
  errorTitle: 'Error',
  calculationFailed: 'Failed to calculate health metrics. Please try again.',
});
