// The sponsored offers shipped with the product: at least three for every BMI category × goal pair, so the
// bridge page (three offers) and the results page never come up empty. The affiliate link is the offer's
// identity with the partner (it carries our ref and the placement), so seeding matches rows by `url`.
// Partners are fictional (example.com/.net/.org); descriptions make no medical claims.
import { positionCopy } from '../migrations/2026-11-23T1100_offer_management';

export interface SeedAffiliateOffer {
  title: string;
  description: string;
  url: string;
  imageUrl: string | null;
  bmiCategory: 'Underweight' | 'Normal' | 'Overweight' | 'Obese';
  goal: 'weight_loss' | 'muscle_gain' | 'wellness';
  ctaLabel: string;
  disclaimer: string;
  evidenceBased: boolean;
}

type Placement = Pick<SeedAffiliateOffer, 'bmiCategory' | 'goal'>;

// Each shipped offer keeps the button text and disclaimer the results page gave its card position before
// offers carried their own (migration 2026-11-23T1100_offer_management), so a fresh install shows the same.
const copyAt = (index: number) => positionCopy[index % positionCopy.length]!;

/** Our affiliate id plus the placement, so the partner's report shows which audience clicked. */
const link = (base: string, { bmiCategory, goal }: Placement) =>
  `${base}?ref=bodymetrics&placement=${bmiCategory.toLowerCase()}-${goal.replace('_', '-')}`;

const offers = (placement: Placement, items: Array<[title: string, description: string, base: string]>) =>
  items.map(([title, description, base], index): SeedAffiliateOffer => ({
    title,
    description,
    url: link(base, placement),
    imageUrl: null,
    ...placement,
    ctaLabel: copyAt(index).label,
    disclaimer: copyAt(index).disclaimer,
    evidenceBased: true,
  }));

