// POST /api/submit-report: the same report sent twice is stored once.
import { describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import { listHealthReports } from '../health-metrics.repository';
import { countRows, reportBody, useReportsApp } from '../test-support';

const reports = useReportsApp();

const submit = (body: Record<string, unknown>) =>
  reports.app.inject({ method: 'POST', url: '/api/submit-report', payload: body });

describe('POST /api/submit-report', () => {
  it('stores a report once however often it is sent', async () => {
    const body = reportBody({
      email: 'twice@example.com',
      metrics: { ...reportBody().metrics, waist: '34', hip: 40, genderSpecification: '' },
      selectedGoal: 'wellness',
    });
    expect((await submit(body)).json()).toEqual({ success: true, stored: true });
    expect((await submit(body)).json()).toEqual({ success: true, stored: false });
    // The same report with other spelling of the address and spacing is the same report.
    expect((await submit({ ...body, email: ' Twice@Example.com ', name: 'Ana  Pop' })).json()).toEqual({
      success: true,
      stored: false,
    });
    const rows = (await listHealthReports(reports.database.db)).filter(
      (r) => r.email === 'twice@example.com',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      waist: 34,
      hip: 40,
      genderSpecification: null,
      selectedGoal: 'wellness',
    });
    expect(reports.smtp.messages).toHaveLength(0); // storing never mails
  });

  it('a different report is another row', async () => {
    const before = await countRows(reports.database.db, 'health_metrics');
    const changed = reportBody({
      email: 'twice@example.com',
      metrics: { ...reportBody().metrics, weight: 175 },
    });
    expect((await submit(changed)).json()).toEqual({ success: true, stored: true });
    expect(await countRows(reports.database.db, 'health_metrics')).toBe(before + 1);
  });

  it('after the e-mailed report, the app’s follow-up submit-report does not store it again', async () => {
    const body = reportBody({ email: 'mailed@example.com' });
    expect(
      (await reports.app.inject({ method: 'POST', url: '/api/email-report', payload: body })).statusCode,
    ).toBe(200);
    expect((await submit(body)).json()).toEqual({ success: true, stored: false });
    expect(
      (await listHealthReports(reports.database.db)).filter((r) => r.email === 'mailed@example.com'),
    ).toHaveLength(1);
  });
});
