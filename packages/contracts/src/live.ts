// Messages of the real-time connection (`/analytics-ws`, spec §7 "Real-time connection"). Every frame is
// JSON `{ type, data? }`. Visitors' pages send their activity in; only admin sockets get anything about
// other visitors out (design.md §4).
//
// How the admin dashboard connects: `/analytics-ws?role=admin`. The browser sends the HttpOnly
// `bm_admin_session` cookie with the upgrade (same origin); a client without the cookie sends
// `{ type: 'auth', data: { sessionId } }` as its first message instead. A socket that asked to be admin
// and has no valid session is closed with `liveCloseCodes.unauthorized` (4401).
import { z } from 'zod';
import { liveUserSchema } from './analytics';
import { deviceTypeSchema, liveStageSchema } from './enums';
import { pageUrlSchema, sessionIdSchema, shortTextSchema, visitorIdSchema } from './primitives';

export const liveSocketPath = '/analytics-ws';
/** Spec §9: a visitor's page repeats `user_active` every 30 000 ms. */
export const activityHeartbeatMs = 30_000;
/** A visitor is active while heard from within two heartbeats. */
export const defaultActiveWindowMs = 2 * activityHeartbeatMs;
/** Spec §9: the live list shows 10 users. */
export const liveListLimit = 10;
/** Largest frame a client may send; bigger frames close the socket with 1009. */
export const liveMaxMessageBytes = 4096;

export const liveCloseCodes = {
  /** A socket that asked to be admin without a valid session, or whose session expired or was logged out. */
  unauthorized: 4401,
  /** Too many messages or too many sockets from one address. */
  policyViolation: 1008,
  messageTooBig: 1009,
  /** The live data source (Redis) is away; the client shows "Real-time disconnected" and reconnects later. */
  unavailable: 1011,
} as const;

/** Spec §3 "Active-user activity record". `location` is the last segment of the time zone, underscores as spaces. */
export const liveActivitySchema = z.object({
  visitorId: visitorIdSchema,
  sessionId: sessionIdSchema,
  currentPage: pageUrlSchema.max(1024),
  deviceType: deviceTypeSchema,
  browser: shortTextSchema.max(128),
  location: shortTextSchema.max(128),
  stage: liveStageSchema.optional(),
});
export type LiveActivity = z.infer<typeof liveActivitySchema>;

export const livePageChangeSchema = liveActivitySchema.pick({
  visitorId: true,
  sessionId: true,
  currentPage: true,
  stage: true,
});
export type LivePageChange = z.infer<typeof livePageChangeSchema>;

// ---- client → server -------------------------------------------------------------------------------

export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('request_analytics'), data: z.unknown().optional() }),
  z.object({ type: z.literal('user_active'), data: liveActivitySchema }),
  z.object({ type: z.literal('user_page_change'), data: livePageChangeSchema }),
  z.object({ type: z.literal('auth'), data: z.object({ sessionId: z.string().min(1).max(200) }) }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

// ---- server → client -------------------------------------------------------------------------------

export const liveRoleSchema = z.enum(['admin', 'visitor']);
export type LiveRole = z.infer<typeof liveRoleSchema>;

export const activeUsersSnapshotSchema = z.object({
  count: z.number().int().min(0),
  /** At most `liveListLimit`, most recent activity first. */
  users: z.array(liveUserSchema).max(liveListLimit),
});
export type ActiveUsersSnapshot = z.infer<typeof activeUsersSnapshotSchema>;

/**
 * What admin-auth publishes on `adminSessionsRevokedChannel(prefix)` when admin sessions end before their
 * time (logout, password change or reset, an admin disabled): live closes the matching admin sockets at
 * once with `liveCloseCodes.unauthorized` instead of at its next periodic session re-check. The embedded
 * mode hands the same notice to the live service in-process.
 */
export const adminSessionsRevokedSchema = z
  .object({
    /** Every session of this admin ended. */
    adminId: z.number().int().positive().optional(),
    /** These sessions ended (a logout). */
    sessionIds: z.array(z.string().min(1).max(200)).max(100).optional(),
  })
  .refine((n) => n.adminId !== undefined || (n.sessionIds?.length ?? 0) > 0, {
    message: 'adminId or sessionIds is required',
  });
export type AdminSessionsRevoked = z.infer<typeof adminSessionsRevokedSchema>;
export const adminSessionsRevokedChannel = (prefix = '') => `${prefix}bodymetrics:admin-sessions-revoked`;

export const analyticsUpdateSchema = z.object({
  changedAt: z.string(),
  topics: z.array(z.string()).optional(),
});
export type AnalyticsUpdate = z.infer<typeof analyticsUpdateSchema>;

export const liveErrorCodes = [
  'invalid_message',
  'unauthorized',
  'rate_limited',
  'visitor_mismatch',
  'unavailable',
] as const;
export const liveErrorSchema = z.object({ code: z.enum(liveErrorCodes), message: z.string().optional() });
export type LiveError = z.infer<typeof liveErrorSchema>;

export const liveServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('active_users_update'), data: activeUsersSnapshotSchema }),
  z.object({ type: z.literal('analytics_update'), data: analyticsUpdateSchema }),
  z.object({
    type: z.literal('connection_info'),
    /** updateIntervalMs: how often an admin gets a fresh live list while visitors are active ("update frequency"). */
    data: z.object({ role: liveRoleSchema, updateIntervalMs: z.number().int().positive() }),
  }),
  z.object({ type: z.literal('error'), data: liveErrorSchema }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;
