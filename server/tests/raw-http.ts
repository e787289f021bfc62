/**
 * Requests written byte by byte on a TCP socket, for what fetch cannot send: broken framing, huge
 * headers, a body that stalls, a Content-Length the body never reaches.
 */
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connecting to the end of the answer. */
  elapsedMs: number;
}

/**
 * Connects to `origin`, writes `request`, and reads until the server closes the connection, a whole
 * answer has arrived (by its Content-Length), or `timeoutMs` passes (then it rejects).
 */
export function rawRequest(origin: string, request: string | Buffer, timeoutMs = 10_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const finish = () => {
      const answer = parse(Buffer.concat(chunks).toString('utf8'), performance.now() - started);
      if (!answer) return false;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
      return true;
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      finish();
    });
    socket.on('error', () => {}); // a reset after the answer is fine; no answer fails by the timer
    socket.on('close', () => {
      if (!finish()) {
        clearTimeout(timer);
        reject(new Error(`connection closed without a complete answer: ${JSON.stringify(Buffer.concat(chunks).toString('utf8').slice(0, 200))}`));
      }
    });
    socket.write(request);
  });
}

function parse(text: string, elapsedMs: number): RawAnswer | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = text.slice(end + 4);
  const length = Number(headers['content-length'] ?? NaN);
  if (!Number.isNaN(length) && Buffer.byteLength(body) < length) return undefined;
  return { status: Number(statusLine.split(' ')[1]), headers, body, elapsedMs };
}
