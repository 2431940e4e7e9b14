// The health report e-mail: MJML (responsive, works in Outlook and Gmail) for the HTML part and a
// hand-written plain-text part with the same numbers. Every visitor-supplied value is escaped.
import type Mjml2Html from 'mjml';
import type { ReportOfferView } from '../report-offers.repository';
import { escapeHtml as e } from '@bodymetrics/mail';
import { MEDICAL_DISCLAIMER, SPONSORED_NOTE } from './disclaimer';
import { goalName, type HealthReport } from './health-report';

export const REPORT_SUBJECT = 'Your BodyMetrics Health Report';

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
}

export const NEWSLETTER_CONFIRM_INTRO =
  'You ticked the box to receive the BodyMetrics newsletter. Please confirm that this address is yours and wants it:';
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const duration = (ms: number) =>
  ms >= 86_400_000
    ? plural(Math.round(ms / 86_400_000), 'day')
    : plural(Math.max(1, Math.round(ms / 3_600_000)), 'hour');
export const newsletterConfirmIgnore = (ttlMs = 7 * 86_400_000) =>
  `If you did not ask for the newsletter, ignore this message: you will not be subscribed. The link expires in ${duration(ttlMs)}.`;

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

function metricRows({ display: d }: HealthReport): MetricRow[] {
  return [
    { label: 'BMI', value: d.bmi, note: `${d.bmiCategory} (${d.bmiLabel})` },
    { label: 'Body fat', value: d.bodyFat, note: d.bodyFatLabel },
    {
      label: 'Waist-hip ratio',
      value: d.whr,
      note: d.whrLabel ?? 'Add your waist and hip measurements to see it',
    },
    // Not one of the results page's five spec cards: the sixth, only when a waist was given.
    ...(d.waistToHeight
      ? [{ label: 'Waist-to-height ratio', value: d.waistToHeight.ratio, note: d.waistToHeight.note }]
      : []),
    { label: 'Daily energy (TDEE)', value: d.tdee, note: 'Calories you burn per day' },
    { label: 'Metabolic age', value: d.metabolicAge, note: `Your age: ${d.age} · ${d.metabolicAgeRating}` },
    { label: 'Ideal weight range', value: d.idealWeight, note: 'For your height' },
    { label: 'Healthy weight (BMI 18.5–24.9)', value: d.healthyWeight.range, note: d.healthyWeight.note },
  ];
}