export const seedAffiliateOffers: readonly SeedAffiliateOffer[] = [
  // Underweight + weight_loss: losing more weight is rarely the right aim here, so these offers help a
  // visitor check the goal with a professional and track body composition instead of pushing a diet.
  ...offers({ bmiCategory: 'Underweight', goal: 'weight_loss' }, [
    [
      'Registered Dietitian Video Consultation',
      'A 45-minute video call with a registered dietitian who reviews your goal and your usual meals. A good first step if you are unsure whether losing weight is right for you.',
      'https://care.nourishline.example.org/dietitian-consult',
    ],
    [
      'TrendLine Body-Composition Smart Scale',
      'A Wi-Fi scale that charts weight and an estimated body-fat percentage over weeks, so you can follow trends instead of single readings.',
      'https://shop.trendline-scales.example.com/products/smart-scale',
    ],
    [
      'Balanced Plate Meal-Planning App',
      'Weekly meal plans and shopping lists built around a calorie target you choose, with a clear breakdown of protein, carbs and fats. Free trial, then a monthly subscription.',
      'https://app.balancedplate.example.net/signup',
    ],
  ]),
  ...offers({ bmiCategory: 'Underweight', goal: 'muscle_gain' }, [
    [
      'GainWell Mass Gainer Blend',
      'A protein and carbohydrate shake with around 600 kcal per serving, made to help you reach a calorie surplus when full meals are hard to fit in.',
      'https://gainwell-nutrition.example.com/mass-gainer',
    ],
    [
      'Foundations 12-Week Strength Program',
      'A beginner strength plan with video demonstrations and three full-body sessions a week. Works with a barbell, dumbbells or a home set-up.',
      'https://train.ironfoundations.example.net/12-week-strength',
    ],
    [
      'Nut & Seed Energy Snack Box',
      'A monthly box of calorie-dense snacks such as nut butters, trail mixes and oat bars. An easy way to add energy between meals.',
      'https://snackcrate.example.org/energy-box',
    ],
  ]),
  ...offers({ bmiCategory: 'Underweight', goal: 'wellness' }, [
    [
      'Green Morning Smoothie Kit',
      'Pre-portioned frozen fruit, oats and seeds for breakfast smoothies in two minutes. Add milk or yoghurt for extra protein.',
      'https://greenmorning.example.com/smoothie-kit',
    ],
    [
      'RestWell Sleep Tracker Ring',
      'A lightweight ring that estimates sleep duration, resting heart rate and daily activity, with weekly summaries in a companion app.',
      'https://restwell-wearables.example.net/sleep-ring',
    ],
    [
      'Mindful Eating 4-Week Course',
      'Short daily audio lessons on regular meal rhythms, hunger cues and enjoying food. Created by nutrition coaches; not a diet.',
      'https://learn.mindfulplate.example.org/mindful-eating',
    ],
  ]),

  ...offers({ bmiCategory: 'Normal', goal: 'weight_loss' }, [
    [
      'LeanFuel High-Protein Meal Shake',
      'A meal-replacement shake with 25 g of protein and 220 kcal per serving. Handy for a busy lunch while you keep a modest calorie deficit.',
      'https://leanfuel.example.com/meal-shake',
    ],
    [
      'StepQuest Walking Challenge App',
      'Turns your daily steps into weekly challenges with friends. Syncs with most phones and fitness watches.',
      'https://stepquest.example.net/join',
    ],
    [
      'PortionPro Container Set',
      'Colour-coded food containers sized for balanced portions, with a short guide to building meals around them. Dishwasher safe.',
      'https://portionpro.example.org/container-set',
    ],
  ]),
  ...offers({ bmiCategory: 'Normal', goal: 'muscle_gain' }, [
    [
      'PureForm Whey Isolate',
      'A whey protein isolate with 27 g of protein per scoop and little lactose. Mixes easily with water or milk after training.',
      'https://pureform-nutrition.example.com/whey-isolate',
    ],
    [
      'FlexBell Adjustable Dumbbells',
      'A pair of dumbbells that adjust from 2 to 24 kg with a dial, replacing a full rack in a small space.',
      'https://flexbell.example.net/adjustable-dumbbells',
    ],
    [
      'Hypertrophy Coach App',
      'Progressive training plans that adjust sets and weights to your logged workouts, with form videos for every exercise.',
      'https://hypertrophycoach.example.org/start',
    ],
  ]),
  ...offers({ bmiCategory: 'Normal', goal: 'wellness' }, [
    [
      'RestWell Sleep Tracker Ring',
      'Estimates sleep duration, resting heart rate and activity, and shows how your routines relate to how you feel.',
      'https://restwell-wearables.example.net/sleep-ring-wellness',
    ],
    [
      'FlowFit Yoga & Mobility Membership',
      'Over 300 guided yoga and mobility classes from 10 to 45 minutes, for all levels. Cancel any time.',
      'https://flowfit.example.com/membership',
    ],
    [
      'HydroCue Smart Water Bottle',
      'A bottle that glows when it is time to drink and logs your intake in an app. Keeps drinks cold for 24 hours.',
      'https://hydrocue.example.org/smart-bottle',
    ],
  ]),

  ...offers({ bmiCategory: 'Overweight', goal: 'weight_loss' }, [
    [
      'LeanFuel Meal-Replacement Starter Pack',
      'Fourteen servings of a high-protein shake in three flavours, with a simple plan for replacing one meal a day.',
      'https://leanfuel.example.com/starter-pack',
    ],
    [
      'SteadyPath 1:1 Weight Coaching',
      'Weekly video check-ins with a certified health coach who helps you set realistic goals and build habits that last.',
      'https://steadypath-coaching.example.net/weight-coaching',
    ],
    [
      'TrendLine Smart Scale with Trend App',
      'Smooths daily ups and downs into a weekly trend line, so you see real progress instead of day-to-day noise.',
      'https://shop.trendline-scales.example.com/products/smart-scale-trend',
    ],
  ]),
  ...offers({ bmiCategory: 'Overweight', goal: 'muscle_gain' }, [
    [
      'PureForm Lean Protein Blend',
      'A lower-calorie protein powder with 24 g of protein per serving, to support muscle building while you watch your energy intake.',
      'https://pureform-nutrition.example.com/lean-blend',
    ],
    [
      'LoopStrong Resistance Band Kit',
      'Five resistance bands, a door anchor and handles, with a printed plan of full-body workouts you can do at home.',
      'https://loopstrong.example.org/band-kit',
    ],
    [
      'Strength Starter Coaching',
      'Eight weeks of online coaching for first-time lifters, with technique feedback on videos you upload.',
      'https://train.ironfoundations.example.net/strength-starter',
    ],
  ]),
  ...offers({ bmiCategory: 'Overweight', goal: 'wellness' }, [
    [
      'DeskStride Under-Desk Walking Pad',
      'A slim treadmill that fits under a standing desk, for adding gentle walking to your working day. Folds away after use.',
      'https://deskstride.example.com/walking-pad',
    ],
    [
      'FreshBox Balanced Meal Kits',
      'Weekly recipe boxes with measured ingredients and dishes around 600 kcal each. Choose from meat, fish and vegetarian menus.',
      'https://freshbox-meals.example.net/balanced',
    ],
    [
      'CalmHour Sleep & Stress App',
      'Guided wind-down routines, breathing exercises and a sleep diary to help you build a steadier evening routine.',
      'https://calmhour.example.org/app',
    ],
  ]),

  ...offers({ bmiCategory: 'Obese', goal: 'weight_loss' }, [
    [
      'ClinicWay Telehealth Weight Programme',
      'Online appointments with licensed clinicians who review your health history and discuss which weight-management options may suit you.',
      'https://clinicway-health.example.com/weight-programme',
    ],
    [
      'LowImpact Home Workout App',
      'Joint-friendly workouts, many of them seated or standing, that start at 10 minutes and build up at your pace.',
      'https://lowimpact-fitness.example.net/app',
    ],
    [
      'LeanFuel Meal-Replacement Shakes',
      'High-protein shakes with 220 kcal per serving for replacing one or two meals a day as part of a plan you follow.',
      'https://leanfuel.example.com/shakes',
    ],
  ]),
  ...offers({ bmiCategory: 'Obese', goal: 'muscle_gain' }, [
    [
      'Low-Impact Strength Foundations',
      'A 10-week strength programme built around machines, bands and supported exercises that are kind to knees and back.',
      'https://lowimpact-fitness.example.net/strength-foundations',
    ],
    [
      'PureForm Clear Protein Shakes',
      'Ready-to-drink protein shakes with 20 g of protein and under 100 kcal per bottle. A light way to add protein to your day.',
      'https://pureform-nutrition.example.com/clear-shakes',
    ],
    [
      'CoachLink Online Personal Trainer',
      'A personal trainer plans your sessions and checks in through the app every week, adapting the plan to how you feel.',
      'https://coachlink.example.org/personal-training',
    ],
  ]),
  ...offers({ bmiCategory: 'Obese', goal: 'wellness' }, [
    [
      'TrendLine Smart Scale',
      'Records weight, an estimated body-fat percentage and trends over months, and shares progress with a coach if you wish.',
      'https://shop.trendline-scales.example.com/products/smart-scale-wellness',
    ],
    [
      'StepQuest Walking Programme',
      'A 30-day walking plan that starts with short strolls and adds a few minutes each week, with reminders and progress badges.',
      'https://stepquest.example.net/walking-programme',
    ],
    [
      'CalmHour Sleep & Stress App',
      'Guided relaxation, breathing exercises and a sleep diary to support rest and a calmer routine.',
      'https://calmhour.example.org/app-wellness',
    ],
  ]),
];
