// The toast of a refused second-factor request (sign-in, enrolment, removal): the same titles as the
// password step's; whether the sign-in must start again is the caller's to act on.
import { isHttpError } from '@bodymetrics/web-kit/api';
import { toast } from '@bodymetrics/web-kit/toast';
import { loginTexts, twoFactorTexts } from '../texts';

/** Shows the toast; true when the password step's token expired (the password must be typed again). */
export function toastTwoFactorError(error: unknown): boolean {
  if (isHttpError(error, 429)) {
    toast({
      title: loginTexts.rateLimitedTitle,
      description: loginTexts.rateLimited,
      variant: 'destructive',
    });
    return false;
  }
  const expired = isHttpError(error, 401) && error.serverError().code === 'sign_in_expired';
  const description = expired
    ? twoFactorTexts.signInExpired
    : isHttpError(error, 401)
      ? twoFactorTexts.invalidCode
      : loginTexts.unexpected;
  if (!isHttpError(error, 401)) console.error('second factor request failed', error);
  toast({ title: loginTexts.failureTitle, description, variant: 'destructive' });
  return expired;
}
