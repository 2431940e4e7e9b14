import { advertisingDisclosureRo } from './advertising';
import { cookiePolicyRo } from './cookies';
import { medicalDisclaimerRo } from './disclaimer';
import { privacyPolicyRo } from './privacy';
import { termsOfServiceRo } from './terms';
import type { SeedLegalPage } from '../types';

/** The five policy pages in Romanian (locale 'ro'), in footer order. */
export const seedLegalPagesRo: readonly SeedLegalPage[] = [
  termsOfServiceRo,
  privacyPolicyRo,
  advertisingDisclosureRo,
  cookiePolicyRo,
  medicalDisclaimerRo,
];
