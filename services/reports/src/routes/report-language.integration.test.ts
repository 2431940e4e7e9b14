// The report mail in the page's language: a request with language "ro" gets a Romanian mail through the
// real SMTP peer — its words, the engine's labels and the figures written as ro-RO writes them (25,8;
// 1.711 kcal) — and one without a language still gets the English mail.
import { beforeEach, describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import { insertOffer, reportBody, useReportsApp, visibleText } from '../test-support';

const reports = useReportsApp();
beforeEach(() => {
  reports.smtp.messages.length = 0;
});

describe('POST /api/email-report in the page language', () => {
  it('language "ro": the whole mail in Romanian, numbers with comma decimals', async () => {
    const offer = await insertOffer(reports.database.db, {
      title: 'Lean Protein Shake',
      description: 'Whey isolate.',
      url: 'https://partner.example/shake',
    });
    const response = await reports.app.inject({
      method: 'POST',
      url: '/api/email-report',
      payload: reportBody({
        language: 'ro',
        offers: [{ id: offer, title: 'Lean Protein Shake', url: 'https://partner.example/shake' }],
      }),
    });
    expect(response.statusCode).toBe(200);

    expect(reports.smtp.messages).toHaveLength(1);
    const mail = reports.smtp.messages[0]!;
    expect(mail.subject).toBe('Raportul tău de sănătate BodyMetrics');
    const text = mail.text ?? '';
    for (const line of [
      'Bună, Ana Pop,',
      'IMC: 25,8 — Supraponderal (Ridicat)',
      'Grăsime corporală: 21,7% — Ridicat',
      'Raport talie-șold: N/A — Adaugă măsurătorile taliei și șoldului pentru a-l vedea',
      'Energie zilnică (TDEE): 2.139 kcal/zi — Caloriile pe care le arzi pe zi',
      'Vârsta metabolică: 30 — Vârsta ta: 30 · Bun',
      'Greutate sănătoasă (IMC 18,5–24,9): 129–174 lb — Te afli cu 6 lb peste interval · BMI Prime 1,03',
      'PLAN DE NUTRIȚIE INTELIGENT',
      'Calorii zilnice: 1.711 kcal',
      'Proteine: 149,7 g',
      'Carbohidrați: 171,1 g',
      'Ținta ta de calorii este cu 20% sub necesarul zilnic de energie',
      '[Sponsorizat] Lean Protein Shake',
      'Află mai multe: https://partner.example/shake',
      'Avertisment medical:',
      'Confirmă abonarea la newsletter:',
      'Linkul expiră în 7 zile.',
    ]) {
      expect(text, line).toContain(line);
    }
    const html = mail.html || '';
    expect(html).toMatch(/<html[^>]*lang="ro"/);
    const shown = visibleText(html);
    expect(shown).toContain('Plan de nutriție inteligent');
    expect(shown).toContain('Confirm abonarea la newsletter');
    expect(shown).not.toMatch(/Your goal|Daily calories|Learn More|Medical disclaimer/);
  });

  it('no language: the English mail, as before', async () => {
    const response = await reports.app.inject({
      method: 'POST',
      url: '/api/email-report',
      payload: reportBody(),
    });
    expect(response.statusCode).toBe(200);
    const mail = reports.smtp.messages[0]!;
    expect(mail.subject).toBe('Your BodyMetrics Health Report');
    expect(mail.text).toContain('Daily energy (TDEE): 2,139 kcal/day — Calories you burn per day');
    expect(mail.html || '').toMatch(/<html[^>]*lang="en"/);
  });
});
