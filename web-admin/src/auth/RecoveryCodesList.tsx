// The ten recovery codes, shown once right after the enrolment: the admin saves them, then goes on.
import { useId } from 'react';
import { twoFactorTexts } from '../texts';

export function RecoveryCodesList({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid="recovery-codes">
      <h2 id={id}>{twoFactorTexts.recoveryHeading}</h2>
      <p className="muted">{twoFactorTexts.recoveryIntro}</p>
      <ol className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="button button-primary" onClick={onDone}>
        {twoFactorTexts.recoveryDone}
      </button>
    </section>
  );
}
