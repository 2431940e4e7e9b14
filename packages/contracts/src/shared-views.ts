// Shared views: a read-only link to chosen tabs of the dashboard, for someone without an admin account
// (a partner, an accountant). The link carries a high-entropy token (stored only as its SHA-256); it may
// need a password, may expire, and can be revoked. What it answers is an allow-list: the figures and rows
// below, field by field — never the live visitors, the recent clicks (visitor ids, addresses) or a control.
import { z } from 'zod';
import {
  abandonmentSchema,
  affiliateStatsRowSchema,
  calendarDateSchema,
  campaignRowSchema,
  conversionsByDayRowSchema,
  dailyStatsRowSchema,
  deviceStatsRowSchema,
  funnelRowSchema,
  geographicStatsRowSchema,
  overviewSchema,
  trafficSourceRowSchema,
} from './analytics';

/** The dashboard's tabs a link may show (never Activitate recentă, Oferte or Alerte). */
export const sharedViewTabs = ['daily', 'journey', 'affiliate', 'traffic', 'devices', 'geo'] as const;
export type SharedViewTab = (typeof sharedViewTabs)[number];

/**
 * The allow-list: each read a link may answer, with the only fields it passes on. Row ids, offer ids and
 * links, and the suspicious-click figures stay out; no read here holds a visitor id or an address.
 */
export const sharedReadSchemas = {
  dailyStats: dailyStatsRowSchema.pick({ date: true, uniqueVisitors: true, totalPageViews: true }),
  conversionsByDay: conversionsByDayRowSchema.pick({
    date: true,
    clicks: true,
    conversions: true,
    conversionRate: true,
    revenue: true,
    epc: true,
    currency: true,
  }),
  funnelStats: funnelRowSchema.omit({ id: true }),
  abandonment: abandonmentSchema,
  affiliateStats: affiliateStatsRowSchema.pick({
    offerTitle: true,
    clickCount: true,
    impressions: true,
    ctr: true,
    conversions: true,
    conversionRate: true,
    revenue: true,
    epc: true,
  }),
  trafficSources: trafficSourceRowSchema.pick({
    source: true,
    medium: true,
    referrerDomain: true,
    count: true,
    conversionRate: true,
  }),
  campaigns: campaignRowSchema.pick({
    campaign: true,
    term: true,
    visitors: true,
    clicks: true,
    conversions: true,
    revenue: true,
  }),
  deviceStats: deviceStatsRowSchema,
  geographicStats: geographicStatsRowSchema,
} as const;
export type SharedReadName = keyof typeof sharedReadSchemas;

/** The reads each tab of a link answers. */
export const sharedTabReads = {
  daily: ['dailyStats', 'conversionsByDay'],
  journey: ['funnelStats', 'abandonment'],
  affiliate: ['affiliateStats'],
  traffic: ['trafficSources', 'campaigns'],
  devices: ['deviceStats'],
  geo: ['geographicStats'],
} as const satisfies Record<SharedViewTab, readonly SharedReadName[]>;

/** The overview's cards, as the dashboard shows them: figures only (the allow-list of its fields is the schema's). */
export const sharedOverviewSchema = overviewSchema;

/** An annotation as a link shows it on the daily chart: dates and note, not who wrote it. */
export const sharedAnnotationSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  endDate: z.string(),
  note: z.string(),
});

const rows = <S extends z.ZodType>(schema: S) => z.array(schema).optional();

/** One tab of a link over a period: its reads' allowed fields, and the period's notes for the daily chart. */
export const sharedTabSchema = z.object({
  tab: z.enum(sharedViewTabs),
  from: z.string(),
  to: z.string(),
  tables: z.object({
    dailyStats: rows(sharedReadSchemas.dailyStats),
    conversionsByDay: rows(sharedReadSchemas.conversionsByDay),
    funnelStats: rows(sharedReadSchemas.funnelStats),
    abandonment: sharedReadSchemas.abandonment.optional(),
    affiliateStats: rows(sharedReadSchemas.affiliateStats),
    trafficSources: rows(sharedReadSchemas.trafficSources),
    campaigns: rows(sharedReadSchemas.campaigns),
    deviceStats: rows(sharedReadSchemas.deviceStats),
    geographicStats: rows(sharedReadSchemas.geographicStats),
  }),
  annotations: z.array(sharedAnnotationSchema),
});
export type SharedTab = z.infer<typeof sharedTabSchema>;

/** What the page of a link learns first: its name and tabs, and whether it must ask for the password. */
export const sharedViewInfoSchema = z.object({
  name: z.string(),
  tabs: z.array(z.enum(sharedViewTabs)),
  expiresAt: z.string().nullable(),
  passwordRequired: z.boolean(),
  /** True once this browser gave the password (or when none is needed). */
  unlocked: z.boolean(),
});
export type SharedViewInfo = z.infer<typeof sharedViewInfoSchema>;

/** A link's token: 43 base64url characters (32 random bytes). */
export const sharedTokenParamsSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a shared link token' }),
});
export const sharedTabParamsSchema = z.strictObject({
  token: sharedTokenParamsSchema.shape.token,
  tab: z.enum(sharedViewTabs, { error: `must be one of ${sharedViewTabs.join(', ')}` }),
});

export const sharedViewUnlockBodySchema = z.strictObject({
  password: z.string({ error: 'must be text' }).min(1, { error: 'is required' }).max(200),
});
export const sharedViewUnlockedSchema = z.object({ unlocked: z.literal(true), expiresAt: z.string() });

// ---- The admin's side ----

export const sharedViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tabs: z.array(z.enum(sharedViewTabs)),
  passwordProtected: z.boolean(),
  expiresAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type SharedView = z.infer<typeof sharedViewSchema>;

export const sharedViewListSchema = z.object({ sharedViews: z.array(sharedViewSchema) });

/** The end of a link's life: an instant (ISO 8601 with its offset), or a date — the end of that day, UTC. */
const expiresAtSchema = z
  .union(
    [calendarDateSchema, z.iso.datetime({ offset: true, error: 'must be a date or an ISO date-time' })],
    {
      error: 'must be a date YYYY-MM-DD or an ISO date-time',
    },
  )
  .transform((value) => new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value).toISOString());

export const sharedViewCreateBodySchema = z.strictObject({
  name: z.string({ error: 'must be text' }).trim().min(1, { error: 'is required' }).max(80),
  tabs: z
    .array(z.enum(sharedViewTabs, { error: `must be among ${sharedViewTabs.join(', ')}` }))
    .min(1, { error: 'must name at least one tab' })
    .max(sharedViewTabs.length)
    .refine((tabs) => new Set(tabs).size === tabs.length, { error: 'must not repeat a tab' }),
  password: z
    .string({ error: 'must be text' })
    .min(8, { error: 'must be at least 8 characters' })
    .max(200)
    .optional(),
  expiresAt: expiresAtSchema.optional(),
});
export type SharedViewCreateBody = z.output<typeof sharedViewCreateBodySchema>;

/** The new link: its token is shown this once (only its hash is stored); `url` is the page's path. */
export const sharedViewCreatedSchema = sharedViewSchema.extend({ token: z.string(), url: z.string() });

export const sharedViewIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const sharedViewRevokedSchema = z.object({ revoked: z.literal(true), id: z.number().int() });
