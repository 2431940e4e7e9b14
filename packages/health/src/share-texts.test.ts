import { describe, expect, it } from 'vitest';
import { shareText, whatsappShareTexts, whatsappShareTextsRo } from './share-texts';

describe('WhatsApp share texts', () => {
  it('has ten distinct texts, each with a {bmi} placeholder', () => {
    expect(whatsappShareTexts).toHaveLength(10);
    expect(new Set(whatsappShareTexts).size).toBe(10);
    for (const text of whatsappShareTexts) expect(text).toContain('{bmi}');
  });

  it.each([
    { bmi: 24.7, expected: 'I just checked my BMI: 24.7! Find out yours for free:' },
    { bmi: 25, expected: 'I just checked my BMI: 25.0! Find out yours for free:' },
    { bmi: 24.96, expected: 'I just checked my BMI: 25.0! Find out yours for free:' },
    { bmi: 18.44, expected: 'I just checked my BMI: 18.4! Find out yours for free:' },
  ])('inserts BMI $bmi to one decimal', ({ bmi, expected }) => {
    expect(shareText(bmi, 0)).toBe(expected);
  });

  it('appends the link after a space when given', () => {
    expect(shareText(22, 1, 'https://bodymetrics.example/')).toBe(
      'My BMI is 22.0. Curious about yours? Try this free calculator: https://bodymetrics.example/',
    );
  });

  it.each([
    { index: 10, expected: 'I just checked my BMI: 30.1! Find out yours for free:' },
    { index: -1, expected: 'Just calculated my BMI: 30.1. Join me and check yours for free:' },
    { index: 3.7, expected: 'BMI 30.1 for me! It only takes a minute to check yours:' },
    { index: Number.NaN, expected: 'I just checked my BMI: 30.1! Find out yours for free:' },
  ])('index $index wraps around the list', ({ index, expected }) => {
    expect(shareText(30.1, index)).toBe(expected);
  });

  it('leaves no placeholder behind in any text', () => {
    for (let index = 0; index < 10; index += 1) {
      const text = shareText(21.3, index);
      expect(text).not.toContain('{bmi}');
      expect(text).toContain('21.3');
    }
  });
});

describe('WhatsApp share texts in Romanian', () => {
  it('has ten distinct texts, each with a {bmi} placeholder, none of them English', () => {
    expect(whatsappShareTextsRo).toHaveLength(whatsappShareTexts.length);
    expect(new Set(whatsappShareTextsRo).size).toBe(10);
    for (const text of whatsappShareTextsRo) {
      expect(text).toContain('{bmi}');
      expect(text).toContain('IMC');
      expect(whatsappShareTexts as readonly string[]).not.toContain(text);
    }
  });

  it.each([
    { bmi: 24.7, expected: 'Tocmai mi-am verificat IMC-ul: 24,7! Află-l gratuit pe al tău:' },
    { bmi: 24.96, expected: 'Tocmai mi-am verificat IMC-ul: 25,0! Află-l gratuit pe al tău:' },
  ])('inserts BMI $bmi to one decimal with a decimal comma', ({ bmi, expected }) => {
    expect(shareText(bmi, 0, undefined, 'ro')).toBe(expected);
  });

  it('appends the link after a space and wraps the index like the English', () => {
    expect(shareText(22, 11, 'https://bodymetrics.example/', 'ro')).toBe(
      'IMC-ul meu este 22,0. Ești curios care e al tău? Încearcă acest calculator gratuit: https://bodymetrics.example/',
    );
    expect(shareText(30.1, -1, undefined, 'ro')).toBe(
      'Tocmai mi-am calculat IMC-ul: 30,1. Hai și tu să-l verifici gratuit pe al tău:',
    );
  });

  it('English stays the default and says the spec words', () => {
    expect(shareText(22, 1, undefined, 'en')).toBe(shareText(22, 1));
    expect(shareText(22, 1)).toBe('My BMI is 22.0. Curious about yours? Try this free calculator:');
  });
});
