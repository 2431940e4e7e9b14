// The mail server failing in the three ways it does in production — nothing listens, it accepts the
// connection and never speaks, it takes the message and then refuses it — while visitors ask for their
// report and write to the operator. Each time: 502 mail_delivery_failed with the documented message, and
// nothing half-done (no stored report, no newsletter subscription, no contact message kept).
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBus } from '@bodymetrics/bus';
import { trackingTopics } from '@bodymetrics/contracts';
import { createMailer } from '@bodymetrics/mail';
import { buildApp as buildReports } from '@bodymetrics/reports';
import { defaultAnalyticsTimeZone, visitorKeys } from '@bodymetrics/service-kit';
import { closedPort, createTestDatabase, type TestDatabase } from '@bodymetrics/testing';
import { countRows } from './src/rows';

const report = {
  name: 'Ana Pop',
  email: 'ana.pop@example.com',
  metrics: {
    age: 30,
    gender: 'male',
    activityLevel: 'sedentary',
    measurementSystem: 'imperial',
    weight: 180,
    height: 70,
  },
  selectedGoal: null,
  offers: [],
  // Consent to the health data, and yes to the newsletter: a failed send must not subscribe anyone.
  consent: { healthData: true, newsletter: true },
};
const contact = {
  fullName: 'Ion Popescu',
  email: 'ion@example.org',
  reason: 'Legal',
  message: 'Please delete my data.',
};

let database: TestDatabase;
const servers: Array<() => Promise<void>> = [];

/** Accepts TCP connections and never sends the SMTP greeting (a hung relay). */
async function silentServer(): Promise<number> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return (server.address() as AddressInfo).port;
}

/** Speaks SMTP, takes the whole message, then refuses it (554), as a relay's content filter does. */
async function refusingServer(): Promise<number> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback(Object.assign(new Error('Message rejected'), { responseCode: 554 })));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.server.address() as AddressInfo).port;
}

beforeAll(async () => {
  database = await createTestDatabase('faults_smtp');
});
afterAll(async () => {
  for (const close of servers) await close();
  await database?.drop();
});

const modes: Array<[string, () => Promise<number>]> = [
  ['nothing listens', closedPort],
  ['the server never greets', silentServer],
  ['the server refuses the message', refusingServer],
];

describe.each(modes)('SMTP failing: %s', (_mode, serve) => {
  it('answers 502 mail_delivery_failed for the report and the contact form, and stores nothing', async () => {
    const mailer = createMailer({
      kind: 'smtp',
      url: `smtp://127.0.0.1:${await serve()}`,
      from: 'BodyMetrics <reports@bodymetrics.test>',
      connectTimeoutMs: 1_000,
    });
    // The report is refused before any funnel step could go out: an in-process bus is enough here.
    const bus = new InProcessBus();
    await bus.ensureTopics(trackingTopics);
    const app = buildReports({
      db: database.db,
      mailer,
      bus,
      visitorKeys: visitorKeys(defaultAnalyticsTimeZone),
      publicBaseUrl: 'https://bodymetrics.test',
      contactTo: 'operator@bodymetrics.test',
    });
    try {
      const sent = await app.inject({ method: 'POST', url: '/api/email-report', payload: report });
      expect(sent.statusCode).toBe(502);
      expect(sent.json()).toEqual({
        error: { code: 'mail_delivery_failed', message: 'Failed to send your health report' },
      });
      const wrote = await app.inject({ method: 'POST', url: '/api/contact', payload: contact });
      expect(wrote.statusCode).toBe(502);
      expect(wrote.json()).toEqual({
        error: { code: 'mail_delivery_failed', message: 'Failed to send your message' },
      });

      expect(await countRows(database.db, 'health_metrics')).toBe(0);
      expect(await countRows(database.db, 'newsletter_subscribers')).toBe(0);
      expect(await countRows(database.db, 'contact_messages')).toBe(0);
      // The service itself is fine: a retry later goes through the same path, nothing blocks it.
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      mailer.close();
    }
  });
});
