// Ports for tests and harnesses: one the OS just handed out and released (a process can listen on it
// next), and one where nothing listens (a connection to it is refused at once).
import { createServer, type AddressInfo } from 'node:net';

/** A TCP port nobody listens on right now: the OS picks one, we release it and hand it on. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A port nothing listens on: a client's connection to it is refused at once. */
export const closedPort = freePort;
