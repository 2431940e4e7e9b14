// The admins' second factor (TOTP, RFC 6238, with single-use recovery codes): the sign-in's second step and
// the enrolment, on both sides — admin-auth validates with these, the dashboard calls with them.
import { z } from 'zod';
import { adminSessionStartedSchema } from './admin';

/** A TOTP code as the authenticator app shows it: six digits (spaces typed between them are dropped). */
export const totpCodeSchema = z
  .string()
  .max(32)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'must be the 6-digit code of the authenticator app'));

/** Recovery codes: 16 base32 letters in groups of four (`ABCD-EFGH-JKLM-NPQR`), 80 random bits each. */
export const recoveryCodePattern = /^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/;
/** Canonical form of a typed recovery code: capitals, groups joined by '-' whatever the separator typed. */
export const normalRecoveryCode = (typed: string): string =>
  (
    typed
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .match(/.{1,4}/g) ?? []
  ).join('-');

/** The sign-in's second step accepts either: a TOTP code, or one of the recovery codes. */
export const secondFactorCodeSchema = z
  .string()
  .max(64)
  .transform((v) => v.trim())
  .refine(
    (v) => /^\d{6}$/.test(v.replace(/\s+/g, '')) || recoveryCodePattern.test(normalRecoveryCode(v)),
    'must be the 6-digit code of the authenticator app or a recovery code',
  );

/** The token the password step answered with (`pendingToken` of the login's challenge). */
export const pendingTokenSchema = z.string().min(20).max(200);

export const secondFactorBodySchema = z.object({
  pendingToken: pendingTokenSchema,
  code: secondFactorCodeSchema,
});
export type SecondFactorBody = z.infer<typeof secondFactorBodySchema>;

/**
 * Who enrols: the signed-in admin (the session cookie), or — when a second factor is required and the admin
 * had none — the enrolment token the password step answered with.
 */
export const twoFactorEnrolBodySchema = z
  .object({ pendingToken: pendingTokenSchema.optional() })
  .nullish()
  .transform((b) => b ?? {});
export type TwoFactorEnrolBody = z.infer<typeof twoFactorEnrolBodySchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** ADMIN_2FA_REQUIRED: every admin must have a second factor (and cannot remove theirs). */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A started enrolment: the secret for the authenticator app, as text, as an otpauth URI and as a QR image. */
export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** A `data:image/png;base64,…` URL of the otpauth URI's QR code. */
  qrCodeDataUrl: z.string().startsWith('data:image/png;base64,'),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorConfirmBodySchema = z.object({
  pendingToken: pendingTokenSchema.optional(),
  code: totpCodeSchema,
});
export type TwoFactorConfirmBody = z.infer<typeof twoFactorConfirmBodySchema>;

/** The factor is active: the recovery codes, shown this once; enrolling with a token also starts the session. */
export const twoFactorConfirmedSchema = z.object({
  recoveryCodes: z.array(z.string()),
  session: adminSessionStartedSchema.optional(),
});
export type TwoFactorConfirmed = z.infer<typeof twoFactorConfirmedSchema>;

export const twoFactorDisableBodySchema = z.object({ code: totpCodeSchema });
export type TwoFactorDisableBody = z.infer<typeof twoFactorDisableBodySchema>;
