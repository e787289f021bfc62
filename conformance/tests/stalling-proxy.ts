/**
 * A target that can stop answering: every request is passed through to the upstream unchanged, except,
 * while `stall` is set, those it picks, which are held unanswered until the proxy closes. For the tests
 * of what a run says when --max-time stops it while its tests wait on the target: however fast the
 * machine, the cut then finds them running.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StallingProxy {
  baseUrl: string;
  /** Which requests to hold from now on; `undefined` passes every request through again. */
  stall: ((request: IncomingMessage) => boolean) | undefined;
  /** How many requests it has held so far. */
  stalled: () => number;
  close: () => Promise<void>;
}

export async function startStallingProxy(upstreamBaseUrl: string): Promise<StallingProxy> {
  const upstream = new URL(upstreamBaseUrl);
  const held = new Set<ServerResponse>();
  let stalledCount = 0;
  const server = createServer((request, response) => {
    if (proxy.stall?.(request)) {
      stalledCount++;
      held.add(response);
      request.resume();
      return;
    }
    const outgoing = forward({ host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: { ...request.headers, host: upstream.host } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    outgoing.on('error', () => response.destroy());
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const proxy: StallingProxy = {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
    stall: undefined,
    stalled: () => stalledCount,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
