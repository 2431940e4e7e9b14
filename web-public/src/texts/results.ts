// The results page's texts (spec §2 Results page): summary, scale, metric cards, offers, nutrition plan,
// sharing. The report form's are in texts/report.ts.
import { params } from '@nanostores/i18n';
import { i18n } from './i18n';

export const resultsTexts = i18n('results', {
  documentTitle: 'BMI Results',
  title: 'Your Health Results',
  leadBefore: 'Your BMI is',
  leadMiddle: ', in the',
  leadAfter: ' range.',
  metricsTitle: 'Your Body Metrics',
  scaleLabel: params('BMI scale: your BMI of {bmi} is in the {category} band'),
  bandUnderweight: 'below 18.5',
  bandNormal: '18.5 – 24.9',
  bandOverweight: '25 – 29.9',
  bandObese: '30 and above',
  bmiScore: 'BMI Score',
  bodyFat: 'Body Fat',
  measured: 'Measured',
  fromMeasurements: 'From your measurements',
  bodyFatTipLabel: 'How body fat is worked out',
  bodyFatTip:
    'Worked out from your height, weight, age and gender with the Deurenberg formula (1.2 × BMI + 0.23 × age − 10.8 × sex − 5.4), not taken with a body-fat scale or scan; it can be a few points off for very muscular or very lean people.',
  whr: 'WHR',
  notAvailable: 'N/A',
  whrMissing: 'Add your waist and hip to see it',
  whrDetail: 'Waist-to-hip ratio',
  dailyEnergy: 'Daily Energy',
  kcalPerDay: 'kcal/day',
  tdeeDetail: 'Total daily energy expenditure (TDEE)',
  metabolicAge: 'Metabolic Age',
  years: 'years',
  yourAge: params('Your age: {age}'),
  waistToHeight: 'Waist-to-Height',
  waistToHeightBands: params(
    'Under {healthyBelow} healthy · {healthyBelow}–{increasedUpTo} increased risk · {highFrom} and over high risk. Source: {source}.',
  ),
  weightLossTitle: 'Recommended for Healthy Weight Loss',
  weightLossIntro: 'Products picked for your BMI category to support a steady, sustainable calorie deficit.',
  muscleGainTitle: 'Recommended for Building Muscle',
  muscleGainIntro:
    'Products picked for your BMI category to support healthy weight gain and strength training.',
  wellnessTitle: 'Recommended for Everyday Wellness',
  wellnessIntro: 'Products picked for your BMI category to help you keep your healthy balance.',
  noOffers: 'Loading personalized recommendations based on your BMI results...',
  sponsoredContent: 'Sponsored Content',
  evidenceBased: 'Evidence-Based',
  nutritionTitle: 'Smart Nutrition Plan',
  dailyCalories: 'Daily Calories',
  protein: 'Protein',
  carbs: 'Carbs',
  adjustUnderweight:
    'Because your BMI is in the underweight range, your calorie target includes a 15% increase over your daily energy need to support healthy weight gain.',
  adjustOverweight:
    'Because your BMI is in the overweight range or above, your calorie target includes a 20% deficit below your daily energy need to support gradual, sustainable weight loss.',
  adjustNormal:
    'Your BMI is in the normal range, so your calorie target matches your daily energy need to help you maintain your weight.',
  advisoryLead: 'Medical advisory:',
  advisory:
    'this plan is general information based on standard formulas, not medical advice. Talk to your doctor or a registered dietitian before changing your diet, especially if you are pregnant, have a medical condition or take medication.',
  shareTitle: 'Share Your Results',
  shareWhatsApp: 'Share on WhatsApp',
  startNew: 'Start New Calculation',
});
