// A report asked for without the nutrition plan (`withoutPlan: true`, what the form sends when an answer
// kept on the visitor's device rules the plan out): through the real SMTP peer, neither part of the mail
// carries the plan or its calorie figures, and a neutral note in the mail's language stands in their
// place; without the flag the mail is as before; anything but a boolean is a 400 naming the field, with
// nothing stored or mailed.
import { beforeEach, describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import { countRows, knownNutritionRows, reportBody, useReportsApp, visibleText } from '../test-support';

const reports = useReportsApp();
beforeEach(() => {
  reports.smtp.messages.length = 0;
});

const NOTE_EN = "Your nutrition plan is left out of this report; follow your clinician's advice.";
const NOTE_RO = 'Planul tău de nutriție nu este inclus în acest raport; urmează sfaturile medicului tău.';

async function mailFor(payload: Record<string, unknown>) {
  const response = await reports.app.inject({ method: 'POST', url: '/api/email-report', payload });
  expect(response.statusCode, response.body).toBe(200);
  expect(reports.smtp.messages).toHaveLength(1);
  const mail = reports.smtp.messages[0]!;
  return { text: mail.text ?? '', shown: visibleText(mail.html || '') };
}

describe('POST /api/email-report with withoutPlan', () => {
  it('true: no nutrition plan or calorie target in either part, the note instead', async () => {
    const { text, shown } = await mailFor(reportBody({ withoutPlan: true }));
    for (const part of [text, shown]) {
      expect(part).toContain(NOTE_EN);
      expect(part).not.toMatch(/Smart Nutrition Plan|Daily calories|calorie target|1,711/i);
      for (const [label, value] of knownNutritionRows) {
        expect(part).not.toContain(label);
        expect(part).not.toContain(value);
      }
      // The rest of the report is still there.
      expect(part).toContain('Daily energy (TDEE)');
    }
  });

  it('true in Romanian: the note in Romanian, no plan', async () => {
    const { text, shown } = await mailFor(reportBody({ withoutPlan: true, language: 'ro' }));
    for (const part of [text, shown]) {
      expect(part).toContain(NOTE_RO);
      expect(part).not.toMatch(/Plan de nutriție inteligent|Calorii zilnice|Ținta ta de calorii|1\.711/i);
    }
  });

  it('absent: the plan and its calorie target as before, no note', async () => {
    const { text, shown } = await mailFor(reportBody());
    expect(text).toContain('SMART NUTRITION PLAN');
    expect(shown).toContain('Smart Nutrition Plan');
    for (const part of [text, shown]) {
      for (const [label, value] of knownNutritionRows) {
        expect(part).toContain(label);
        expect(part).toContain(value);
      }
      expect(part).not.toContain(NOTE_EN);
    }
  });

  it('"yes" → 400 naming withoutPlan, nothing stored or mailed', async () => {
    const stored = await countRows(reports.database.db, 'health_metrics');
    const response = await reports.app.inject({
      method: 'POST',
      url: '/api/email-report',
      payload: reportBody({ withoutPlan: 'yes' }),
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: { message: string; details: { field: string }[] } }>();
    expect(error.details[0]?.field).toBe('withoutPlan');
    expect(error.message).toMatch(/^withoutPlan: /);
    expect(await countRows(reports.database.db, 'health_metrics')).toBe(stored);
    expect(reports.smtp.messages).toHaveLength(0);
  });
});
