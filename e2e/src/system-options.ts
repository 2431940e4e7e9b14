// What every system under test offers, whatever its mode.
import type { Db } from '@bodymetrics/db';
import type { Mailbox } from './mailbox';

export interface AdminCredentials {
  username: string;
  password: string;
  email: string;
}

/** The operator account each system is started with (created directly in its database). */
export const e2eAdmin: AdminCredentials = {
  username: 'operator',
  password: 'cantar-e2e-2026',
  email: 'operator@bodymetrics.test',
};

/** POSTBACK_TOKEN of every system under test: the affiliate networks' postback secret. */
export const e2ePostbackToken = 'e2e-postback-secret-0123456789';

/** Where the contact form's messages go. */
export const operatorInbox = 'operator@bodymetrics.test';

/** Live presence timing: short windows let a test see a closed tab drop off the live list. */
export interface LiveTiming {
  activeWindowMs?: number;
  sweepIntervalMs?: number;
}

export interface RunningSystem {
  mode: 'distributed' | 'embedded';
  /** The one address a visitor or the operator opens (the gateway). */
  baseUrl: string;
  admin: AdminCredentials;
  mail: Mailbox;
  /** The system's own database, to check what the pipeline stored. */
  db: Db;
  /** How long a visitor who went quiet stays on the live list, at most (window plus one sweep). */
  liveDropWithinMs: number;
  /** What the system's processes said, for a failure message. */
  logs(): string;
  stop(): Promise<void>;
}
