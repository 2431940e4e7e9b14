// The medical disclaimer: what the estimates are, where BMI and the formulas fall short (spec §9).
import type { SeedLegalPage } from './types';
import { effectiveDate } from './operator';

export const medicalDisclaimer: SeedLegalPage = {
  slug: 'disclaimer',
  title: 'Medical Disclaimer',
  lastUpdated: effectiveDate,
  content: `
<p>BodyMetrics provides general information only. <strong>It is not medical advice</strong> and does not replace a consultation with a doctor, registered dietitian or other qualified health professional.</p>

<h2>1. Estimates, not a diagnosis</h2>
<p>All results are calculated from the few values you enter, using published population formulas:</p>
<ul>
<li><strong>BMI</strong> is your weight in kilograms divided by the square of your height in metres. The categories are: Underweight below 18.5, Normal from 18.5 to below 25, Overweight from 25 to below 30, and Obese from 30.</li>
<li><strong>Body-fat percentage</strong> is estimated from your BMI, age and sex; it is not a measurement.</li>
<li><strong>Daily energy need</strong> uses the Mifflin-St Jeor equation for resting energy and a multiplier for the activity level you choose.</li>
<li><strong>Metabolic age</strong> compares your estimated resting energy with a reference value and is only an indication.</li>
<li><strong>Waist-hip ratio</strong> is shown only if you enter both measurements.</li>
</ul>
<p>None of these figures can tell you whether you are healthy or ill.</p>

<h2>2. Limitations of BMI</h2>
<ul>
<li>BMI does not distinguish muscle from fat. Athletes and very muscular people may be classed as overweight while having little body fat.</li>
<li>It does not show where fat is stored, which matters for health risk.</li>
<li>It can be misleading for older adults, who often have less muscle, and for people of some ethnic backgrounds, for whom different cut-off points are sometimes used.</li>
<li>It is not valid during pregnancy and is not used in the same way for children and teenagers; the calculator is for adults aged 18 and over.</li>
<li>Estimates for people who choose a gender other than male or female use averaged formulas and are less precise.</li>
</ul>

<h2>3. Nutrition plan</h2>
<p>The suggested calories, protein and carbohydrates are rough starting points derived from your estimated energy need: a 20% reduction for the Overweight and Obese categories and a 15% increase for the Underweight category. They do not take into account medical conditions, medication, allergies, pregnancy, breastfeeding or a history of disordered eating. Talk to a professional before making large changes to what you eat.</p>

<h2>4. Sponsored offers</h2>
<p>Offers are shown because they match your BMI category and goal, and we may earn a commission from them. They are not a recommendation from a health professional. Check with your doctor or pharmacist before taking supplements or meal replacements, especially if you take medication or have a health condition.</p>

<h2>5. When to seek help</h2>
<ul>
<li>If you have symptoms that worry you, or a medical emergency, contact a doctor or your local emergency number straight away.</li>
<li>If you are concerned about your weight, your eating or your body image, a doctor or a specialised eating disorder service can help in confidence.</li>
</ul>

<h2>6. No liability for decisions</h2>
<p>We take care that the calculations are correct, but we make no guarantee that the results are complete or suitable for your situation. Decisions you make based on them are your own responsibility. See also our <a href="/legal/terms">Terms of Service</a>.</p>
`.trim(),
};
