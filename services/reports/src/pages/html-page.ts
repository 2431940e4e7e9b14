// A minimal standalone HTML page for the few answers a person opens in a browser (unsubscribe, the
// newsletter confirmation). A page may carry one form with one button (a POST to our own origin).
import type { ReportLanguage } from '@bodymetrics/contracts';
import { escapeHtml as e } from '@bodymetrics/mail';
import { pageTexts } from './page-texts';

export interface HtmlPageInput {
  title: string;
  paragraphs: string[];
  form?: { action: string; button: string };
}

export function htmlPage({ title, paragraphs, form }: HtmlPageInput, language: ReportLanguage): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)} — BodyMetrics</title>
<style>body{font-family:Helvetica,Arial,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937}h1{color:#0f766e}a{color:#0f766e}button{font:inherit;background:#0f766e;color:#fff;border:0;border-radius:6px;padding:.6rem 1.2rem;cursor:pointer}</style>
</head>
<body>
<h1>${e(title)}</h1>
${paragraphs.map((p) => `<p>${e(p)}</p>`).join('\n')}
${form ? `<form method="post" action="${e(form.action)}"><button type="submit">${e(form.button)}</button></form>\n` : ''}<p><a href="/">${e(pageTexts(language).backHome)}</a></p>
</body>
</html>
`;
}
