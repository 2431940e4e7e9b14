// Checking a second-factor code for an admin, under the one rate limiter: every attempt counts per client
// network, every wrong or replayed code per account (rate-limits.ts). A TOTP code is accepted once (its
// time-step is claimed); a recovery code, where allowed, works once.
import type { FastifyRequest } from 'fastify';
import type { Db } from '@bodymetrics/db';
import { clientNetwork, HttpError } from '@bodymetrics/service-kit';
import { consumeOrThrow, consumeQuietly, throwIfExhausted, type RateLimiters } from './rate-limits';
import { recoveryCodeHash } from './recovery-codes';
import { acceptedTotpStep } from './totp';
import { claimTimeStep, findTwoFactor, useRecoveryCode } from './two-factor.repository';

export const invalidCode = () => new HttpError(401, 'invalid_code', 'Invalid or already used code');
/** The password step's token is unknown, used or expired: the sign-in starts again. */
export const signInExpired = () =>
  new HttpError(401, 'sign_in_expired', 'The sign-in expired: enter the password again');

export interface CodeCheck {
  db: Db;
  limiters: RateLimiters;
}

/** Either way of proving the factor; `recovery` codes only at sign-in. */
export type AcceptedCodes = 'totp' | 'totp-or-recovery';

/**
 * Throws 429 while a limit is used up, 401 `invalid_code` for a wrong or reused code (counted), and returns
 * when the code is right. `confirmedOnly: false` checks an enrolment's secret not yet confirmed.
 */
export async function checkSecondFactor(
  { db, limiters }: CodeCheck,
  request: FastifyRequest,
  adminId: number,
  code: string,
  accepted: AcceptedCodes,
  confirmedOnly = true,
): Promise<'totp' | 'recovery'> {
  const account = String(adminId);
  await consumeOrThrow(limiters.secondFactorNetwork, clientNetwork(request.ip));
  await throwIfExhausted(limiters.secondFactorAccount, account);
  const kind = await codeIsRight(db, adminId, code, accepted, confirmedOnly);
  if (kind) return kind;
  await consumeQuietly(limiters.secondFactorAccount, account);
  request.log.info({ adminId, ip: request.ip }, 'second-factor code refused');
  throw invalidCode();
}

async function codeIsRight(
  db: Db,
  adminId: number,
  code: string,
  accepted: AcceptedCodes,
  confirmedOnly: boolean,
): Promise<'totp' | 'recovery' | null> {
  const factor = await findTwoFactor(db, adminId);
  if (!factor || (confirmedOnly && !factor.confirmed)) return null;
  const digits = code.replace(/\s+/g, '');
  if (/^\d{6}$/.test(digits)) {
    const step = await acceptedTotpStep(factor.secret, digits, factor.lastUsedStep);
    return step !== null && (await claimTimeStep(db, adminId, step)) ? 'totp' : null;
  }
  if (accepted !== 'totp-or-recovery') return null;
  return (await useRecoveryCode(db, adminId, recoveryCodeHash(code))) ? 'recovery' : null;
}
