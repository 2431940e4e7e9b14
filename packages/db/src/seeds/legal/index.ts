import { advertisingDisclosure } from './advertising';
import { cookiePolicy } from './cookies';
import { medicalDisclaimer } from './disclaimer';
import { privacyPolicy } from './privacy';
import { termsOfService } from './terms';
import type { SeedLegalPage } from './types';

export type { SeedLegalPage } from './types';

/** The policy pages of spec §2, in footer order. */
export const seedLegalPages: readonly SeedLegalPage[] = [
  termsOfService,
  privacyPolicy,
  advertisingDisclosure,
  cookiePolicy,
  medicalDisclaimer,
];
