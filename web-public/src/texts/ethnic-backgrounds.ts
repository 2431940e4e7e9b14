// The names of the form's ethnic background choices (home/DeviceOnlyAnswers.tsx), fetched with the controls
// after the home route's first script (English here, Romanian in ro.ts).
import type { EthnicBackground } from '@bodymetrics/health';
import { i18n } from './i18n';

export const ethnicBackgroundTexts = i18n('ethnicBackgrounds', {
  white: 'White',
  mixed: 'Mixed or multiple backgrounds',
  south_asian: 'South Asian (Indian, Pakistani, Bangladeshi, Sri Lankan)',
  chinese: 'Chinese',
  other_asian: 'Other Asian',
  middle_eastern: 'Middle Eastern',
  black_african: 'Black African',
  african_caribbean: 'African-Caribbean',
  other: 'Other',
} satisfies Record<EthnicBackground, string>);
