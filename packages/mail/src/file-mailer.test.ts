// The embedded mode's mailer: each message becomes an .eml file a mail client (and mailparser) can read.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './index';

describe('file mailer', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });

  it('writes each message as <timestamp>-<id>.eml and logs where', async () => {
    const root = await mkdtemp(join(tmpdir(), 'bm-mail-'));
    dirs.push(root);
    const dir = join(root, 'var', 'mail'); // created on first use
    const lines: string[] = [];
    const mailer = createMailer({
      kind: 'file',
      dir,
      from: 'BodyMetrics <reports@bodymetrics.local>',
      log: (l) => lines.push(l),
    });
    await mailer.verify();

    const first = await mailer.send({
      to: 'ana@example.com',
      subject: 'First',
      text: 'one',
      html: '<b>one</b>',
    });
    await mailer.send({ to: 'ana@example.com', subject: 'Second', text: 'two', replyTo: 'x@example.org' });
    mailer.close();

    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    for (const f of files) expect(f).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);

    const parsed = await Promise.all(files.map(async (f) => simpleParser(await readFile(join(dir, f)))));
    const firstMail = parsed.find((m) => m.subject === 'First');
    expect(firstMail?.text?.trim()).toBe('one');
    expect(firstMail?.html).toContain('<b>one</b>');
    expect(firstMail?.messageId).toBe(first.messageId);
    expect(parsed.find((m) => m.subject === 'Second')?.replyTo?.text).toBe('x@example.org');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('ana@example.com');
    expect(lines[0]).toContain(dir);
  });
});
