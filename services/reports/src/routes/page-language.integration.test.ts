// The pages a person opens from a link (a shared result, the newsletter's confirm and unsubscribe
// links) speak the browser's language: Romanian when Accept-Language prefers ro*, else English as before.
import { describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import { createNewsletterConfirmation } from '../newsletter.repository';
import { useReportsApp, visibleText } from '../test-support';

const reports = useReportsApp();
const RO = { 'accept-language': 'ro-RO,ro;q=0.9,en-US;q=0.8,en;q=0.7' };
const htmlLang = (html: string) => /<html lang="([^"]+)">/.exec(html)?.[1];
const ogTitle = (html: string) => /<meta property="og:title" content="([^"]*)">/.exec(html)?.[1];

async function sharePath(bmi: number): Promise<string> {
  const created = await reports.app.inject({
    method: 'POST',
    url: '/api/generate-share-image',
    payload: { results: { bmi, bmiCategory: 'Overweight' }, platform: 'whatsapp', uniqueId: 'lang-1' },
  });
  return new URL(created.json<{ shareUrl: string }>().shareUrl).pathname;
}

describe('pages in the browser language', () => {
  it('the share page is Romanian for a ro-RO browser, English without Accept-Language', async () => {
    const path = await sharePath(27.35);
    const ro = await reports.app.inject({ method: 'GET', url: path, headers: RO });
    expect(ro.statusCode).toBe(200);
    expect(ro.headers.vary).toContain('Accept-Language');
    expect(htmlLang(ro.body)).toBe('ro');
    expect(ogTitle(ro.body)).toBe('IMC-ul meu este 27,4 (Supraponderal) — află-l pe al tău pe BodyMetrics');
    expect(visibleText(ro.body)).toBe('Calculează-ți gratuit IMC-ul pe BodyMetrics');

    const en = await reports.app.inject({ method: 'GET', url: path });
    expect(en.headers.vary).toContain('Accept-Language');
    expect(htmlLang(en.body)).toBe('en');
    expect(ogTitle(en.body)).toBe('My BMI is 27.4 (Overweight) — check yours on BodyMetrics');
    expect(visibleText(en.body)).toBe('Calculate your BMI free on BodyMetrics');

    const unknown = await reports.app.inject({ method: 'GET', url: '/share/doesNotExist123', headers: RO });
    expect(ogTitle(unknown.body)).toBe('BodyMetrics — calculator gratuit de IMC și sănătate');
    const english = await reports.app.inject({
      method: 'GET',
      url: path,
      headers: { 'accept-language': 'en-GB,en;q=0.9,ro;q=0.5' },
    });
    expect(htmlLang(english.body)).toBe('en');
  });

  it('the newsletter confirmation, in Romanian from asking to confirmed, then used', async () => {
    const token = await createNewsletterConfirmation(reports.database.db, {
      email: 'ana.lang@example.com',
      name: 'Ana',
      ttlMs: 60_000,
    });
    const url = `/api/newsletter/confirm?token=${token}`;
    const ask = await reports.app.inject({ method: 'GET', url, headers: RO });
    expect(ask.statusCode).toBe(200);
    expect(ask.headers.vary).toContain('Accept-Language');
    expect(htmlLang(ask.body)).toBe('ro');
    expect(visibleText(ask.body)).toContain('Confirmă abonarea la newsletter');
    expect(visibleText(ask.body)).toContain('Apasă butonul pentru a abona ana.lang@example.com');
    expect(ask.body).toContain('<button type="submit">Confirm abonarea</button>');
    expect(visibleText(ask.body)).toContain('Înapoi la BodyMetrics');

    const done = await reports.app.inject({ method: 'POST', url, headers: RO });
    expect(done.statusCode).toBe(200);
    expect(visibleText(done.body)).toContain('Abonarea ta este confirmată');

    const again = await reports.app.inject({ method: 'POST', url, headers: RO });
    expect(again.statusCode).toBe(410);
    expect(visibleText(again.body)).toContain('Acest link de confirmare a fost deja folosit');

    const english = await reports.app.inject({ method: 'GET', url });
    expect(htmlLang(english.body)).toBe('en');
    expect(visibleText(english.body)).toContain('This confirmation link has already been used');
    expect(visibleText(english.body)).toContain('Back to BodyMetrics');
  });

  it('the unsubscribe page of an unknown link, in Romanian and in English', async () => {
    const url = '/api/newsletter/unsubscribe?token=nope';
    const ro = await reports.app.inject({ method: 'GET', url, headers: RO });
    expect(ro.statusCode).toBe(404);
    expect(ro.headers.vary).toContain('Accept-Language');
    expect(htmlLang(ro.body)).toBe('ro');
    expect(visibleText(ro.body)).toContain('Acest link de dezabonare nu este valid');
    const en = await reports.app.inject({ method: 'GET', url });
    expect(htmlLang(en.body)).toBe('en');
    expect(visibleText(en.body)).toContain('This unsubscribe link is not valid');
  });
});
