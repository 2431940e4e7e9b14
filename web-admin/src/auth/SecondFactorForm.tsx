// The sign-in's second step: "Cod de verificare" — a code of the authenticator app or a recovery code —
// with the token the password step answered; success signs in as the password alone does otherwise.
import { useMutation } from '@tanstack/react-query';
import type { AdminSessionStarted } from '@bodymetrics/contracts';
import { CodeForm } from './CodeForm';
import { useFieldValue } from '../forms/use-field-value';
import { twoFactorTexts } from '../texts';
import { submitSecondFactor } from './admin-session-api';
import { toastTwoFactorError } from './two-factor-errors';

export function SecondFactorForm({
  pendingToken,
  onSignedIn,
  onBack,
}: {
  pendingToken: string;
  onSignedIn: (started: AdminSessionStarted) => void;
  onBack: () => void;
}) {
  const code = useFieldValue('code');
  const verify = useMutation({
    mutationFn: () => submitSecondFactor(pendingToken, code.value.trim()),
    onSuccess: onSignedIn,
    onError: (error) => {
      if (toastTwoFactorError(error)) onBack();
    },
  });
  const canSubmit = code.value.trim().length >= 6 && !verify.isPending;
  return (
    <>
      <p className="muted">{twoFactorTexts.codeIntro}</p>
      <CodeForm
        label={twoFactorTexts.codeLabel}
        code={code}
        autoFocus
        canSubmit={canSubmit}
        submitLabel={verify.isPending ? twoFactorTexts.verifying : twoFactorTexts.verify}
        onSubmit={() => verify.mutate()}
      />
      <button type="button" className="link-button" onClick={onBack}>
        {twoFactorTexts.backToPassword}
      </button>
    </>
  );
}
