// The report mail's words in each language the page can be shown in (the request's `language`). English is
// the product's own wording; Romanian says the same. Numbers go through Intl in the language's locale
// (ro-RO: 1.711 kcal, 25,8), so the figures read as the visitor's page shows them.
import type { ReportLanguage } from '@bodymetrics/contracts';
import { ENGINE_LABELS_RO, type Goal } from '@bodymetrics/health';
import { MEDICAL_DISCLAIMER, SPONSORED_NOTE } from './disclaimer';

export interface ReportTexts {
  /** Intl locale of the figures. */
  locale: string;
  subject: string;
  preview: (bmi: string, category: string) => string;
  greeting: (name: string) => string;
  intro: string;
  introPlain: string;
  yourGoal: string;
  goals: Record<Goal, string>;
  rows: {
    bmi: string;
    bodyFat: string;
    whr: string;
    whrMissing: string;
    waistToHeight: string;
    tdee: string;
    tdeeNote: string;
    metabolicAge: string;
    yourAge: string;
    idealWeight: string;
    idealWeightNote: string;
    healthyWeight: string;
  };
  perDay: string;
  /** The engine's labels (BMI category, indicator, bands), English as the engine says them → shown text. */
  labels: Readonly<Record<string, string>>;
  source: string;
  healthyWeightWithin: string;
  healthyWeightAbove: (distance: string) => string;
  healthyWeightBelow: (distance: string) => string;
  youAre: (where: string) => string;
  nutrition: { title: string; calories: string; protein: string; carbs: string };
  nutritionNotes: { deficit: string; surplus: string; maintain: string };
  /** In place of the nutrition plan when the request asked for a report without it. */
  planLeftOut: string;
  recommended: string;
  sponsored: string;
  sponsoredNote: string;
  learnMore: string;
  learnMorePlain: string;
  disclaimer: string;
  newsletterIntro: string;
  newsletterButton: string;
  newsletterConfirmPlain: string;
  newsletterIgnore: (duration: string) => string;
  days: (n: number) => string;
  hours: (n: number) => string;
  receivedBecause: string;
  dontWant: string;
  unsubscribe: string;
  unsubscribePlain: string;
}

const englishPlural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

const en: ReportTexts = {
  locale: 'en-US',
  subject: 'Your BodyMetrics Health Report',
  preview: (bmi, category) => `Your BMI is ${bmi} (${category}). Here is your personal health report.`,
  greeting: (name) => `Hi ${name},`,
  intro: 'Here is your personal health report.',
  introPlain: 'Here is your personal BodyMetrics health report.',
  yourGoal: 'Your goal:',
  goals: { weight_loss: 'Weight loss', muscle_gain: 'Muscle gain', wellness: 'Wellness' },
  rows: {
    bmi: 'BMI',
    bodyFat: 'Body fat',
    whr: 'Waist-hip ratio',
    whrMissing: 'Add your waist and hip measurements to see it',
    waistToHeight: 'Waist-to-height ratio',
    tdee: 'Daily energy (TDEE)',
    tdeeNote: 'Calories you burn per day',
    metabolicAge: 'Metabolic age',
    yourAge: 'Your age:',
    idealWeight: 'Ideal weight range',
    idealWeightNote: 'For your height',
    healthyWeight: 'Healthy weight (BMI 18.5–24.9)',
  },
  perDay: 'kcal/day',
  labels: {},
  source: 'source',
  healthyWeightWithin: 'within it',
  healthyWeightAbove: (distance) => `${distance} above it`,
  healthyWeightBelow: (distance) => `${distance} below it`,
  youAre: (where) => `You are ${where}`,
  nutrition: {
    title: 'Smart Nutrition Plan',
    calories: 'Daily calories',
    protein: 'Protein',
    carbs: 'Carbs',
  },
  nutritionNotes: {
    deficit:
      'Your calorie target is a 20% deficit from your daily energy need, for gradual, sustainable weight loss.',
    surplus:
      'Your calorie target is a 15% increase over your daily energy need, to support healthy weight gain.',
    maintain: 'Your calorie target matches your daily energy need, to maintain your current weight.',
  },
  planLeftOut: "Your nutrition plan is left out of this report; follow your clinician's advice.",
  recommended: 'Recommended for you',
  sponsored: 'Sponsored',
  sponsoredNote: SPONSORED_NOTE,
  learnMore: 'Learn More',
  learnMorePlain: 'Learn more',
  disclaimer: MEDICAL_DISCLAIMER,
  newsletterIntro:
    'You ticked the box to receive the BodyMetrics newsletter. Please confirm that this address is yours and wants it:',
  newsletterButton: 'Confirm my newsletter subscription',
  newsletterConfirmPlain: 'Confirm your newsletter subscription:',
  newsletterIgnore: (duration) =>
    `If you did not ask for the newsletter, ignore this message: you will not be subscribed. The link expires in ${duration}.`,
  days: (n) => englishPlural(n, 'day'),
  hours: (n) => englishPlural(n, 'hour'),
  receivedBecause: 'You received this e-mail because you asked for your health report on',
  dontWant: "Don't want our newsletter?",
  unsubscribe: 'Unsubscribe',
  unsubscribePlain: 'Unsubscribe from the BodyMetrics newsletter:',
};

