/**
 * TCP ports for the servers the tests, the benchmark and the mocks start. Two test runs may go on at
 * once on one machine (in one checkout or in two), so no listener may count on a fixed port: each
 * takes a free one.
 *
 * A server whose public URL must name its port before it listens (the reference server prints it and
 * writes it into image URLs; Prism takes it as an argument) cannot listen on port 0 and ask afterwards.
 * It gets a port that was free a moment ago (`freePort`), and another process can bind that port in
 * between: `onFreePort` then starts it again on another one.
 */
import { createServer } from 'node:net';

/** A port nothing listened on when asked; by the time it is used another process may have taken it (see onFreePort). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether a start failed because its port was taken: the error itself, or the output of a process that said so. */
export function isAddressInUse(err: unknown): boolean {
  if (typeof err === 'object' && err !== null && (err as NodeJS.ErrnoException).code === 'EADDRINUSE') return true;
  return err instanceof Error && /EADDRINUSE/.test(err.message);
}

/**
 * Starts something on a free port; when the port was taken between `freePort` and the start (another
 * test run bound it), starts it again on another. `start` must clean up after itself when it fails.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (err) {
      if (attempt >= attempts || !isAddressInUse(err)) throw err;
    }
  }
}

/**
 * A base URL where nothing listens, for tests of an unreachable target. Port 1 (TCP multiplexing,
 * served by nothing here) is below every system's range of ephemeral ports, so unlike a port that was
 * free a moment ago no server of another test run can be given it. Loopback refuses the connection at
 * once. `label` tells several such URLs apart (a test of which option won names each source).
 */
export function unreachableUrl(label?: string): string {
  return `http://127.0.0.1:1${label ? `/${label}` : ''}/api/v1`;
}
