// "Autentificare în doi pași" in the signed-in admin's own settings: whether the second factor is active
// (and how many recovery codes are left), its enrolment, and its removal with a current code — which the
// server refuses while ADMIN_2FA_REQUIRED is on (the panel then says so instead of offering it).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@bodymetrics/web-kit/toast';
import { disableTwoFactor, twoFactorStatus } from '../auth/admin-session-api';
import { useAdminSessionId } from '../auth/AdminSessionProvider';
import { CodeForm } from '../auth/CodeForm';
import { TwoFactorEnrolment } from '../auth/TwoFactorEnrolment';
import { toastTwoFactorError } from '../auth/two-factor-errors';
import { useFieldValue } from '../forms/use-field-value';
import { isTotpCode } from '../lib/login-rules';
import { endingSessionOn401 } from '../lib/unauthorized';
import { dashboardTexts, twoFactorTexts } from '../texts';
import { Panel } from './Panel';

const statusKey = ['two-factor'] as const;

export function TwoFactorPanel() {
  const sessionId = useAdminSessionId();
  const client = useQueryClient();
  const [enrolling, setEnrolling] = useState(false);
  const status = useQuery({
    queryKey: statusKey,
    queryFn: () => endingSessionOn401(twoFactorStatus({ sessionId })),
  });
  const refresh = () => client.invalidateQueries({ queryKey: statusKey });

  let body;
  if (enrolling) {
    body = (
      <TwoFactorEnrolment
        who={{ sessionId }}
        onDone={() => {
          setEnrolling(false);
          toast({ title: twoFactorTexts.confirmedTitle });
          void refresh();
        }}
      />
    );
  } else if (!status.data) {
    body = <p className="muted">{status.isError ? twoFactorTexts.loadFailed : dashboardTexts.loading}</p>;
  } else if (status.data.enabled) {
    body = (
      <>
        <p>{twoFactorTexts.enabled(status.data.recoveryCodesLeft)}</p>
        {status.data.required ? (
          <p className="muted">{twoFactorTexts.requiredCannotDisable}</p>
        ) : (
          <DisableForm sessionId={sessionId} onDisabled={() => void refresh()} />
        )}
      </>
    );
  } else {
    body = (
      <>
        <p>{twoFactorTexts.disabled}</p>
        <button type="button" className="button button-primary" onClick={() => setEnrolling(true)}>
          {twoFactorTexts.start}
        </button>
      </>
    );
  }
  return (
    <Panel title={twoFactorTexts.heading}>
      <div data-testid="two-factor">
        <p className="muted">{twoFactorTexts.explanation}</p>
        {body}
      </div>
    </Panel>
  );
}

function DisableForm({ sessionId, onDisabled }: { sessionId: string; onDisabled: () => void }) {
  const code = useFieldValue('disable-code');
  const disable = useMutation({
    mutationFn: () => disableTwoFactor(sessionId, code.value),
    onSuccess: () => {
      toast({ title: twoFactorTexts.disabledTitle });
      onDisabled();
    },
    onError: (error) => void toastTwoFactorError(error),
  });
  const canSubmit = isTotpCode(code.value) && !disable.isPending;
  return (
    <CodeForm
      label={twoFactorTexts.disableLabel}
      code={code}
      digitsOnly
      canSubmit={canSubmit}
      submitLabel={twoFactorTexts.disable}
      primary={false}
      onSubmit={() => disable.mutate()}
    />
  );
}
