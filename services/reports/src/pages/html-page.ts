// A minimal standalone HTML page for the few answers a person opens in a browser (unsubscribe).
import { escapeHtml as e } from '../escape-html';

export function htmlPage({ title, paragraphs }: { title: string; paragraphs: string[] }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)} — BodyMetrics</title>
<style>body{font-family:Helvetica,Arial,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937}h1{color:#0f766e}a{color:#0f766e}</style>
</head>
<body>
<h1>${e(title)}</h1>
${paragraphs.map((p) => `<p>${e(p)}</p>`).join('\n')}
<p><a href="/">Back to BodyMetrics</a></p>
</body>
</html>
`;
}
