// "Ai uitat parola?": asks admin-auth to e-mail a reset link. The answer is the same sentence whether
// or not the address belongs to an admin, so the form cannot be used to discover accounts.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { isHttpError } from '@bodymetrics/web-kit/api';
import { FormError } from '../forms/FormError';
import { TextField } from '../forms/TextField';
import { useFieldValue } from '../forms/use-field-value';
import { forgotPasswordTexts, loginTexts } from '../texts';
import { requestPasswordReset } from './admin-session-api';

export function ForgotPasswordForm({ onClose }: { onClose: () => void }) {
  const email = useFieldValue('email');
  const ids = useId();
  const emailInput = useRef<HTMLInputElement>(null);
  const mutation = useMutation({ mutationFn: () => requestPasswordReset(email.value.trim()) });

  useEffect(() => emailInput.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (email.value.trim() && !mutation.isPending) mutation.mutate();
  }

  // A refusal of the address (4xx) gets the same confirmation as a success; only a rate limit, a
  // server failure or no network says something else.
  const error = mutation.error;
  const confirmed = mutation.isSuccess || (isHttpError(error) && error.status < 500 && error.status !== 429);
  const failure =
    mutation.isError && !confirmed
      ? isHttpError(error, 429)
        ? loginTexts.rateLimited
        : forgotPasswordTexts.failed
      : null;

  return (
    <div className="forgot-password">
      <h2 id={`${ids}-heading`}>{forgotPasswordTexts.heading}</h2>
      {confirmed ? (
        <p role="status" className="notice">
          {forgotPasswordTexts.confirmation}
        </p>
      ) : (
        <>
          <p className="muted">{forgotPasswordTexts.intro}</p>
          <form className="form" onSubmit={submit} aria-labelledby={`${ids}-heading`} noValidate>
            <TextField
              ref={emailInput}
              label={forgotPasswordTexts.email}
              type="email"
              autoComplete="email"
              required
              {...email}
            />
            <FormError message={failure} />
            <button
              type="submit"
              className="button button-primary"
              disabled={!email.value.trim() || mutation.isPending}
            >
              {mutation.isPending ? forgotPasswordTexts.submitting : forgotPasswordTexts.submit}
            </button>
          </form>
        </>
      )}
      <button type="button" className="link-button" onClick={onClose}>
        {forgotPasswordTexts.cancel}
      </button>
    </div>
  );
}
