/** A loopback port for a server about to start: tests, journeys and benches that start one of their own. */
import { createServer } from 'node:net';

/** A port nothing listens on on 127.0.0.1, the moment it is returned. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
