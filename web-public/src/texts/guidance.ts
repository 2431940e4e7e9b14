// The results' and the bridge's health guidance: the healthy weight for the visitor's height, the bands an
// ethnic background chose, and the notes shown in place of sponsored offers (a BMI under 17.5, pregnancy).
// Each key is a text the visitor sees (English here, Romanian in ro.ts).
import { params } from '@nanostores/i18n';
import { i18n } from './i18n';

export const guidanceTexts = i18n('guidance', {
  healthyWeightTitle: 'Healthy weight for your height',
  healthyWeightRange: 'Weight range for a healthy BMI',
  distanceLabel: 'Your weight',
  within: 'Within the range',
  above: params('{amount} above the range'),
  below: params('{amount} below the range'),
  bmiPrime: 'BMI Prime',
  bmiPrimeHint: 'Your BMI divided by 25, the top of the healthy band: 1.00 or less is not overweight.',
  source: params('Source: {source}'),
  lowerThresholds:
    'For your background, NICE advises lower thresholds: overweight from BMI 23 and obesity from 27.5. The category and advice on this page use them.',
  supportNoteTitle: 'Support is available',
  supportNoteFallback:
    'If food, eating or your weight are worrying you, you are not alone. A doctor or a national eating-disorder support line can listen and help, in confidence.',
  pregnancyTitle: 'During pregnancy',
  pregnancyNote:
    'BMI, calorie targets and weight-change advice are not meant for pregnancy. Please follow the advice of your midwife, doctor or other clinician about eating and weight.',
  noCalorieTarget: 'No calorie target is shown during pregnancy.',
  pregnancyReport:
    'Your e-mailed report leaves out the nutrition plan and its calorie target; it does not say why.',
});
