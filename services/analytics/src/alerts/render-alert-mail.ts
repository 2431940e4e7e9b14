// An alert's mail, in Romanian like the dashboard: a plain-text part and an HTML part in which every value
// (an offer's title is the operator's text) is escaped — nothing from data is rendered as HTML.
import { alertKindLabels, type Alert } from '@bodymetrics/contracts';
import { escapeHtml, type MailMessage } from '@bodymetrics/mail';

const formatNumber = (n: number) => new Intl.NumberFormat('ro-RO', { maximumFractionDigits: 1 }).format(n);
const valueOf = (alert: Pick<Alert, 'unit'>, n: number) =>
  alert.unit === 'percent' ? `${formatNumber(n)} %` : formatNumber(n);
const timeOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('ro-RO', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );

export function renderAlertMail({
  to,
  alert,
  timeZone,
  test = false,
}: {
  to: string;
  alert: Omit<Alert, 'id'>;
  timeZone: string;
  /** A test alert ("Trimite o alertă de test"): said so in the subject and the text. */
  test?: boolean;
}): MailMessage {
  const kind = alertKindLabels[alert.kind];
  const lines = [
    test ? 'Aceasta este o alertă de test: nimic nu s-a întâmplat pe site.' : undefined,
    `${kind}: ${alert.subjectLabel}`,
    `Început: ${timeOf(alert.startedAt, timeZone)}`,
    alert.endedAt ? `Încheiat: ${timeOf(alert.endedAt, timeZone)}` : undefined,
    `Așteptat: ${valueOf(alert, alert.expected)} · observat: ${valueOf(alert, alert.observed)}`,
    '',
    'Vezi și confirmă alerta în panoul de administrare BodyMetrics, la „Alerte”.',
    'Primești acest mesaj pentru că ai activat alertele prin e-mail în panoul de administrare.',
  ].filter((line): line is string => line !== undefined);
  const html = `<!doctype html>
<html lang="ro"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
${lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('\n')}
</body></html>`;
  return {
    to,
    subject: `BodyMetrics${test ? ' (test)' : ''}: ${kind} — ${alert.subjectLabel}`,
    text: lines.join('\n'),
    html,
  };
}
