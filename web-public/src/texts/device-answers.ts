// The calculator form's two optional answers that stay on the device (home/DeviceOnlyAnswers.tsx): ethnic
// background and pregnancy. English; each key is a text the visitor sees.
import type { EthnicBackground } from '@bodymetrics/health';

export const deviceAnswersTexts = {
  groupTitle: 'Optional, kept on this device',
  groupHint:
    'These two answers change the advice you see. They are never sent to us, stored by us or put in your e-mailed report.',
  ethnicBackground: 'Ethnic background',
  preferNotToSay: 'Prefer not to say',
  pregnant: 'I am pregnant',
} as const;

export const ethnicBackgroundTexts: Record<EthnicBackground, string> = {
  white: 'White',
  mixed: 'Mixed or multiple backgrounds',
  south_asian: 'South Asian (Indian, Pakistani, Bangladeshi, Sri Lankan)',
  chinese: 'Chinese',
  other_asian: 'Other Asian',
  middle_eastern: 'Middle Eastern',
  black_african: 'Black African',
  african_caribbean: 'African-Caribbean',
  other: 'Other',
};