// Romanian counts: 1 zi, 2–19 zile, 20+ de zile (the "de" from twenty on, as Romanian writes it).
const romanianCount = (n: number, one: string, few: string) =>
  n === 1 ? `1 ${one}` : n % 100 >= 1 && n % 100 <= 19 ? `${n} ${few}` : `${n} de ${few}`;

const ro: ReportTexts = {
  locale: 'ro-RO',
  subject: 'Raportul tău de sănătate BodyMetrics',
  preview: (bmi, category) => `IMC-ul tău este ${bmi} (${category}). Iată raportul tău personal de sănătate.`,
  greeting: (name) => `Bună, ${name},`,
  intro: 'Iată raportul tău personal de sănătate.',
  introPlain: 'Iată raportul tău personal de sănătate BodyMetrics.',
  yourGoal: 'Obiectivul tău:',
  goals: { weight_loss: 'Slăbire', muscle_gain: 'Creștere musculară', wellness: 'Stare de bine' },
  rows: {
    bmi: 'IMC',
    bodyFat: 'Grăsime corporală',
    whr: 'Raport talie-șold',
    whrMissing: 'Adaugă măsurătorile taliei și șoldului pentru a-l vedea',
    waistToHeight: 'Raport talie-înălțime',
    tdee: 'Energie zilnică (TDEE)',
    tdeeNote: 'Caloriile pe care le arzi pe zi',
    metabolicAge: 'Vârsta metabolică',
    yourAge: 'Vârsta ta:',
    idealWeight: 'Intervalul de greutate ideală',
    idealWeightNote: 'Pentru înălțimea ta',
    healthyWeight: 'Greutate sănătoasă (IMC 18,5–24,9)',
  },
  perDay: 'kcal/zi',
  labels: ENGINE_LABELS_RO,
  source: 'sursa',
  healthyWeightWithin: 'în interval',
  healthyWeightAbove: (distance) => `cu ${distance} peste interval`,
  healthyWeightBelow: (distance) => `cu ${distance} sub interval`,
  youAre: (where) => `Te afli ${where}`,
  nutrition: {
    title: 'Plan de nutriție inteligent',
    calories: 'Calorii zilnice',
    protein: 'Proteine',
    carbs: 'Carbohidrați',
  },
  nutritionNotes: {
    deficit:
      'Ținta ta de calorii este cu 20% sub necesarul zilnic de energie, pentru o slăbire treptată și sustenabilă.',
    surplus:
      'Ținta ta de calorii este cu 15% peste necesarul zilnic de energie, pentru a susține o creștere sănătoasă în greutate.',
    maintain:
      'Ținta ta de calorii este egală cu necesarul zilnic de energie, pentru a-ți menține greutatea actuală.',
  },
  planLeftOut: 'Planul tău de nutriție nu este inclus în acest raport; urmează sfaturile medicului tău.',
  recommended: 'Recomandate pentru tine',
  sponsored: 'Sponsorizat',
  sponsoredNote:
    'Sponsorizat: ofertele de mai jos sunt plasări plătite de partenerii noștri. BodyMetrics poate primi un comision dacă cumperi prin aceste linkuri.',
  learnMore: 'Află mai multe',
  learnMorePlain: 'Află mai multe',
  disclaimer:
    'Avertisment medical: acest raport are doar scop informativ general și nu constituie sfat medical. ' +
    'Cifrele sunt estimări obținute cu formule standard. Consultă un medic sau un dietetician autorizat înainte ' +
    'de a-ți schimba dieta, exercițiile fizice sau medicația, mai ales dacă ai o afecțiune.',
  newsletterIntro:
    'Ai bifat căsuța pentru a primi newsletterul BodyMetrics. Te rugăm să confirmi că această adresă îți aparține și că dorești să îl primești:',
  newsletterButton: 'Confirm abonarea la newsletter',
  newsletterConfirmPlain: 'Confirmă abonarea la newsletter:',
  newsletterIgnore: (duration) =>
    `Dacă nu ai cerut newsletterul, ignoră acest mesaj: nu vei fi abonat. Linkul expiră în ${duration}.`,
  days: (n) => romanianCount(n, 'zi', 'zile'),
  hours: (n) => romanianCount(n, 'oră', 'ore'),
  receivedBecause: 'Ai primit acest e-mail pentru că ai cerut raportul de sănătate pe',
  dontWant: 'Nu vrei newsletterul nostru?',
  unsubscribe: 'Dezabonează-te',
  unsubscribePlain: 'Dezabonare de la newsletterul BodyMetrics:',
};

const TEXTS: Record<ReportLanguage, ReportTexts> = { en, ro };

export const reportTexts = (language: ReportLanguage = 'en'): ReportTexts => TEXTS[language];

/** An engine label (English) in the report's language. */
export const labelIn = (texts: ReportTexts, label: string): string => texts.labels[label] ?? label;
