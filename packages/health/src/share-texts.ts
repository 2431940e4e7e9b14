// "Share on WhatsApp" messages (spec §9: ten texts, one picked at random, BMI to one decimal), in the
// spec's English and in Romanian for a page shown in Romanian (the same ten, said as a Romanian speaker
// would; the BMI with a decimal comma, as the Romanian page shows it).
import { formatNumber1 } from './numbers';

export const BMI_PLACEHOLDER = '{bmi}';

export type ShareLanguage = 'en' | 'ro';

export const whatsappShareTexts = [
  'I just checked my BMI: {bmi}! Find out yours for free:',
  'My BMI is {bmi}. Curious about yours? Try this free calculator:',
  'Just got my free health report: BMI {bmi}. Get yours in a minute:',
  'BMI {bmi} for me! It only takes a minute to check yours:',
  'I learned my BMI today ({bmi}) plus my body fat and metabolic age. See yours:',
  'Small steps start with knowing your numbers. My BMI: {bmi}. Check yours here:',
  'Taking care of myself this year. My BMI is {bmi}. What is yours?',
  'Quick, free and private: I got my BMI ({bmi}) and a full report. Try it:',
  'My health snapshot says BMI {bmi}. Get your own free report:',
  'Just calculated my BMI: {bmi}. Join me and check yours for free:',
] as const;

export const whatsappShareTextsRo = [
  'Tocmai mi-am verificat IMC-ul: {bmi}! Află-l gratuit pe al tău:',
  'IMC-ul meu este {bmi}. Ești curios care e al tău? Încearcă acest calculator gratuit:',
  'Tocmai am primit raportul meu de sănătate gratuit: IMC {bmi}. Primește-l pe al tău într-un minut:',
  'IMC {bmi} pentru mine! Durează doar un minut să-l afli pe al tău:',
  'Azi mi-am aflat IMC-ul ({bmi}), plus grăsimea corporală și vârsta metabolică. Vezi-le pe ale tale:',
  'Pașii mici încep cu cunoașterea cifrelor tale. IMC-ul meu: {bmi}. Verifică-l pe al tău aici:',
  'Anul acesta am grijă de mine. IMC-ul meu este {bmi}. Al tău care este?',
  'Rapid, gratuit și privat: mi-am aflat IMC-ul ({bmi}) și un raport complet. Încearcă și tu:',
  'Bilanțul meu de sănătate spune IMC {bmi}. Primește-ți gratuit propriul raport:',
  'Tocmai mi-am calculat IMC-ul: {bmi}. Hai și tu să-l verifici gratuit pe al tău:',
] as const satisfies { length: typeof whatsappShareTexts.length };

const SHARE_TEXTS: Record<ShareLanguage, readonly string[]> = {
  en: whatsappShareTexts,
  ro: whatsappShareTextsRo,
};

/** The BMI to one decimal as the language writes it (English 22.4, Romanian 22,4). */
const bmiIn = (language: ShareLanguage, bmi: number) =>
  language === 'ro' ? formatNumber1(bmi).replace('.', ',') : formatNumber1(bmi);

/**
 * The share message in the page's language with the BMI inserted to one decimal and, when given, the
 * link appended after a space. `index` wraps around the list, so callers may pass any integer (e.g. a
 * random one).
 */
export function shareText(bmi: number, index: number, url?: string, language: ShareLanguage = 'en'): string {
  const texts = SHARE_TEXTS[language];
  const count = texts.length;
  const whole = Number.isFinite(index) ? Math.trunc(index) : 0;
  const wrapped = ((whole % count) + count) % count;
  const text = texts[wrapped]!.replace(BMI_PLACEHOLDER, bmiIn(language, bmi));
  return url ? `${text} ${url}` : text;
}
