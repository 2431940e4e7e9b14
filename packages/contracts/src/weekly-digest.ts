// The weekly digest: an admin's opt-in and the "send me one now" answer.
import { z } from 'zod';

/** The logged-in admin's digest setting, and where the digest goes (their account's address). */
export const weeklyDigestSettingsSchema = z.object({
  optedIn: z.boolean(),
  email: z.string(),
});
export type WeeklyDigestSettings = z.infer<typeof weeklyDigestSettingsSchema>;

/** PATCH body: turn the weekly digest on or off for the logged-in admin. */
export const weeklyDigestSettingsBodySchema = z.strictObject({ optedIn: z.boolean() });
export type WeeklyDigestSettingsBody = z.infer<typeof weeklyDigestSettingsBodySchema>;

export const weeklyDigestSentSchema = z.object({
  sent: z.literal(true),
  to: z.string(),
  /** The Monday of the week the digest covers (YYYY-MM-DD, operator's time zone). */
  weekStart: z.string(),
});
export type WeeklyDigestSent = z.infer<typeof weeklyDigestSentSchema>;
