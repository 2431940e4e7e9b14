// The operators' accounts and the read-only API keys, as the dashboard's "Administratori" panel and the
// API see them. A `viewer` reads everything an admin reads and changes nothing; an API key reads the
// analytics only (the admin-session guard in service-kit enforces both).
import { z } from 'zod';
import { adminPasswordInputSchema, adminUsernameSchema } from './admin';

export const adminRoles = ['admin', 'viewer'] as const;
export const adminRoleSchema = z.enum(adminRoles);
export type AdminRole = z.infer<typeof adminRoleSchema>;

const idPathSchema = z
  .string()
  .regex(/^[0-9]{1,10}$/, { error: 'must be a whole number' })
  .transform(Number);

export const adminAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: adminRoleSchema,
  isActive: z.boolean(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAccountListSchema = z.object({ admins: z.array(adminAccountSchema) });

/** POST /api/admin/admins: the password passes the same rule as the CLI's (checked by admin-auth). */
export const adminAccountCreateBodySchema = z.strictObject({
  username: adminUsernameSchema,
  email: z.email().max(254),
  password: adminPasswordInputSchema,
  role: adminRoleSchema,
});
export type AdminAccountCreateBody = z.infer<typeof adminAccountCreateBodySchema>;

/** PATCH /api/admin/admins/:id: the role, whether the account may sign in, or both. */
export const adminAccountPatchBodySchema = z
  .strictObject({ role: adminRoleSchema.optional(), isActive: z.boolean().optional() })
  .refine((patch) => patch.role !== undefined || patch.isActive !== undefined, {
    error: 'must change role or isActive',
  });
export type AdminAccountPatchBody = z.infer<typeof adminAccountPatchBodySchema>;

export const adminAccountParamsSchema = z.strictObject({ id: idPathSchema });

export const apiKeyCreateBodySchema = z.strictObject({ name: z.string().trim().min(1).max(100) });
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBodySchema>;

/** The answer of creating a key: the only time `key` is ever shown. */
export const apiKeyCreatedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string(),
  prefix: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** A key as lists show it: no key material, the prefix names it. Times are ISO 8601. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });

export const apiKeyParamsSchema = z.strictObject({ id: idPathSchema });

export const apiKeyRevokedSchema = z.object({ success: z.literal(true) });
