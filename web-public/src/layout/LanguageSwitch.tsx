// The header's RO / EN switch: two toggle buttons in a labelled group, the shown language pressed; the
// visible text is the whole accessible name (WCAG 2.5.3). The choice lasts for the visit.
import { frameTexts } from '../texts/frame';
import { chooseLanguage, useLanguage, useTexts } from '../texts/i18n';
import type { Language } from '../texts/language';

const CHOICES = [
  { code: 'ro', label: 'RO' },
  { code: 'en', label: 'EN' },
] as const satisfies readonly { code: Language; label: string }[];

export function LanguageSwitch() {
  const t = useTexts(frameTexts);
  const shown = useLanguage();
  return (
    <div className="language-switch" role="group" aria-label={t.languageSwitch}>
      {CHOICES.map((choice) => (
        <button
          key={choice.code}
          type="button"
          className="language-switch__button"
          aria-pressed={shown === choice.code}
          onClick={() => void chooseLanguage(choice.code)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
