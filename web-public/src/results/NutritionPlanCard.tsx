// "Smart Nutrition Plan" (spec §2, §9): the engine's calorie, protein and carb targets (whole kcal, grams to
// one decimal), why the calories differ from the daily energy need, and a medical advisory.
import { bmiCategoryKind, nutritionPlan, roundTo, type HealthResult } from '@bodymetrics/health';
import { guidanceTexts } from '../texts/guidance';

import { useNumbers } from '../texts/format';
import { useTexts } from '../texts/i18n';
import { resultsTexts } from '../texts/results';

function adjustmentText(bmiCategory: string) {
  switch (bmiCategoryKind(bmiCategory)) {
    case 'underweight':
      return 'adjustUnderweight';
    case 'overweight':
    case 'obese':
      return 'adjustOverweight';
    case 'normal':
      return 'adjustNormal';
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
  const t = useTexts(resultsTexts);
  const guidance = useTexts(guidanceTexts);
  const n = useNumbers();
  if (pregnant) {
    return (
      <section className="card nutrition" data-testid="nutrition-plan" aria-labelledby="nutrition-title">
        <h2 id="nutrition-title">{t.nutritionTitle}</h2>
        <p>{guidance.noCalorieTarget}</p>
        <p className="advisory">{guidance.pregnancyNote}</p>
      </section>
    );
  }
  const plan = nutritionPlan(result.tdee, result.bmiCategory);
  return (
    <section className="card nutrition" data-testid="nutrition-plan" aria-labelledby="nutrition-title">
      <h2 id="nutrition-title">{t.nutritionTitle}</h2>
      <dl className="nutrition__figures">
        <div>
          <dt>{t.dailyCalories}</dt>
          <dd>
            {n.whole(plan.calories)} <span className="unit">kcal</span>
          </dd>
        </div>
        <div>
          <dt>{t.protein}</dt>
          <dd>
            {n.one(roundTo(plan.protein, 1))} <span className="unit">g</span>
          </dd>
        </div>
        <div>
          <dt>{t.carbs}</dt>
          <dd>
            {n.one(roundTo(plan.carbs, 1))} <span className="unit">g</span>
          </dd>
        </div>
      </dl>
      <p>{t[adjustmentText(result.bmiCategory)]}</p>
      <p className="advisory">
        <strong>{t.advisoryLead}</strong> {t.advisory}
      </p>
    </section>
  );
}
