// Admin auth bodies and answers (spec §7 "Admin", §5 "Admin login" / "Password reset") and the query of
// the recent-clicks read. The password rule lives here so the server, the admin CLI and the reset screen
// apply the same one with the same Romanian messages.
import { z } from 'zod';

export const adminUsernameSchema = z.string().trim().min(1).max(64);
/** Bounded so a huge body cannot make the (deliberately slow) hash work longer. */
export const adminPasswordInputSchema = z.string().min(1).max(256);

export const adminLoginBodySchema = z.object({
  username: adminUsernameSchema,
  password: adminPasswordInputSchema,
});
export type AdminLoginBody = z.infer<typeof adminLoginBodySchema>;

/** A session started: by the password alone, or by the password and then the second factor. */
export const adminSessionStartedSchema = z.object({
  success: z.literal(true),
  sessionId: z.string(),
  username: z.string(),
});
export type AdminSessionStarted = z.infer<typeof adminSessionStartedSchema>;

/**
 * The password was right but no session yet: `code` — the admin has a second factor, send its code with
 * the token (second-factor route); `enrol` — a second factor is required and the admin has none, the token
 * allows enrolling one and nothing else. The token is short-lived and is not a session.
 */
export const adminLoginChallengeSchema = z.object({
  success: z.literal(false),
  secondFactor: z.enum(['code', 'enrol']),
  pendingToken: z.string(),
  expiresInSeconds: z.number().int().positive(),
});
export type AdminLoginChallenge = z.infer<typeof adminLoginChallengeSchema>;

export const adminLoginResultSchema = z.discriminatedUnion('success', [
  adminSessionStartedSchema,
  adminLoginChallengeSchema,
]);
export type AdminLoginResult = z.infer<typeof adminLoginResultSchema>;

/** logout and validate-session: the id in the body, else the cookie or bearer token. */
export const adminSessionBodySchema = z
  .object({ sessionId: z.string().max(200).optional() })
  // A request without a body reaches the schema as null (fastify) or undefined.
  .nullish()
  .transform((b) => b ?? {});
export type AdminSessionBody = z.infer<typeof adminSessionBodySchema>;

export const validateSessionResultSchema = z.object({
  valid: z.boolean(),
  username: z.string().optional(),
  /** What the signed-in account may do (admin-accounts.ts): the dashboard hides what a viewer cannot. */
  role: z.enum(['admin', 'viewer']).optional(),
});
export type ValidateSessionResult = z.infer<typeof validateSessionResultSchema>;

export const successResultSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type SuccessResult = z.infer<typeof successResultSchema>;

export const forgotPasswordBodySchema = z
  .object({
    email: z.string().trim().max(254).optional(),
    username: z.string().trim().max(64).optional(),
  })
  .refine((b) => Boolean(b.email || b.username), {
    message: 'email or username is required',
    path: ['email'],
  });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({
  token: z.string().trim().min(1).max(200),
  password: z.string().max(256),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const adminPasswordMessages = {
  tooShort: 'Parola trebuie să aibă cel puțin 8 caractere',
  lettersAndDigits: 'Parola trebuie să conțină litere și cifre',
} as const;

export const adminPasswordMinLength = 8;

/** Why a new admin password is refused, or null when it is acceptable. */
export function adminPasswordProblem(password: string): string | null {
  if ([...password].length < adminPasswordMinLength) return adminPasswordMessages.tooShort;
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) return adminPasswordMessages.lettersAndDigits;
  return null;
}

const limitRule = 'must be a whole number from 1 to 100';
export const recentClicksQuerySchema = z.object({
  // Decimal digits only (a coercing Number() would read `0x10` as 16).
  limit: z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^[0-9]{1,5}$/)
          .transform(Number),
      ],
      { error: limitRule },
    )
    .pipe(z.number().int({ error: limitRule }).min(1, { error: limitRule }).max(100, { error: limitRule }))
    .default(20),
});
export type RecentClicksQuery = z.infer<typeof recentClicksQuerySchema>;
