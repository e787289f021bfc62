/**
 * An upload refused before its body was read (admission's 503) is answered without the server
 * reading that body (http/refused-body.ts): Node used to read and drop the whole of it after the
 * answer, up to 10 MiB a refused upload, and with 60 refused at once that reading filled every turn
 * of the event loop while connections behind them waited to be accepted.
 *
 * What is checked is what the server read from the refused upload's connection, as its own trace
 * (server/tests/server-trace.ts) reports when that connection closes, not a time. The client sends
 * the whole 10 MiB body and, once it has its answer, waits until it has handed the body to the
 * connection or the server has closed it, then ends its side: a server that drains the body reads all
 * of it; one that leaves it unread has read little more than the headers.
 */
import net from 'node:net';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_ADMISSION } from '../http/body-admission.ts';
import { DEV_TOKEN, startServerProcess, stopAllProcesses, type ServerProcess } from './processes.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

afterEach(async () => {
  await stopAllProcesses();
  removeTempDirs();
});

const startScript: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts.start;
const heapFlags = (startScript.match(/--max-[a-z-]+-size=\d+/g) ?? []).join(' ');

const BOUNDARY = 'refused-upload';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A 10 MiB image as a multipart body. */
const BODY = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="image.png"\r\nContent-Type: image/png\r\n\r\n`),
  PNG,
  Buffer.alloc(10 * 1024 * 1024 - PNG.length),
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

function head(server: ServerProcess, trace: string): string {
  return (
    `POST /api/v1/images/upload HTTP/1.1\r\nHost: ${new URL(server.origin).host}\r\nAuthorization: Bearer ${DEV_TOKEN}\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${BODY.length}\r\nX-Trace: ${trace}\r\n\r\n`
  );
}

async function connect(server: ServerProcess): Promise<net.Socket> {
  const { hostname, port } = new URL(server.origin);
  const socket = net.connect(Number(port), hostname);
  await once(socket, 'connect');
  return socket;
}

/** Resolves with the head of the first answer on `socket`. */
function answerHead(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end >= 0) resolve(received.slice(0, end));
    });
    socket.once('close', () => reject(new Error(`closed before an answer: ${received}`)));
  });
}

describe('an upload refused before its body is read', () => {
  it('is answered 503 with Retry-After, and the server does not read its body', { timeout: 120_000 }, async () => {
    const server = await startServerProcess(makeTempDir('refused-upload'), { NODE_OPTIONS: heapFlags, RATE_LIMIT_PER_TOKEN: '1000000' }, 60_000, {
      preload: ['server/tests/server-trace.ts'],
    });
    // Uploads that hold every place the workspace may have in admission (running and waiting): each
    // sends its headers and the start of its body, then nothing more.
    const holders = await Promise.all(
      Array.from({ length: UPLOAD_ADMISSION.runningPerKey + UPLOAD_ADMISSION.waitingPerKey }, async () => {
        const socket = await connect(server);
        socket.on('error', () => {});
        socket.write(head(server, 'holder'));
        socket.write(BODY.subarray(0, 1024));
        return socket;
      }),
    );
    try {
      // Uploads sent whole until one is refused (the first may come before every holder is admitted).
      let refused: { name: string; socket: net.Socket; answer: string; sent: Promise<unknown> } | undefined;
      for (let attempt = 0; !refused; attempt++) {
        expect(attempt, 'an upload refused while admission is full').toBeLessThan(20);
        const socket = await connect(server);
        socket.on('error', () => {});
        const answer = answerHead(socket);
        socket.write(head(server, `upload-${attempt}`));
        // Handed to the connection whole, or cut by the server.
        const sent = new Promise((resolve) => {
          socket.write(BODY, resolve);
          socket.once('close', resolve);
        });
        const got = await answer;
        if (got.startsWith('HTTP/1.1 503')) refused = { name: `upload-${attempt}`, socket, answer: got, sent };
        else socket.destroy();
      }
      expect(refused.answer).toMatch(/^retry-after: \d+$/im);
      await refused.sent;
      refused.socket.end();
      if (!refused.socket.destroyed) await once(refused.socket, 'close');
      // The server's trace of that connection's close.
      const closed = new RegExp(`^trace closed ${refused.name} (\\d+)$`, 'm');
      let read: number | undefined;
      for (let waited = 0; read === undefined; waited++) {
        expect(waited, 'the server traced the refused connection closed').toBeLessThan(600);
        const match = closed.exec(server.output());
        read = match ? Number(match[1]) : undefined;
        if (read === undefined) await sleep(50);
      }
      // Draining, the server read the whole 10 MiB; leaving the body unread, the headers and at most a
      // chunk or two of the body (what one read of the socket takes).
      expect(read, `the server read ${read} bytes of a refused upload of ${BODY.length}`).toBeLessThan(1024 * 1024);
    } finally {
      for (const socket of holders) socket.destroy();
    }
  });
});
