// The texts of the pages besides the calculator: the not-found screen (spec §2) and the policy pages'
// frame (spec §2 Legal pages: their names, the skeleton's status, "Last updated" and the red failure).
import { params } from '@nanostores/i18n';
import { i18n } from './i18n';

export const notFoundTexts = i18n('notFound', {
  documentTitle: '404 Page Not Found | BodyMetrics',
  title: '404 Page Not Found',
  hint: 'Did you forget to add the page to the router?',
  home: 'Go to the calculator',
});

export const legalTexts = i18n('legal', {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  advertising: 'Advertising & Sponsorship Disclosure',
  cookies: 'Cookie Policy',
  disclaimer: 'Medical Disclaimer',
  loading: params('Loading {name}…'),
  lastUpdated: params('Last updated {date}'),
  failed: params('Failed to load {name}. Please try again later.'),
});
