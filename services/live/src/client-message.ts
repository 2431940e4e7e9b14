// Turns a frame from a client into a checked message, or says why not. Never throws: a malformed frame
// gets an `error` reply and the socket carries on.
import type { RawData } from 'ws';
import { liveClientMessageSchema, type LiveClientMessage } from '@bodymetrics/contracts';

export type ParsedClientMessage = { ok: true; message: LiveClientMessage } | { ok: false; reason: string };

export function parseClientMessage(data: RawData, isBinary: boolean): ParsedClientMessage {
  if (isBinary) return { ok: false, reason: 'messages must be JSON text' };
  const text = Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'message is not valid JSON' };
  }
  const parsed = liveClientMessageSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return { ok: false, reason: `${where}${issue?.message ?? 'invalid message'}`.slice(0, 200) };
  }
  return { ok: true, message: parsed.data };
}
