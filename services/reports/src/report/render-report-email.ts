// The health report e-mail: MJML (responsive, works in Outlook and Gmail) for the HTML part and a
// hand-written plain-text part with the same numbers. Every visitor-supplied value is escaped.
import type Mjml2Html from 'mjml';
import type { ReportOfferView } from '../report-offers.repository';
import { escapeHtml as e } from '@bodymetrics/mail';
import type { HealthReport } from './health-report';
import type { ReportTexts } from './report-texts';

export interface ReportEmailInput {
  name: string;
  report: HealthReport;
  offers: readonly ReportOfferView[];
  /** The newsletter's unsubscribe link, for an address on the list; null when it is not subscribed. */
  unsubscribeUrl: string | null;
  /** The newsletter box was ticked: the link that confirms the subscription (double opt-in); else null. */
  newsletterConfirmUrl: string | null;
  /** How long that link works, in ms (told to the reader). */
  newsletterConfirmTtlMs?: number;
  publicBaseUrl: string;
  /** The request asked for the report without the nutrition plan: a neutral note stands in its place. */
  withoutPlan?: boolean;
}

const duration = (ms: number, t: ReportTexts) =>
  ms >= 86_400_000 ? t.days(Math.round(ms / 86_400_000)) : t.hours(Math.max(1, Math.round(ms / 3_600_000)));
const newsletterConfirmIgnore = (t: ReportTexts, ttlMs = 7 * 86_400_000) =>
  t.newsletterIgnore(duration(ttlMs, t));

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

interface MetricRow {
  label: string;
  value: string;
  note: string;
}

function metricRows({ display: d, texts: { rows: t } }: HealthReport): MetricRow[] {
  return [
    { label: t.bmi, value: d.bmi, note: `${d.bmiCategory} (${d.bmiLabel})` },
    { label: t.bodyFat, value: d.bodyFat, note: d.bodyFatLabel },
    { label: t.whr, value: d.whr, note: d.whrLabel ?? t.whrMissing },
    // Not one of the results page's five spec cards: the sixth, only when a waist was given.
    ...(d.waistToHeight
      ? [{ label: t.waistToHeight, value: d.waistToHeight.ratio, note: d.waistToHeight.note }]
      : []),
    { label: t.tdee, value: d.tdee, note: t.tdeeNote },
    { label: t.metabolicAge, value: d.metabolicAge, note: `${t.yourAge} ${d.age} · ${d.metabolicAgeRating}` },
    { label: t.idealWeight, value: d.idealWeight, note: t.idealWeightNote },
    { label: t.healthyWeight, value: d.healthyWeight.range, note: d.healthyWeight.note },
  ];
}

/** The nutrition plan's figures, in the order both parts show them. */
function nutritionRows({
  display: d,
  texts: { nutrition: t },
}: HealthReport): { label: string; value: string }[] {
  return [
    { label: t.calories, value: d.calories },
    { label: t.protein, value: d.protein },
    { label: t.carbs, value: d.carbs },
  ];
}

/** The nutrition plan's box of the HTML part, or the note that stands in its place. */
function nutritionSection(report: HealthReport, withoutPlan: boolean): string {
  const t = report.texts;
  if (withoutPlan)
    return `<mj-section background-color="#ffffff" padding="8px 24px">
      <mj-column background-color="#f0fdfa" border-radius="8px" padding="8px">
        <mj-text font-size="15px" color="#0f766e">${e(t.planLeftOut)}</mj-text>
      </mj-column>
    </mj-section>`;
  const rows = nutritionRows(report)
    .map(
      (r) =>
        `<tr><td style="padding:4px 0;">${e(r.label)}</td><td style="padding:4px 0;font-weight:bold;text-align:right;">${e(r.value)}</td></tr>`,
    )
    .join('\n          ');
  return `<mj-section background-color="#ffffff" padding="8px 24px">
      <mj-column background-color="#f0fdfa" border-radius="8px" padding="8px">
        <mj-text font-size="17px" font-weight="bold" color="#0f766e">${e(t.nutrition.title)}</mj-text>
        <mj-table font-size="15px">
          ${rows}
        </mj-table>
        <mj-text font-size="13px" color="#4b5563">${e(report.display.nutritionNote)}</mj-text>
      </mj-column>
    </mj-section>`;
}

