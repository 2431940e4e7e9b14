// The Postgres store of the one rate limiter (service-kit rate-limit.ts): a count per key and when its
// window ends (ms since the epoch), in the shape rate-limiter-flexible's RateLimiterPostgres reads and
// writes. It counts report mails per recipient and the digest's "send me one now", which had a table of
// their own each (one row per mail or request); the windows running at the upgrade are carried over with
// their default lengths (24 h, 1 h), so nobody gets a fresh allowance from it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_limit_counters (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    );
    INSERT INTO rate_limit_counters (key, points, expire)
      SELECT 'reports-per-recipient:' || recipient_hash, count(*),
             (extract(epoch FROM min(sent_at)) * 1000)::bigint + 86400000
        FROM report_mail_sends WHERE sent_at > now() - interval '24 hours'
        GROUP BY recipient_hash;
    INSERT INTO rate_limit_counters (key, points, expire)
      SELECT 'digest-send-now:' || admin_id, count(*),
             (extract(epoch FROM min(requested_at)) * 1000)::bigint + 3600000
        FROM weekly_digest_requests WHERE requested_at > now() - interval '1 hour'
        GROUP BY admin_id;
    DROP TABLE report_mail_sends, weekly_digest_requests;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_mail_sends (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      recipient_hash text NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX report_mail_sends_recipient_idx ON report_mail_sends (recipient_hash, sent_at);
    CREATE INDEX report_mail_sends_sent_at_idx ON report_mail_sends (sent_at);
    CREATE TABLE weekly_digest_requests (
      id serial PRIMARY KEY,
      admin_id integer NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
      requested_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX weekly_digest_requests_admin_idx ON weekly_digest_requests (admin_id, requested_at);
    DROP TABLE IF EXISTS rate_limit_counters;
  `.execute(db);
}
