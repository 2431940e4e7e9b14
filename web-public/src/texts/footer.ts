// The footer's texts (spec §2: the policy pages, contact, the copyright line), with the footer's code.
import { i18n } from './i18n';

export const footerTexts = i18n('footer', {
  nav: 'Legal and contact',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  advertising: 'Advertising & Sponsorship',
  contact: 'Contact',
  cookies: 'Cookie Policy',
  disclaimer: 'Medical Disclaimer',
  privacyChoices: 'Privacy choices',
  rights: 'All rights reserved. For information only, not medical advice.',
});
