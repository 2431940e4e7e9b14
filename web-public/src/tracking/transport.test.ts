// The transport's side of "exactly once from the browser": each call gets its own eventId, and keeps it
// across that call's retries (a 503, a lost answer, a refused beacon's fetch).
import { eventIdSchema } from '@bodymetrics/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beaconTracking, newEventId, postTracking, RETRY_DELAYS_MS } from './transport';

interface Sent {
  path: string;
  body: string | undefined;
}

let sent: Sent[];
let answers: (number | Error)[];

const bodyOf = (s: Sent | undefined) => JSON.parse(s?.body ?? 'null') as Record<string, unknown>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  sent = [];
  answers = [];
  vi.stubGlobal('navigator', {});
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit) => {
      sent.push({ path, body: typeof init.body === 'string' ? init.body : undefined });
      const answer = answers.shift() ?? 202;
      return answer instanceof Error
        ? Promise.reject(answer)
        : Promise.resolve({ ok: answer < 300, status: answer } as Response);
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets the fetch promises settle and the retry timers run. */
async function settle(): Promise<void> {
  for (let i = 0; i <= RETRY_DELAYS_MS.length; i++) {
    await vi.advanceTimersByTimeAsync((RETRY_DELAYS_MS[i] ?? 0) + 1);
  }
}

describe('eventId', () => {
  it('is a UUID the server takes, from randomUUID or, where that is missing, from getRandomValues or Math.random', () => {
    const made = [
      newEventId(),
      newEventId({ getRandomValues: crypto.getRandomValues.bind(crypto) }),
      newEventId({}),
      newEventId(undefined),
    ];
    for (const id of made) {
      expect(eventIdSchema.safeParse(id).success, id).toBe(true);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(made).size).toBe(made.length);
  });

  it('is fresh for every call and never replaces a field of the body', async () => {
    postTracking('/api/journey/track', { visitorId: 'v', sessionId: 's', step: 'landing' });
    postTracking('/api/journey/track', { visitorId: 'v', sessionId: 's', step: 'landing' });
    await settle();
    expect(sent).toHaveLength(2);
    const [first, second] = sent.map(bodyOf);
    expect(first).toEqual({ visitorId: 'v', sessionId: 's', step: 'landing', eventId: expect.any(String) });
    expect(first?.eventId).not.toBe(second?.eventId);
  });

  it('is kept across the retries of a 503 and a lost answer, and the call stops once it is taken', async () => {
    answers = [503, new TypeError('network error'), 202];
    postTracking('/api/analytics/page-visit', { visitorId: 'v' });
    await settle();
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.body)).size).toBe(1);
    expect(bodyOf(sent[0]).eventId).toEqual(expect.any(String));
  });

  it('gives up after the last retry, and never retries an answer that is not about availability', async () => {
    answers = [503, 503, 503, 503];
    postTracking('/api/analytics/page-visit', { visitorId: 'v' });
    await settle();
    expect(sent).toHaveLength(1 + RETRY_DELAYS_MS.length);

    sent = [];
    answers = [400, 429];
    postTracking('/api/analytics/page-visit', { visitorId: 'v' });
    postTracking('/api/analytics/page-visit', { visitorId: 'v' });
    await settle();
    expect(sent).toHaveLength(2);
  });

  it('is not added to the body-less counter call, which is sent once', async () => {
    answers = [503];
    postTracking('/api/affiliate-offers/3/click');
    await settle();
    expect(sent).toEqual([{ path: '/api/affiliate-offers/3/click', body: undefined }]);
  });

  it('is the same in a beacon and in the fetch behind a refused one', async () => {
    const beacons: string[] = [];
    const sendBeacon = vi.fn((_path: string, data: string) => {
      beacons.push(data);
      return beacons.length === 1; // the first is queued; the second is refused
    });
    vi.stubGlobal('navigator', { sendBeacon });
    beaconTracking('/api/analytics/session-duration', { visitorId: 'v', sessionDuration: 5, pageUrl: '/' });
    beaconTracking('/api/analytics/page-visit', { visitorId: 'v', action: 'page_leave' });
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe('/api/analytics/page-visit');
    expect(sent[0]?.body).toBe(beacons[1]);
    const ids = beacons.map((b) => (JSON.parse(b) as { eventId: string }).eventId);
    expect(new Set(ids).size).toBe(2);
  });
});