/** The nutrition plan's lines of the text part, or the note that stands in their place. */
function nutritionLines(report: HealthReport, withoutPlan: boolean): string[] {
  const t = report.texts;
  if (withoutPlan) return [t.planLeftOut];
  return [
    t.nutrition.title.toLocaleUpperCase(t.locale),
    ...nutritionRows(report).map((r) => `${r.label}: ${r.value}`),
    report.display.nutritionNote,
  ];
}

const font = 'Helvetica, Arial, sans-serif';

function mjmlDocument({
  name,
  report,
  offers,
  unsubscribeUrl,
  newsletterConfirmUrl,
  newsletterConfirmTtlMs,
  publicBaseUrl,
  withoutPlan = false,
}: ReportEmailInput): string {
  const d = report.display;
  const t = report.texts;
  const rows = metricRows(report)
    .map(
      (r) => `<tr style="border-bottom:1px solid #e5e7eb;">
          <td style="padding:10px 0;color:#374151;">${e(r.label)}</td>
          <td style="padding:10px 0;font-weight:bold;color:#111827;text-align:right;">${e(r.value)}</td>
          <td style="padding:10px 0 10px 16px;color:#6b7280;">${e(r.note)}</td>
        </tr>`,
    )
    .join('');
  const offerSections = offers
    .map(
      (o) => `
    <mj-section background-color="#ffffff" padding="0 24px 16px">
      <mj-column border="1px solid #e5e7eb" border-radius="8px" padding="12px">
        <mj-text font-size="11px" font-weight="bold" color="#b45309" text-transform="uppercase" letter-spacing="1px">${e(t.sponsored)}</mj-text>
        <mj-text font-size="16px" font-weight="bold" color="#111827" padding-top="0">${e(o.title)}</mj-text>
        ${o.description ? `<mj-text color="#4b5563" padding-top="0">${e(o.description)}</mj-text>` : ''}
        <mj-button href="${e(o.url)}" background-color="#0f766e" color="#ffffff" align="left" rel="sponsored noopener">${e(t.learnMore)}</mj-button>
      </mj-column>
    </mj-section>`,
    )
    .join('');

  return `<mjml lang="${t.locale.slice(0, 2)}">
  <mj-head>
    <mj-title>${e(t.subject)}</mj-title>
    <mj-preview>${e(t.preview(d.bmi, d.bmiCategory))}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${font}" />
      <mj-text font-size="15px" line-height="22px" color="#1f2937" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="#0f766e" padding="20px 24px">
      <mj-column>
        <mj-text font-size="22px" font-weight="bold" color="#ffffff">BodyMetrics</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px 24px 8px">
      <mj-column>
        <mj-text font-size="18px" font-weight="bold">${e(t.greeting(name))}</mj-text>
        <mj-text>${e(t.intro)} ${e(t.yourGoal)} <strong>${e(t.goals[report.goal])}</strong>.</mj-text>
        <mj-table font-size="15px" padding-top="8px">${rows}</mj-table>
      </mj-column>
    </mj-section>
    ${nutritionSection(report, withoutPlan)}
    ${
      offers.length > 0
        ? `<mj-section background-color="#ffffff" padding="16px 24px 8px">
      <mj-column>
        <mj-text font-size="17px" font-weight="bold">${e(t.recommended)} <span style="font-size:12px;color:#b45309;">(${e(t.sponsored)})</span></mj-text>
        <mj-text font-size="12px" color="#6b7280" padding-top="0">${e(t.sponsoredNote)}</mj-text>
      </mj-column>
    </mj-section>${offerSections}`
        : ''
    }
    <mj-section background-color="#ffffff" padding="8px 24px 24px">
      <mj-column>
        <mj-text font-size="12px" line-height="18px" color="#6b7280">${e(t.disclaimer)}</mj-text>
      </mj-column>
    </mj-section>
${
  newsletterConfirmUrl
    ? `
    <mj-section background-color="#ffffff" padding="8px 24px 24px">
      <mj-column>
        <mj-text font-size="15px" line-height="22px">${e(t.newsletterIntro)}</mj-text>
        <mj-button href="${e(newsletterConfirmUrl)}" background-color="#0f766e" color="#ffffff" font-size="15px" align="left">${e(t.newsletterButton)}</mj-button>
        <mj-text font-size="12px" line-height="18px" color="#6b7280">${e(newsletterConfirmIgnore(t, newsletterConfirmTtlMs))}</mj-text>
      </mj-column>
    </mj-section>`
    : ''
}
    <mj-section padding="16px 24px">
      <mj-column>
        <mj-text font-size="12px" line-height="18px" color="#6b7280" align="center">
          ${e(t.receivedBecause)} <a href="${e(publicBaseUrl)}/" style="color:#0f766e;">BodyMetrics</a>.${
            unsubscribeUrl
              ? `
          ${e(t.dontWant)} <a href="${e(unsubscribeUrl)}" style="color:#0f766e;">${e(t.unsubscribe)}</a>.`
              : ''
          }
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

function plainText(input: ReportEmailInput): string {
  const { name, report, offers, unsubscribeUrl, newsletterConfirmUrl } = input;
  const t = report.texts;
  const lines = [
    t.greeting(name),
    '',
    `${t.introPlain} ${t.yourGoal} ${t.goals[report.goal]}.`,
    '',
    ...metricRows(report).map((r) => `${r.label}: ${r.value} — ${r.note}`),
    '',
    ...nutritionLines(report, input.withoutPlan ?? false),
    '',
  ];
  if (offers.length > 0) {
    lines.push(`${t.recommended} (${t.sponsored})`.toLocaleUpperCase(t.locale), t.sponsoredNote, '');
    for (const o of offers) {
      lines.push(`[${t.sponsored}] ${o.title}`);
      if (o.description) lines.push(o.description);
      lines.push(`${t.learnMorePlain}: ${o.url}`, '');
    }
  }
  lines.push(t.disclaimer, '');
  if (newsletterConfirmUrl)
    lines.push(
      t.newsletterIntro,
      `${t.newsletterConfirmPlain} ${newsletterConfirmUrl}`,
      newsletterConfirmIgnore(t, input.newsletterConfirmTtlMs),
      '',
    );
  if (unsubscribeUrl) lines.push(`${t.unsubscribePlain} ${unsubscribeUrl}`, '');
  return lines.join('\n');
}

/**
 * mjml is the heaviest module the product loads (~18 MB of heap, tens of MB resident): it is imported at the
 * first report mail, not at start — most processes that serve reports (and every embedded one) send few
 * (the embedded mode's memory bound, docs/performance.md).
 */
let mjml: Promise<typeof Mjml2Html> | undefined;
// mjml is CommonJS (`export =`): Node hands it over as the namespace's default, which its types do not name.
const loadMjml = () =>
  (mjml ??= import('mjml').then((module) => (module as unknown as { default: typeof Mjml2Html }).default));

export async function renderReportEmail(input: ReportEmailInput): Promise<RenderedEmail> {
  const mjml2html = await loadMjml();
  // strict: a template mistake fails loudly (in the tests) instead of sending a half-broken mail;
  // no web fonts: mail clients block them and they would leak the reader's IP to a third party.
  const { html } = await mjml2html(mjmlDocument(input), {
    validationLevel: 'strict',
    fonts: {},
    keepComments: false,
  });
  return { subject: input.report.texts.subject, html, text: plainText(input) };
}