/** The nutrition plan's figures, in the order both parts show them. */
function nutritionRows({ display: d }: HealthReport): { label: string; value: string }[] {
  return [
    { label: 'Daily calories', value: d.calories },
    { label: 'Protein', value: d.protein },
    { label: 'Carbs', value: d.carbs },
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
}: ReportEmailInput): string {
  const d = report.display;
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
        <mj-text font-size="11px" font-weight="bold" color="#b45309" text-transform="uppercase" letter-spacing="1px">Sponsored</mj-text>
        <mj-text font-size="16px" font-weight="bold" color="#111827" padding-top="0">${e(o.title)}</mj-text>
        ${o.description ? `<mj-text color="#4b5563" padding-top="0">${e(o.description)}</mj-text>` : ''}
        <mj-button href="${e(o.url)}" background-color="#0f766e" color="#ffffff" align="left" rel="sponsored noopener">Learn More</mj-button>
      </mj-column>
    </mj-section>`,
    )
    .join('');
  const nutrition = nutritionRows(report)
    .map(
      (r) =>
        `<tr><td style="padding:4px 0;">${e(r.label)}</td><td style="padding:4px 0;font-weight:bold;text-align:right;">${e(r.value)}</td></tr>`,
    )
    .join('\n          ');

  return `<mjml>
  <mj-head>
    <mj-title>${e(REPORT_SUBJECT)}</mj-title>
    <mj-preview>Your BMI is ${e(d.bmi)} (${e(d.bmiCategory)}). Here is your personal health report.</mj-preview>
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
        <mj-text font-size="18px" font-weight="bold">Hi ${e(name)},</mj-text>
        <mj-text>Here is your personal health report. Your goal: <strong>${e(goalName(report.goal))}</strong>.</mj-text>
        <mj-table font-size="15px" padding-top="8px">${rows}</mj-table>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="8px 24px">
      <mj-column background-color="#f0fdfa" border-radius="8px" padding="8px">
        <mj-text font-size="17px" font-weight="bold" color="#0f766e">Smart Nutrition Plan</mj-text>
        <mj-table font-size="15px">
          ${nutrition}
        </mj-table>
        <mj-text font-size="13px" color="#4b5563">${e(d.nutritionNote)}</mj-text>
      </mj-column>
    </mj-section>
    ${
      offers.length > 0
        ? `<mj-section background-color="#ffffff" padding="16px 24px 8px">
      <mj-column>
        <mj-text font-size="17px" font-weight="bold">Recommended for you <span style="font-size:12px;color:#b45309;">(Sponsored)</span></mj-text>
        <mj-text font-size="12px" color="#6b7280" padding-top="0">${e(SPONSORED_NOTE)}</mj-text>
      </mj-column>
    </mj-section>${offerSections}`
        : ''
    }
    <mj-section background-color="#ffffff" padding="8px 24px 24px">
      <mj-column>
        <mj-text font-size="12px" line-height="18px" color="#6b7280">${e(MEDICAL_DISCLAIMER)}</mj-text>
      </mj-column>
    </mj-section>
${
  newsletterConfirmUrl
    ? `
    <mj-section background-color="#ffffff" padding="8px 24px 24px">
      <mj-column>
        <mj-text font-size="15px" line-height="22px">${e(NEWSLETTER_CONFIRM_INTRO)}</mj-text>
        <mj-button href="${e(newsletterConfirmUrl)}" background-color="#0f766e" color="#ffffff" font-size="15px" align="left">Confirm my newsletter subscription</mj-button>
        <mj-text font-size="12px" line-height="18px" color="#6b7280">${e(newsletterConfirmIgnore(newsletterConfirmTtlMs))}</mj-text>
      </mj-column>
    </mj-section>`
    : ''
}
    <mj-section padding="16px 24px">
      <mj-column>
        <mj-text font-size="12px" line-height="18px" color="#6b7280" align="center">
          You received this e-mail because you asked for your health report on <a href="${e(publicBaseUrl)}/" style="color:#0f766e;">BodyMetrics</a>.${
            unsubscribeUrl
              ? `
          Don't want our newsletter? <a href="${e(unsubscribeUrl)}" style="color:#0f766e;">Unsubscribe</a>.`
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
  const lines = [
    `Hi ${name},`,
    '',
    `Here is your personal BodyMetrics health report. Your goal: ${goalName(report.goal)}.`,
    '',
    ...metricRows(report).map((r) => `${r.label}: ${r.value} — ${r.note}`),
    '',
    'SMART NUTRITION PLAN',
    ...nutritionRows(report).map((r) => `${r.label}: ${r.value}`),
    report.display.nutritionNote,
    '',
  ];
  if (offers.length > 0) {
    lines.push('RECOMMENDED FOR YOU (SPONSORED)', SPONSORED_NOTE, '');
    for (const o of offers) {
      lines.push(`[Sponsored] ${o.title}`);
      if (o.description) lines.push(o.description);
      lines.push(`Learn more: ${o.url}`, '');
    }
  }
  lines.push(MEDICAL_DISCLAIMER, '');
  if (newsletterConfirmUrl)
    lines.push(
      NEWSLETTER_CONFIRM_INTRO,
      `Confirm your newsletter subscription: ${newsletterConfirmUrl}`,
      newsletterConfirmIgnore(input.newsletterConfirmTtlMs),
      '',
    );
  if (unsubscribeUrl) lines.push(`Unsubscribe from the BodyMetrics newsletter: ${unsubscribeUrl}`, '');
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
  return { subject: REPORT_SUBJECT, html, text: plainText(input) };
}
