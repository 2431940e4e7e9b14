// Enrolling the second factor: a new secret as a QR code (and as text), then the first code from the
// authenticator app confirms it; the recovery codes are then shown once. Used in the dashboard's account
// panel (signed in) and at sign-in when a second factor is required and the admin has none.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TwoFactorConfirmed } from '@bodymetrics/contracts';
import { isTotpCode } from '../lib/login-rules';
import { useFieldValue } from '../forms/use-field-value';
import { twoFactorTexts } from '../texts';
import { confirmTwoFactor, startTwoFactor, type Enroller } from './admin-session-api';
import { CodeForm } from './CodeForm';
import { RecoveryCodesList } from './RecoveryCodesList';
import { toastTwoFactorError } from './two-factor-errors';

export function TwoFactorEnrolment({
  who,
  onDone,
  onExpired,
}: {
  who: Enroller;
  /** After the recovery codes were shown, with what the confirmation answered. */
  onDone: (confirmed: TwoFactorConfirmed) => void;
  /** The enrolment token expired: back to the password. */
  onExpired?: () => void;
}) {
  const code = useFieldValue('code');
  const [confirmed, setConfirmed] = useState<TwoFactorConfirmed | null>(null);
  const onError = (error: unknown) => {
    if (toastTwoFactorError(error)) onExpired?.();
  };
  const start = useMutation({ mutationFn: () => startTwoFactor(who), onError });
  const confirm = useMutation({
    mutationFn: () => confirmTwoFactor(who, code.value),
    onSuccess: setConfirmed,
    onError,
  });
  const { mutate: startNow } = start;
  useEffect(() => startNow(), [startNow]);

  if (confirmed)
    return <RecoveryCodesList codes={confirmed.recoveryCodes} onDone={() => onDone(confirmed)} />;
  const enrolment = start.data;
  if (!enrolment) return <p className="muted">{twoFactorTexts.starting}</p>;

  const canSubmit = isTotpCode(code.value) && !confirm.isPending;
  return (
    <div className="two-factor-enrolment" data-testid="two-factor-enrolment">
      <p className="muted">{twoFactorTexts.scan}</p>
      <img src={enrolment.qrCodeDataUrl} alt={twoFactorTexts.qrAlt} width={240} height={240} />
      <p className="muted">
        {twoFactorTexts.manualKey} <code data-testid="two-factor-secret">{enrolment.secret}</code>
      </p>
      <CodeForm
        label={twoFactorTexts.codeLabel}
        code={code}
        digitsOnly
        canSubmit={canSubmit}
        submitLabel={confirm.isPending ? twoFactorTexts.verifying : twoFactorTexts.confirm}
        onSubmit={() => confirm.mutate()}
      />
    </div>
  );
}
