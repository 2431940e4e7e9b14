// The shared fixtures themselves: made once per file and shared by its hooks and tests, labelled after the
// file, and an app given to closeAfter is closed once its test is over.
import { connect } from 'node:net';
import { describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import { closedPort, freePort } from './ports';

let fromHook = '';
const closed: string[] = [];

it.beforeAll(async ({ database, keyPrefix, redis }) => {
  fromHook = database.name;
  await redis.set(`${keyPrefix}seen`, '1');
});

describe('shared fixtures', () => {
  it('gives the hook and the test one database, topics and keys named after the file', async ({
    database,
    bus,
    keyPrefix,
    redis,
  }) => {
    expect(database.name).toBe(fromHook);
    expect(database.name).toMatch(/^bm_test_testing_fixtures_/);
    expect(bus.topicPrefix).toMatch(/^test\.testing-fixtures\./);
    expect(await redis.get(`${keyPrefix}seen`)).toBe('1');
  });

  it('starts an SMTP sink that takes mail', ({ smtp }) => {
    expect(smtp.url).toBe(`smtp://127.0.0.1:${smtp.port}`);
  });

  it('closes what closeAfter was given once the test is over', ({ closeAfter }) => {
    const app = closeAfter({ close: () => void closed.push('app') });
    expect(app).toBeDefined();
    expect(closed).toEqual([]);
  });

  it('closed it', () => {
    expect(closed).toEqual(['app']);
  });
});

describe('ports', () => {
  it('hands out a port nothing listens on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const refused = await new Promise<string>((resolve) => {
      connect(port, '127.0.0.1')
        .on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? ''))
        .on('connect', () => resolve('connected'));
    });
    expect(refused).toBe('ECONNREFUSED');
    expect(closedPort).toBe(freePort);
  });
});
