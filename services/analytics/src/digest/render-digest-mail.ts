// The weekly digest mail, in Romanian like the operator's dashboard: a plain-text part and an HTML part in
// which every value (offer titles are the operator's text, numbers included) is escaped — nothing is ever
// rendered as HTML from data.
import {
  figureNames,
  figures,
  shownFunnelSteps,
  type Figure,
  type FigureName,
  type ShownFunnelStep,
} from '@bodymetrics/contracts';
import { escapeHtml, type MailMessage } from '@bodymetrics/mail';
import type { WeekFigures } from './week-figures.repository';
import type { DigestWeek } from './week';

const formatNumber = (n: number) => new Intl.NumberFormat('ro-RO').format(n);
/** "42,50 RON", as the dashboard's Venit card writes money. */
const formatMoney = (amount: number, currency: string) =>
  `${new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;

/** The change from `previous` to `current` in whole percent ("+25%", "−10%", "0%"); "—" when previous is 0. */
export function changeText(current: number, previous: number): string {
  if (previous === 0) return '—';
  const pct = Math.round(((current - previous) / previous) * 100);
  return pct > 0 ? `+${pct}%` : pct < 0 ? `−${-pct}%` : '0%';
}

export const digestSubject = (week: DigestWeek) =>
  `BodyMetrics: rezumatul săptămânii ${week.from} – ${week.to}`;

/** The digest's line for each funnel step the User Journey tab shows. */
const funnelLabels: Record<ShownFunnelStep, string> = {
  landing: 'Pâlnie: pagina de start',
  form_started: 'Pâlnie: formular început',
  form_completed: 'Pâlnie: formular completat',
  results_viewed: 'Pâlnie: rezultate văzute',
  email_provided: 'Pâlnie: e-mail furnizat',
  report_sent: 'Pâlnie: raport trimis',
};

interface Line {
  label: string;
  value: string;
  change?: string;
}

/** A rate's change: the difference in percentage points ("+3 p.p.", "−2 p.p.", "0 p.p."), as the dashboard. */
function pointsText(current: number, previous: number): string {
  const diff = Math.round(current - previous);
  return diff > 0 ? `+${diff} p.p.` : diff < 0 ? `−${-diff} p.p.` : '0 p.p.';
}

/** A figure of the catalogue as the digest writes it, with its change from the week before. */
function figureLine(name: FigureName, current: WeekFigures, previous: WeekFigures, currency: string): Line {
  const figure: Figure = figures[name];
  const now = current.figures[name];
  const before = previous.figures[name];
  if (typeof now === 'string' || typeof before === 'string')
    return { label: figure.label, value: String(now) };
  switch (figure.unit) {
    case 'percent':
      return { label: figure.label, value: `${formatNumber(now)} %`, change: pointsText(now, before) };
    case 'seconds':
      return {
        label: figure.label,
        value: `${Math.floor(now / 60)} min ${now % 60} s`,
        change: changeText(now, before),
      };
    case 'money':
      return { label: figure.label, value: formatMoney(now, currency), change: changeText(now, before) };
    default:
      return { label: figure.label, value: formatNumber(now), change: changeText(now, before) };
  }
}

function linesOf(current: WeekFigures, previous: WeekFigures, revenueCurrency: string): Line[] {
  return [
    ...figureNames.map((name) => figureLine(name, current, previous, revenueCurrency)),
    ...shownFunnelSteps.map((step) => ({
      label: funnelLabels[step],
      value: formatNumber(current.funnel[step]),
      change: changeText(current.funnel[step], previous.funnel[step]),
    })),
  ];
}

export function renderDigestMail({
  to,
  week,
  current,
  previous,
  revenueCurrency,
}: {
  to: string;
  revenueCurrency: string;
  week: DigestWeek;
  current: WeekFigures;
  previous: WeekFigures;
}): MailMessage {
  const lines = linesOf(current, previous, revenueCurrency);
  const offers = current.topOffers;
  const text = [
    `Rezumatul săptămânii ${week.from} – ${week.to} (luni–duminică)`,
    '',
    ...lines.map((l) => `${l.label}: ${l.value} (față de săptămâna anterioară: ${l.change ?? '—'})`),
    '',
    'Ofertele cu cele mai multe clickuri:',
    ...(offers.length
      ? offers.map((o, i) => `${i + 1}. ${o.title} — clickuri: ${o.clicks}, unice: ${o.uniqueClicks}`)
      : ['niciun click în această săptămână']),
    '',
    'Primești acest mesaj pentru că ai activat rezumatul săptămânal în panoul de administrare BodyMetrics.',
  ].join('\n');
  const row = (l: Line) =>
    `<tr><td>${escapeHtml(l.label)}</td><td style="text-align:right">${escapeHtml(l.value)}</td><td style="text-align:right">${escapeHtml(l.change ?? '—')}</td></tr>`;
  const html = `<!doctype html>
<html lang="ro"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<h1 style="font-size:18px">Rezumatul săptămânii ${escapeHtml(week.from)} – ${escapeHtml(week.to)}</h1>
<table cellpadding="4"><thead><tr><th></th><th>Săptămâna aceasta</th><th>Față de săptămâna anterioară</th></tr></thead>
<tbody>${lines.map(row).join('')}</tbody></table>
<h2 style="font-size:16px">Ofertele cu cele mai multe clickuri</h2>
${
  offers.length
    ? `<ol>${offers.map((o) => `<li>${escapeHtml(o.title)} — clickuri: ${escapeHtml(o.clicks)}, unice: ${escapeHtml(o.uniqueClicks)}</li>`).join('')}</ol>`
    : '<p>niciun click în această săptămână</p>'
}
<p style="color:#6b7280;font-size:12px">Primești acest mesaj pentru că ai activat rezumatul săptămânal în panoul de administrare BodyMetrics.</p>
</body></html>`;
  return { to, subject: digestSubject(week), text, html };
}
