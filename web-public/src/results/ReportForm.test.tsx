// @vitest-environment jsdom
// The report request in pregnancy: the form asks for the mail without the nutrition plan
// (`withoutPlan: true`) and says nothing else — the body is the same as without the answer but for that
// flag, and no word of it names pregnancy (the answer itself stays on the device).
import { calculateHealthMetrics, type HealthFormValues } from '@bodymetrics/health';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportsRoutes } from '@bodymetrics/contracts';
import { clearDeviceAnswers, setDeviceAnswers } from '../home/device-answers';
import { queryClient } from '../lib/query-client';
import { ReportForm } from './ReportForm';

const values: HealthFormValues = {
  age: 30,
  gender: 'female',
  activityLevel: 'sedentary',
  measurementSystem: 'metric',
  weight: 55,
  height: 170,
};
const sent: { url: string; body: string }[] = [];

beforeAll(() => {
  // Global Privacy Control: the tracker sends nothing, so the only requests are the report's.
  Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    sent.push({ url: String(url), body: typeof init.body === 'string' ? init.body : '' });
    return Promise.resolve(
      new Response(JSON.stringify({ success: true, stored: true }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
});
beforeEach(() => {
  sent.length = 0;
  clearDeviceAnswers();
});
afterEach(() => cleanup());
afterAll(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

/** Fills and sends the report form; the e-mail-report request's body as sent. */
async function sendReport(): Promise<string> {
  const result = calculateHealthMetrics(values);
  render(
    <QueryClientProvider client={queryClient}>
      <ReportForm calculation={{ values, result }} goal="wellness" offers={[]} />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ana Pop' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana.pop@example.com' } });
  fireEvent.click(screen.getByLabelText(/processes the health information/i));
  fireEvent.submit(screen.getByTestId('report-form'));
  await waitFor(() => expect(sent.some((r) => r.url.endsWith(reportsRoutes.emailReport.path))).toBe(true));
  return sent.find((r) => r.url.endsWith(reportsRoutes.emailReport.path))!.body;
}

describe('the report form', () => {
  it('in pregnancy asks for the report without the nutrition plan, and gives no other hint', async () => {
    const plain = JSON.parse(await sendReport()) as Record<string, unknown>;
    expect(plain.withoutPlan).toBe(false);
    cleanup();
    sent.length = 0;

    setDeviceAnswers({ pregnant: true });
    const body = await sendReport();
    expect(body).not.toMatch(/pregnan/i);
    const asked = JSON.parse(body) as Record<string, unknown>;
    expect(asked.withoutPlan).toBe(true);
    // Everything else as without the answer (the visitor ids are the same tab's).
    expect({ ...asked, withoutPlan: false }).toEqual(plain);
  });
});
