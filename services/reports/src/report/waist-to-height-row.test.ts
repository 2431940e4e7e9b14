// The e-mailed report's waist-to-height line: present with its NICE band and source
// when a waist was given, absent otherwise, in both the HTML and the text part.
import { describe, expect, it } from 'vitest';
import { knownMetrics, PUBLIC_BASE_URL } from '../test-support';
import { buildHealthReport } from './health-report';
import { renderReportEmail } from './render-report-email';

const render = (metrics: Record<string, unknown>) =>
  renderReportEmail({
    name: 'Ana',
    report: buildHealthReport({ ...knownMetrics, ...metrics } as never, null),
    offers: [],
    unsubscribeUrl: null,
    newsletterConfirmUrl: null,
    publicBaseUrl: PUBLIC_BASE_URL,
  });

describe('the waist-to-height ratio in the e-mailed report', () => {
  it('is shown with its band and source when a waist was given', async () => {
    // 70 in tall: waist 30 in → 0.43 Healthy; 38 in → 0.54 Increased; 44 in → 0.63 High (NICE 2022).
    for (const [waist, line] of [
      [30, 'Waist-to-height ratio: 0.43 — Healthy'],
      [38, 'Waist-to-height ratio: 0.54 — Increased risk'],
      [44, 'Waist-to-height ratio: 0.63 — High risk'],
    ] as const) {
      const mail = await render({ waist });
      expect(mail.text).toContain(`${line} (source: NICE obesity guideline (CG189, 2022 update))`);
      expect(mail.html).toContain('Waist-to-height ratio');
      expect(mail.html).toContain(line.split(': ')[1]!.split(' — ')[0]);
    }
  });

  it('is left out when no waist was given, and the other rows stay as they were', async () => {
    const mail = await render({});
    expect(mail.text).not.toContain('Waist-to-height');
    expect(mail.html).not.toContain('Waist-to-height');
    expect(mail.text).toContain('Waist-hip ratio: N/A');
  });
});
