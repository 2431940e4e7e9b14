// "Share on WhatsApp" messages (spec §9: ten texts, one picked at random, BMI to one decimal).
import { formatNumber1 } from './numbers';

export const BMI_PLACEHOLDER = '{bmi}';

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

/**
 * The share message with the BMI inserted to one decimal and, when given, the link appended after a
 * space. `index` wraps around the list, so callers may pass any integer (e.g. a random one).
 */
export function shareText(bmi: number, index: number, url?: string): string {
  const count = whatsappShareTexts.length;
  const whole = Number.isFinite(index) ? Math.trunc(index) : 0;
  const wrapped = ((whole % count) + count) % count;
  const text = whatsappShareTexts[wrapped]!.replace(BMI_PLACEHOLDER, formatNumber1(bmi));
  return url ? `${text} ${url}` : text;
}
