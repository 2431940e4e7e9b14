// A WebSocket to /analytics-ws through the gateway, as a browser opens it (Node's own WebSocket, which
// can send the cookie or a bearer header with the handshake). Collects frames and the close code.
export interface LiveFrame {
  type: string;
  data?: unknown;
}

export interface LiveSocket {
  socket: WebSocket;
  /** Resolves with the close code, however the socket ends. */
  closed: Promise<number>;
  /** Resolves when open; rejects if the handshake fails. */
  opened: Promise<void>;
  /** The next frame of that type (frames already received count). */
  next(type: string): Promise<LiveFrame>;
  send(message: unknown): void;
}

const browserUserAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

export function openLiveSocket(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): LiveSocket {
  const url = baseUrl.replace(/^http/, 'ws') + path;
  // undici's WebSocket takes handshake headers in its options object (a browser sends its cookie itself).
  // Its own User-Agent ("node") reads as a bot, and live never counts a bot as an active user: speak as
  // the browser the dashboard's visitors use.
  const socket = new WebSocket(url, {
    // A browser's handshake from the site's own page carries Sec-Fetch-Site (the gateway requires it, or
    // Origin, of an admin socket).
    headers: { 'user-agent': browserUserAgent, 'sec-fetch-site': 'same-origin', ...headers },
  } as unknown as string[]);
  const frames: LiveFrame[] = [];
  const waiters: { type: string; resolve: (f: LiveFrame) => void }[] = [];
  socket.addEventListener('message', (event) => {
    const frame = JSON.parse(String(event.data)) as LiveFrame;
    const i = waiters.findIndex((w) => w.type === frame.type);
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(frame);
    else frames.push(frame);
  });
  const closed = new Promise<number>((resolve) => socket.addEventListener('close', (e) => resolve(e.code)));
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('socket error')));
  });
  opened.catch(() => undefined);
  return {
    socket,
    closed,
    opened,
    next: (type) =>
      new Promise<LiveFrame>((resolve) => {
        const i = frames.findIndex((f) => f.type === type);
        if (i >= 0) resolve(frames.splice(i, 1)[0]!);
        else waiters.push({ type, resolve });
      }),
    send: (message) => socket.send(JSON.stringify(message)),
  };
}
