// Raw-socket helpers for the gateway's limit tests: what an attacker's script sends, byte for byte.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

/** Headers announcing `Content-Length: 60000`, then one byte: resolves with what came back and when it closed. */
export function stalledBody(
  port: number,
  path = '/api/contact',
): Promise<{ text: string; closedAfterMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{`,
      );
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
    socket.on('error', reject);
  });
}

/** An open TCP connection that has sent nothing yet; `received` collects what the server writes. */
export async function openConnection(
  port: number,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return { socket, received: () => text, closed };
}

/** A WebSocket handshake: 101 when upgraded (the socket is handed back), else the refusal's status and body. */
export function handshake(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; socket?: Socket }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        ...headers,
      },
    });
    req.on('upgrade', (res, socket) => resolve({ status: res.statusCode ?? 0, body: '', socket }));
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The header of one masked client text frame announcing `length` bytes of payload (RFC 6455 §5.2), without
 * the payload: a server that checks the length refuses it at once; one that buffers waits for the bytes.
 */
export function frameHeader(length: number): Buffer {
  const header = Buffer.alloc(14);
  header[0] = 0x81; // FIN, text
  header[1] = 0x80 | 127; // masked, 64-bit length follows
  header.writeBigUInt64BE(BigInt(length), 2);
  randomBytes(4).copy(header, 10); // the masking key
  return header;
}

/** The status code of the first close frame (opcode 8) in what the server sent, if any. */
export function closeCode(received: Buffer): number | undefined {
  let at = 0;
  while (at + 2 <= received.length) {
    const opcode = received[at]! & 0x0f;
    let length = received[at + 1]! & 0x7f;
    let offset = at + 2;
    if (length === 126) {
      length = received.readUInt16BE(offset);
      offset += 2;
    } else if (length === 127) {
      length = Number(received.readBigUInt64BE(offset));
      offset += 8;
    }
    if (opcode === 8) return length >= 2 ? received.readUInt16BE(offset) : undefined;
    at = offset + length;
  }
  return undefined;
}
