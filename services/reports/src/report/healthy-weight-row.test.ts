// The e-mailed report's healthy weight line: the BMI 18.5–24.9 range at the visitor's height in the form's
// unit, how far the weight is from it and BMI Prime, with its source, in both the HTML and the text part.
// The mail is rendered from the submitted form, which never carries an ethnic background: WHO bands.
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

describe('the healthy weight in the e-mailed report', () => {
  it('imperial: 180 lb at 70 in is 6 lb above 129–174 lb, BMI Prime 1.03', async () => {
    // 1.778² = 3.161284 m²; 18.5 × 3.161284 × 2.20462 = 128.93 → 129 lb; 24.9 × … = 173.54 → 174 lb;
    // BMI 25.8 / 25 = 1.032 → 1.03.
    const mail = await render({});
    expect(mail.text).toContain(
      'Healthy weight (BMI 18.5–24.9): 129–174 lb — You are 6 lb above it · BMI Prime 1.03 (source: WHO adult BMI bands)',
    );
    expect(mail.html).toContain('129–174 lb');
    expect(mail.html).toContain('BMI Prime 1.03');
  });

  it('metric: 62 kg at 170 cm is within 53.5–72.0 kg, BMI Prime 0.86', async () => {
    // 1.7² = 2.89; 18.5 × 2.89 = 53.465 → 53.5; 24.9 × 2.89 = 71.961 → 72.0; 62 / 2.89 = 21.45 → 21.5 / 25 = 0.86.
    const mail = await render({ measurementSystem: 'metric', weight: 62, height: 170 });
    expect(mail.text).toContain(
      'Healthy weight (BMI 18.5–24.9): 53.5–72.0 kg — You are within it · BMI Prime 0.86 (source: WHO adult BMI bands)',
    );
  });
});
