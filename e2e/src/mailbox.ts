// Where the system's outgoing mail ends up, read the way a person would read it (parsed with mailparser):
// the SMTP sink of the distributed mode, or the .eml files the embedded mode writes.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { SmtpSink } from '@bodymetrics/testing';

export interface Mailbox {
  /** Every message delivered so far. */
  messages(): Promise<ParsedMail[]>;
  /** The first delivered message that matches, waiting for it to arrive. */
  waitFor(predicate: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
}

/** Addresses of a parsed To/Reply-To header, lower-cased. */
export function addressesOf(field: ParsedMail['to'] | ParsedMail['replyTo']): string[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

export const sentTo = (address: string) => (mail: ParsedMail) =>
  addressesOf(mail.to).includes(address.toLowerCase());

export function smtpMailbox(sink: SmtpSink): Mailbox {
  return {
    messages: () => Promise.resolve([...sink.messages]),
    waitFor: (predicate, timeoutMs = 15_000) => sink.waitFor(predicate, timeoutMs),
  };
}

export function emlFolderMailbox(dir: string): Mailbox {
  const read = async (): Promise<ParsedMail[]> => {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
    return Promise.all(names.map(async (n) => simpleParser(await readFile(join(dir, n)))));
  };
  return {
    messages: read,
    waitFor: async (predicate, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await read()).find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching mail in ${dir} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
  };
}
