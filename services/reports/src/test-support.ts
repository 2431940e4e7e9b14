// Shared by this service's integration tests: a known report request, its hand-computed numbers, an
// app wired to real servers, and helpers to read what a person sees in a mail or a page.
import { InProcessBus } from '@bodymetrics/bus';
import { trackingTopics } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { createMailer, type Mailer } from '@bodymetrics/mail';
import type { SmtpSink, TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { defaultAnalyticsTimeZone, visitorKeys } from '@bodymetrics/service-kit';
import { buildApp, type ReportsDeps } from './app';

export const PUBLIC_BASE_URL = 'https://bodymetrics.test';
export const OPERATOR = 'operator@bodymetrics.test';

/** Spec §3 form payload as the public app sends it: imperial, 30 y male, 5'10" (70 in), 180 lb, sedentary. */
export const knownMetrics = {
  age: 30,
  gender: 'male',
  activityLevel: 'sedentary',
  measurementSystem: 'imperial',
  weight: 180,
  height: 70,
};

/**
 * Worked out by hand from spec §9 for knownMetrics:
 * kg = 180 × 0.453592 = 81.64656; cm = 70 × 2.54 = 177.8; m² = 1.778² = 3.161284
 * BMI = 81.64656 / 3.161284 = 25.83 → 25.8, Overweight (label High)
 * body fat = 1.2 × 25.8 + 0.23 × 30 − 10.8 × 1 − 5.4 = 21.66 → 21.7% (male: above 20 → High)
 * BMR = 816.4656 + 1111.25 − 150 + 5 = 1782.7156; TDEE = × 1.2 = 2139.26 → 2,139 kcal/day
 * metabolic age = 30 × 1800 / 1782.7156 = 30.29 → 30; 30 − 30 = 0 → Good
 * ideal weight: 48 + 1.1 × (177.8 − 152.4) = 75.94 kg; 90% = 68.346 kg = 150.68 lb → 151;
 *   110% = 83.534 kg = 184.16 lb → 184
 * healthy weight (WHO 18.5–24.9): 18.5 × 3.161284 = 58.484 kg = 128.93 lb → 129; 24.9 × 3.161284 =
 *   78.716 kg = 173.54 lb → 174; 180 − 174 = 6 lb above; BMI Prime 25.8 / 25 = 1.032 → 1.03
 * nutrition (overweight): 80% of 2139 = 1711.2 → 1,711 kcal; protein 1711 × 35% / 4 = 149.7125 → 149.7 g;
 *   carbs 1711 × 40% / 4 = 171.1 g
 */
/** [label, value, note] as the report shows them, for knownMetrics. */
export const knownReportRows: [string, string, string][] = [
  ['BMI', '25.8', 'Overweight (High)'],
  ['Body fat', '21.7%', 'High'],
  ['Waist-hip ratio', 'N/A', 'Add your waist and hip measurements to see it'],
  ['Daily energy (TDEE)', '2,139 kcal/day', 'Calories you burn per day'],
  ['Metabolic age', '30', 'Your age: 30 · Good'],
  ['Ideal weight range', '151–184 lb', 'For your height'],
  [
    'Healthy weight (BMI 18.5–24.9)',
    '129–174 lb',
    'You are 6 lb above it · BMI Prime 1.03 (source: WHO adult BMI bands)',
  ],
];
export const knownNutritionRows: [string, string][] = [
  ['Daily calories', '1,711 kcal'],
  ['Protein', '149.7 g'],
  ['Carbs', '171.1 g'],
];

export function reportBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ana Pop',
    email: 'ana.pop@example.com',
    metrics: knownMetrics,
    selectedGoal: null,
    offers: [],
    // Both boxes ticked on the report form; the consent tests override this.
    consent: { healthData: true, newsletter: true },
    ...overrides,
  };
}

export async function insertOffer(
  db: Db,
  offer: { title: string; description: string; url: string; active?: boolean },
) {
  const row = await db
    .insertInto('affiliate_offers')
    .values({ ...offer, bmi_category: 'Overweight', goal: 'weight_loss', active: offer.active ?? true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The reports app on real Postgres and SMTP. Its funnel steps go to `bus` when given (a Kafka test bus in the
 * funnel's tests); otherwise to an in-process bus nobody reads, as the tests that are not about them need.
 */
export function testApp(deps: Partial<ReportsDeps> & { db: Db; smtpUrl: string }) {
  const mailer: Mailer = createMailer({
    kind: 'smtp',
    url: deps.smtpUrl,
    from: 'BodyMetrics <reports@bodymetrics.test>',
  });
  const bus = new InProcessBus();
  void bus.ensureTopics(trackingTopics);
  const app = buildApp({
    publicBaseUrl: PUBLIC_BASE_URL,
    contactTo: OPERATOR,
    mailer,
    bus,
    visitorKeys: visitorKeys(defaultAnalyticsTimeZone),
    ...deps,
  });
  app.addHook('onClose', () => mailer.close());
  return app;
}

export interface ReportsFile {
  database: TestDatabase;
  smtp: SmtpSink;
  app: ReturnType<typeof testApp>;
}

/**
 * The file's reports app on its shared database and SMTP sink (@bodymetrics/testing/fixtures), built before
 * the file's tests and closed after them. Its fields are there from the first hook on: read them in tests.
 */
export function useReportsApp(deps: Partial<ReportsDeps> = {}): ReportsFile {
  const file = {} as ReportsFile;
  it.beforeAll(({ database, smtp }) => {
    Object.assign(file, { database, smtp, app: testApp({ db: database.db, smtpUrl: smtp.url, ...deps }) });
    return () => file.app.close();
  });
  return file;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** What a reader sees of an HTML mail or page: no head, no tags, entities decoded, spaces collapsed. */
export function visibleText(html: string): string {
  return html
    .replace(/<head[\s\S]*?<\/head>/i, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => entities[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

export async function countRows(
  db: Db,
  table: 'health_metrics' | 'newsletter_subscribers' | 'contact_messages' | 'share_images',
) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
