// User Journey tab: the funnel per day, today's funnel, and where the period's visitors dropped out.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConversionFunnelTable, Database } from '@bodymetrics/db';
import type { Abandonment, FunnelRow } from '@bodymetrics/contracts';
import { firstDateOf, lastDateOf, todayIn, type Period } from './period';
import { toNumber } from './numbers';

const toFunnelRow = (r: Selectable<ConversionFunnelTable>): FunnelRow => ({
  id: r.id,
  date: r.date,
  landingVisitors: r.landing_visitors,
  formStarted: r.form_started,
  formCompleted: r.form_completed,
  resultsViewed: r.results_viewed,
  emailProvided: r.email_provided,
  reportSent: r.report_sent,
  bridgeViewed: r.bridge_viewed,
  bridgeAffiliateClicks: r.bridge_affiliate_clicks,
  bridgeToFullResults: r.bridge_to_full_results,
});

export async function readFunnelStats(db: Kysely<Database>, period: Period): Promise<FunnelRow[]> {
  const rows = await db
    .selectFrom('conversion_funnel')
    .selectAll()
    .where('date', '>=', firstDateOf(period))
    .where('date', '<=', lastDateOf(period))
    .orderBy('date', 'desc')
    .execute();
  return rows.map(toFunnelRow);
}

/** Today's funnel; a day nobody has visited yet reads as zeros (id 0) rather than as missing. */
export async function readTodayFunnel(db: Kysely<Database>, timeZone: string): Promise<FunnelRow> {
  const { today } = await db.selectNoFrom(todayIn(timeZone).as('today')).executeTakeFirstOrThrow();
  const row = await db
    .selectFrom('conversion_funnel')
    .selectAll()
    .where('date', '=', today)
    .executeTakeFirst();
  return row
    ? toFunnelRow(row)
    : toFunnelRow({
        id: 0,
        date: today,
        landing_visitors: 0,
        form_started: 0,
        form_completed: 0,
        results_viewed: 0,
        bridge_viewed: 0,
        bridge_affiliate_clicks: 0,
        bridge_to_full_results: 0,
        email_provided: 0,
        report_sent: 0,
      });
}

export async function readAbandonment(db: Kysely<Database>, period: Period): Promise<Abandonment> {
  const s = await db
    .selectFrom('conversion_funnel')
    .select([
      sql<string>`coalesce(sum(landing_visitors), 0)`.as('landing'),
      sql<string>`coalesce(sum(form_started), 0)`.as('formStarted'),
      sql<string>`coalesce(sum(form_completed), 0)`.as('formCompleted'),
      sql<string>`coalesce(sum(results_viewed), 0)`.as('resultsViewed'),
      sql<string>`coalesce(sum(email_provided), 0)`.as('emailProvided'),
      sql<string>`coalesce(sum(report_sent), 0)`.as('reportSent'),
    ])
    .where('date', '>=', firstDateOf(period))
    .where('date', '<=', lastDateOf(period))
    .executeTakeFirstOrThrow();
  const [landing, formStarted, formCompleted, resultsViewed, emailProvided, reportSent] = [
    s.landing,
    s.formStarted,
    s.formCompleted,
    s.resultsViewed,
    s.emailProvided,
    s.reportSent,
  ].map(toNumber) as [number, number, number, number, number, number];
  // The funnel is ordered per visitor and day (the aggregator's ordered-funnel.ts): each step counts only
  // visitors who counted at the one before it that day, so each drop-out is the visitors who reached a step
  // and not the next. `abandoned_after_calculation` takes in those who left at the bridge (form_completed →
  // results_viewed); `abandoned_after_email` is the reports accepted whose mail then failed. The floor at 0
  // only guards days counted before the funnel was ordered whose visitor sets retention had already deleted.
  const drop = (from: number, to: number) => Math.max(0, from - to);
  return {
    total_visitors: landing,
    abandoned_at_landing: drop(landing, formStarted),
    abandoned_at_form: drop(formStarted, formCompleted),
    abandoned_after_calculation: drop(formCompleted, resultsViewed),
    abandoned_at_results: drop(resultsViewed, emailProvided),
    abandoned_after_email: drop(emailProvided, reportSent),
  };
}
