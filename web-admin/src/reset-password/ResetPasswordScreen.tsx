// Admin password reset (/admin/reset-password?token=…, spec §2 and §4): a missing token sends the
// operator back to /admin with an error toast; success shows a confirmation with a way to the login.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isHttpError } from '@bodymetrics/web-kit/api';
import { toast } from '@bodymetrics/web-kit/toast';
import { resetPassword } from '../auth/admin-session-api';
import { passwordResetError, passwordResetMessages } from '../lib/password-reset-rules';
import { FormError } from '../forms/FormError';
import { TextField } from '../forms/TextField';
import { useFieldValue } from '../forms/use-field-value';
import { resetPasswordTexts } from '../texts';

/** The server refused the token itself (unknown, used or expired): asking again needs a new link. */
function isTokenRefusal(error: unknown): boolean {
  return isHttpError(error) && error.status < 500 && /token/i.test(error.serverError().code ?? '');
}

export function ResetPasswordScreen() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const [, navigate] = useLocation();
  const password = useFieldValue('password');
  const confirmation = useFieldValue('confirmation');
  const [formError, setFormError] = useState<string | null>(null);
  const ids = useId();

  useEffect(() => {
    if (token) return;
    toast({
      title: resetPasswordTexts.missingTokenTitle,
      description: resetPasswordTexts.missingToken,
      variant: 'destructive',
    });
    navigate('/', { replace: true });
  }, [token, navigate]);

  const mutation = useMutation({
    mutationFn: () => resetPassword(token, password.value),
    onError: (error) => {
      const message =
        (isHttpError(error) && error.serverError().message) || passwordResetMessages.serverFallback;
      setFormError(message);
      toast({ title: resetPasswordTexts.failedTitle, description: message, variant: 'destructive' });
      if (isTokenRefusal(error)) navigate('/', { replace: true });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordResetError(password.value, confirmation.value);
    setFormError(problem);
    if (!problem && !mutation.isPending) mutation.mutate();
  }

  if (!token) return null;

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby={`${ids}-heading`}>
        <p className="brand">BodyMetrics</p>
        {mutation.isSuccess ? (
          <>
            <h1 id={`${ids}-heading`}>{resetPasswordTexts.doneHeading}</h1>
            <p role="status">{resetPasswordTexts.done}</p>
            <button type="button" className="button button-primary" onClick={() => navigate('/')}>
              {resetPasswordTexts.goToLogin}
            </button>
          </>
        ) : (
          <>
            <h1 id={`${ids}-heading`}>{resetPasswordTexts.heading}</h1>
            <form className="form" onSubmit={submit} noValidate>
              <TextField
                label={resetPasswordTexts.newPassword}
                type="password"
                autoComplete="new-password"
                {...password}
                aria-describedby={`${ids}-hint${formError ? ` ${ids}-error` : ''}`}
                aria-invalid={formError ? true : undefined}
              />
              <TextField
                label={resetPasswordTexts.confirmPassword}
                type="password"
                autoComplete="new-password"
                {...confirmation}
                aria-describedby={formError ? `${ids}-error` : undefined}
                aria-invalid={formError ? true : undefined}
              />
              <p id={`${ids}-hint`} className="hint">
                {passwordResetMessages.hint}
              </p>
              <FormError id={`${ids}-error`} message={formError} />
              <button type="submit" className="button button-primary" disabled={mutation.isPending}>
                {mutation.isPending ? resetPasswordTexts.submitting : resetPasswordTexts.submit}
              </button>
            </form>
          </>
        )}
      </section>
    </main>
  );
}
