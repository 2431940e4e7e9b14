// Alerts that find the operator: the kinds of rule (docs/counting.md: Alerts), an alert episode as the
// dashboard lists it, and the admin's opt-in to the alert mails.
import { z } from 'zod';
import type { FigureName } from './figures';

/** Every alert rule, by its stored `kind`. */
export const alertKinds = [
  'traffic_drop',
  'traffic_spike',
  'conversion_rate_drop',
  'offer_stopped_converting',
  'postbacks_silent',
  'bot_share_spike',
  'suspicious_clicks_spike',
] as const;
export type AlertKind = (typeof alertKinds)[number];

/** Each kind in the operator's Romanian (the dashboard's list and the mail). */
export const alertKindLabels: Record<AlertKind, string> = {
  traffic_drop: 'Scădere de trafic',
  traffic_spike: 'Creștere bruscă de trafic',
  conversion_rate_drop: 'Scădere a ratei de conversie',
  offer_stopped_converting: 'Ofertă fără conversii',
  postbacks_silent: 'Postback-uri absente',
  bot_share_spike: 'Creștere a traficului de la roboți',
  suspicious_clicks_spike: 'Creștere a clickurilor suspecte',
};

/** The catalogue figures the traffic rules watch (drop and spike), each its own subject. */
export const trafficAlertFigures = ['visitors', 'pageViews'] as const satisfies readonly FigureName[];
/** The catalogue figure the conversion-rate rule watches. */
export const conversionAlertFigure = 'conversionRate' as const satisfies FigureName;

/** One alert episode: opened when its rule fired, ended when the figure recovered. */
export const alertSchema = z.object({
  id: z.number().int(),
  kind: z.enum(alertKinds),
  /** What the rule watched: a figure's name, `offer:<id>`, `postbacks`, `botShare` or `suspiciousShare`. */
  subject: z.string(),
  /** The subject in the operator's words (a figure's label, an offer's title). */
  subjectLabel: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** The baseline when the episode opened (a count, or a percentage for a share or rate). */
  expected: z.number(),
  /** What was observed when the episode opened. */
  observed: z.number(),
  unit: z.enum(['count', 'percent']),
  acknowledgedAt: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

/** Newest first, with the number of episodes still open (the dashboard's badge). */
export const alertListSchema = z.object({ alerts: z.array(alertSchema), openCount: z.number().int() });
export type AlertList = z.infer<typeof alertListSchema>;

export const alertIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const alertTestSentSchema = z.object({ sent: z.literal(true), to: z.string() });
export type AlertTestSent = z.infer<typeof alertTestSentSchema>;

/** The logged-in admin's alert-mail setting and where the mails go (their account's address). */
export const alertSettingsSchema = z.object({ optedIn: z.boolean(), email: z.string() });
export type AlertSettings = z.infer<typeof alertSettingsSchema>;
export const alertSettingsBodySchema = z.strictObject({ optedIn: z.boolean() });
