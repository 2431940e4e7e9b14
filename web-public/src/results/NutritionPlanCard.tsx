// "Smart Nutrition Plan" (spec §2, §9): the engine's calorie, protein and carb targets (whole kcal, grams to
// one decimal), why the calories differ from the daily energy need, and a medical advisory.
import { bmiCategoryKind, formatGrams, nutritionPlan, type HealthResult } from '@bodymetrics/health';
import { guidanceTexts } from '../texts/guidance';

const kcal = new Intl.NumberFormat('en-US');

function adjustmentText(bmiCategory: string): string {
  switch (bmiCategoryKind(bmiCategory)) {
    case 'underweight':
      return 'Because your BMI is in the underweight range, your calorie target includes a 15% increase over your daily energy need to support healthy weight gain.';
    case 'overweight':
    case 'obese':
      return 'Because your BMI is in the overweight range or above, your calorie target includes a 20% deficit below your daily energy need to support gradual, sustainable weight loss.';
    case 'normal':
      return 'Your BMI is in the normal range, so your calorie target matches your daily energy need to help you maintain your weight.';
  }
}

/** In pregnancy no calorie target is shown, only the advice to follow a clinician's. */
export function NutritionPlanCard({
  result,
  pregnant = false,
}: {
  result: HealthResult;
  pregnant?: boolean;
}) {
  if (pregnant) {
    return (
      <section className="card nutrition" data-testid="nutrition-plan" aria-labelledby="nutrition-title">
        <h2 id="nutrition-title">Smart Nutrition Plan</h2>
        <p>{guidanceTexts.noCalorieTarget}</p>
        <p className="advisory">{guidanceTexts.pregnancyNote}</p>
      </section>
    );
  }
  const plan = nutritionPlan(result.tdee, result.bmiCategory);
  return (
    <section className="card nutrition" data-testid="nutrition-plan" aria-labelledby="nutrition-title">
      <h2 id="nutrition-title">Smart Nutrition Plan</h2>
      <dl className="nutrition__figures">
        <div>
          <dt>Daily Calories</dt>
          <dd>
            {kcal.format(plan.calories)} <span className="unit">kcal</span>
          </dd>
        </div>
        <div>
          <dt>Protein</dt>
          <dd>
            {formatGrams(plan.protein)} <span className="unit">g</span>
          </dd>
        </div>
        <div>
          <dt>Carbs</dt>
          <dd>
            {formatGrams(plan.carbs)} <span className="unit">g</span>
          </dd>
        </div>
      </dl>
      <p>{adjustmentText(result.bmiCategory)}</p>
      <p className="advisory">
        <strong>Medical advisory:</strong> this plan is general information based on standard formulas, not
        medical advice. Talk to your doctor or a registered dietitian before changing your diet, especially if
        you are pregnant, have a medical condition or take medication.
      </p>
    </section>
  );
}
