// The goal used to pick offers when the visitor has not chosen one (spec §4).
import { bmiCategoryKind, type Goal } from './enums';

/** Underweight → muscle_gain; a category containing overweight or obese → weight_loss; else wellness. */
export function defaultGoal(bmiCategory: string): Goal {
  switch (bmiCategoryKind(bmiCategory)) {
    case 'underweight':
      return 'muscle_gain';
    case 'overweight':
    case 'obese':
      return 'weight_loss';
    case 'normal':
      return 'wellness';
  }
}
