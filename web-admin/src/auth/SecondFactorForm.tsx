// The sign-in's second step: "Cod de verificare" — a code of the authenticator app or a recovery code —
// with the token the password step answered; success signs in as the password alone does otherwise.
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { AdminSessionStarted } from '@bodymetrics/contracts';
import { TextField } from '../forms/TextField';
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
  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSubmit) verify.mutate();
  }
  return (
    <>
      <p className="muted">{twoFactorTexts.codeIntro}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={twoFactorTexts.codeLabel}
          autoComplete="one-time-code"
          autoFocus
          required
          {...code}
        />
        <button type="submit" className="button button-primary" disabled={!canSubmit}>
          {verify.isPending ? twoFactorTexts.verifying : twoFactorTexts.verify}
        </button>
      </form>
      <button type="button" className="link-button" onClick={onBack}>
        {twoFactorTexts.backToPassword}
      </button>
    </>
  );
}
