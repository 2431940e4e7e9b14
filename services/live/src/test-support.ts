// What the live service's integration tests share: a live instance on an ephemeral port, a real `ws`
// client that records everything the server sends, an admin with a session row in the test database, and
// the testbed that starts deployments and opens sockets on the file's shared fixtures, closing them after
// each test.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveActivity, LiveServerMessage } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { adminSessionCookie } from '@bodymetrics/service-kit';
import { eventually } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildApp, type LiveDeps } from './app';

export type LiveApp = ReturnType<typeof buildApp>;

export interface RunningLive {
  app: LiveApp;
  /** ws://127.0.0.1:<port>/analytics-ws */
  wsUrl: string;
  httpUrl: string;
  close(): Promise<void>;
}

export async function startLive(deps: LiveDeps): Promise<RunningLive> {
  const app = buildApp(deps);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    wsUrl: `ws://127.0.0.1:${port}/analytics-ws`,
    httpUrl: `http://127.0.0.1:${port}`,
    close: () => app.close(),
  };
}

/**
 * What a file's live tests start and open, all closed after each test: live instances — each `start` is one
 * deployment, with a key prefix of its own under the file's — and client sockets. The database and the key
 * prefix are the file's shared fixtures (@bodymetrics/testing/fixtures).
 */
export interface LiveTestbed {
  /** The file's database (there from the first hook on). */
  readonly db: Db;
  /** The key prefix of the deployment started last. */
  readonly keyPrefix: string;
  /** `n` instances of one deployment, sharing a key prefix as the instances of one deployment do. */
  start(n: number, deps: Omit<Partial<LiveDeps>, 'db' | 'keyPrefix'>): Promise<RunningLive[]>;
  open(url: string, options?: Parameters<typeof TestSocket.open>[1]): Promise<TestSocket>;
  /** A socket of a signed-in admin (a fresh admin and session row), once the server has said so. */
  openAdmin(url: string, headers?: Record<string, string>): Promise<TestSocket>;
}

export function useLiveTestbed(): LiveTestbed {
  const running: RunningLive[] = [];
  const sockets: TestSocket[] = [];
  let file: { db: Db; keyPrefix: string } | undefined;
  let deployments = 0;
  const fileOf = () => {
    if (!file) throw new Error('the live testbed is used before the file set it up');
    return file;
  };
  it.beforeAll(({ database, keyPrefix }) => {
    file = { db: database.db, keyPrefix };
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    await Promise.all(running.splice(0).map((r) => r.close()));
  });
  const testbed: LiveTestbed = {
    get db() {
      return fileOf().db;
    },
    get keyPrefix() {
      return `${fileOf().keyPrefix}${deployments}:`;
    },
    async start(n, deps) {
      deployments += 1;
      const { db } = fileOf();
      const keyPrefix = testbed.keyPrefix;
      const started = await Promise.all(
        Array.from({ length: n }, () => startLive({ ...deps, db, keyPrefix } as LiveDeps)),
      );
      running.push(...started);
      return started;
    },
    async open(url, options) {
      const socket = await TestSocket.open(url, options);
      sockets.push(socket);
      return socket;
    },
    async openAdmin(url, headers = {}) {
      const admin = await createAdminWithSession(fileOf().db);
      const socket = await testbed.open(url, {
        query: 'role=admin',
        headers: { ...headers, ...admin.cookie },
      });
      await socket.waitFor('connection_info', (d) => d.role === 'admin');
      return socket;
    },
  };
  return testbed;
}

type DataOf<T extends LiveServerMessage['type']> = Extract<LiveServerMessage, { type: T }>['data'];

export interface Closed {
  code: number;
  reason: string;
}

/** What a desktop Chrome sends: a test socket is a person unless the test says otherwise. */
export const browserUserAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** A client socket that records every message and how it was closed. */
export class TestSocket {
  readonly messages: LiveServerMessage[] = [];
  readonly closed: Promise<Closed>;
  private closedWith: Closed | undefined;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse(String(data)) as LiveServerMessage));
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        this.closedWith = { code, reason: reason.toString() };
        resolve(this.closedWith);
      }),
    );
  }

  static open(
    url: string,
    { query = '', headers = {} }: { query?: string; headers?: Record<string, string> } = {},
  ): Promise<TestSocket> {
    // Like a real browser, every socket sends a User-Agent (one without is a bot) unless the test gives its own.
    const ws = new WebSocket(query ? `${url}?${query}` : url, {
      headers: { 'user-agent': browserUserAgent, ...headers },
    });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  get closeInfo(): Closed | undefined {
    return this.closedWith;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  ofType<T extends LiveServerMessage['type']>(type: T): Extract<LiveServerMessage, { type: T }>[] {
    return this.messages.filter((m): m is Extract<LiveServerMessage, { type: T }> => m.type === type);
  }

  /** The first message from index `from` on that matches; waits for it if it has not arrived yet. */
  async waitFor<T extends LiveServerMessage['type']>(
    type: T,
    match: (data: DataOf<T>) => boolean = () => true,
    from = 0,
  ): Promise<DataOf<T>> {
    const found = await eventually(async () => {
      const message = this.ofType(type)
        .filter((m) => this.messages.indexOf(m) >= from)
        .find((m) => match(m.data as DataOf<T>));
      if (!message) throw new Error(`no ${type} message matched; received: ${JSON.stringify(this.messages)}`);
      return message;
    });
    return found.data as DataOf<T>;
  }

  close(): void {
    this.ws.close();
  }
}

export interface TestAdmin {
  adminId: number;
  sessionId: string;
  cookie: Record<string, string>;
  bearer: Record<string, string>;
}

/** An admin user and a session row, as admin-auth's login would leave them. */
export async function createAdminWithSession(
  db: Db,
  {
    expiresAt = new Date(Date.now() + 3_600_000),
    isActive = true,
  }: { expiresAt?: Date; isActive?: boolean } = {},
): Promise<TestAdmin> {
  const tag = randomUUID().slice(0, 8);
  const { id } = await db
    .insertInto('admin_users')
    .values({
      username: `operator-${tag}`,
      email: `operator-${tag}@example.test`,
      password_hash: 'not-used-here',
      is_active: isActive,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessionId = randomUUID();
  await db
    .insertInto('admin_sessions')
    .values({ session_id: sessionId, admin_id: id, expires_at: expiresAt })
    .execute();
  return {
    adminId: id,
    sessionId,
    cookie: { cookie: `${adminSessionCookie}=${sessionId}` },
    bearer: { authorization: `Bearer ${sessionId}` },
  };
}

let visitorCounter = 0;
export const visitorActivity = (overrides: Partial<LiveActivity> = {}): LiveActivity => {
  const n = ++visitorCounter;
  return {
    visitorId: `visitor-${n}-${randomUUID().slice(0, 8)}`,
    sessionId: `session-${n}`,
    currentPage: '/',
    deviceType: 'mobile',
    browser: 'Chrome',
    location: 'Bucharest',
    ...overrides,
  };
};
