// Admin login (spec §2): username and password; the button works only when both are filled. An admin with a
// second factor then gives its code (SecondFactorForm); when one is required and the admin has none, the
// password step leads to its enrolment, whose confirmation signs in.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AdminLoginChallenge, AdminSessionStarted } from '@bodymetrics/contracts';
import { isHttpError } from '@bodymetrics/web-kit/api';
import { toast } from '@bodymetrics/web-kit/toast';
import { canSubmitLogin } from '../lib/login-rules';
import { TextField } from '../forms/TextField';
import { useFieldValue } from '../forms/use-field-value';
import { forgotPasswordTexts, loginTexts, twoFactorTexts } from '../texts';
import { login } from './admin-session-api';
import { useAdminSession } from './AdminSessionProvider';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { SecondFactorForm } from './SecondFactorForm';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';

export function LoginScreen() {
  const { signIn } = useAdminSession();
  const username = useFieldValue('username');
  const password = useFieldValue('password');
  const [forgotOpen, setForgotOpen] = useState(false);
  const [challenge, setChallenge] = useState<AdminLoginChallenge | null>(null);
  const ids = useId();
  // Back from the forgot-password form, the keyboard focus returns to the link that opened it (it would
  // otherwise fall to the top of the page with the form that held it).
  const forgotToggle = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (forgotOpen || !returnFocus.current) return;
    returnFocus.current = false;
    forgotToggle.current?.focus();
  }, [forgotOpen]);

  function signedIn(started: AdminSessionStarted) {
    signIn(started.sessionId, started.username);
    toast({ title: loginTexts.successTitle, description: loginTexts.welcome(started.username) });
  }

  const loginMutation = useMutation({
    mutationFn: () => login(username.value.trim(), password.value),
    onSuccess: (result) => {
      if (result.success) signedIn(result);
      else setChallenge(result);
    },
    onError: (error) => {
      if (isHttpError(error, 429)) {
        toast({
          title: loginTexts.rateLimitedTitle,
          description: loginTexts.rateLimited,
          variant: 'destructive',
        });
      } else if (isHttpError(error, 401)) {
        toast({
          title: loginTexts.failureTitle,
          description: loginTexts.badCredentials,
          variant: 'destructive',
        });
      } else {
        console.error('admin login failed', error);
        toast({ title: loginTexts.failureTitle, description: loginTexts.unexpected, variant: 'destructive' });
      }
    },
  });

  const canSubmit = canSubmitLogin(username.value, password.value) && !loginMutation.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSubmit) loginMutation.mutate();
  }

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby={`${ids}-heading`}>
        <p className="brand">BodyMetrics</p>
        <h1 id={`${ids}-heading`}>{loginTexts.heading}</h1>
        {challenge?.secondFactor === 'code' ? (
          <SecondFactorForm
            pendingToken={challenge.pendingToken}
            onSignedIn={signedIn}
            onBack={() => setChallenge(null)}
          />
        ) : challenge?.secondFactor === 'enrol' ? (
          <>
            <h2>{twoFactorTexts.heading}</h2>
            <p className="muted">{twoFactorTexts.requiredIntro}</p>
            <TwoFactorEnrolment
              who={{ pendingToken: challenge.pendingToken }}
              onDone={({ session }) => (session ? signedIn(session) : setChallenge(null))}
              onExpired={() => setChallenge(null)}
            />
          </>
        ) : forgotOpen ? (
          <ForgotPasswordForm
            onClose={() => {
              returnFocus.current = true;
              setForgotOpen(false);
            }}
          />
        ) : (
          <>
            <p className="muted">{loginTexts.intro}</p>
            <form className="form" onSubmit={submit} noValidate>
              <TextField label={loginTexts.username} autoComplete="username" required {...username} />
              <TextField
                label={loginTexts.password}
                type="password"
                autoComplete="current-password"
                required
                {...password}
              />
              <button type="submit" className="button button-primary" disabled={!canSubmit}>
                {loginMutation.isPending ? loginTexts.submitting : loginTexts.submit}
              </button>
            </form>
            <button
              ref={forgotToggle}
              type="button"
              className="link-button"
              onClick={() => setForgotOpen(true)}
            >
              {forgotPasswordTexts.toggle}
            </button>
          </>
        )}
      </section>
    </main>
  );
}
