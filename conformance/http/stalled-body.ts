/**
 * A request that declares a Content-Length over the target's limit, sends the first bytes of its body
 * and then stalls, as a slow or hostile client does. fetch cannot send a body shorter than its declared
 * length, so this goes through node:http. The target should answer 413 at once (it knows the length
 * from the headers) or close the connection; one that waits for the rest never answers.
 */
import http from 'node:http';
import https from 'node:https';
import type { Exchange, RecordedRequest } from './exchange.ts';
import { shellQuote } from './curl.ts';

export interface StalledRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The length declared in Content-Length. */
  declared: number;
  /** The bytes actually sent before stalling. */
  sent: Buffer;
  /** How long to wait for an answer while the body stalls. */
  waitMs: number;
}

/** An argument of `printf '%b'` that writes these bytes exactly (the multipart head of an upload, with its CR LF). */
function printfEscaped(bytes: Buffer): string {
  return bytes
    .toString('latin1')
    .replace(/\\/g, '\\\\')
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n');
}

/**
 * A shell line that sends what the suite sent, byte for byte where it matters: the same headers, the
 * same declared Content-Length, the same first bytes, and then nothing. curl reads the body from stdin
 * whole, then sends it with the declared length given in -H (not its own), so the body stops short
 * exactly as the suite's did and curl waits for the answer. (`curl -T -` would stream the body with
 * `Transfer-Encoding: chunked`, a different request, which a correct server may rightly refuse with 400.)
 */
function reproduction(request: StalledRequest): string {
  const headers = Object.entries({ ...request.headers, 'Content-Length': String(request.declared) })
    .map(([name, value]) => `-H ${shellQuote(`${name}: ${value}`)}`)
    .join(' ');
  const filler = request.sent.at(-1) ?? 0x20;
  const head = request.sent.subarray(0, request.sent.length - trailingRun(request.sent, filler));
  const fill = request.sent.length - head.length;
  const fillCommand = filler === 0 ? `head -c ${fill} /dev/zero` : `head -c ${fill} /dev/zero | tr '\\0' ${shellQuote(String.fromCharCode(filler))}`;
  const body = head.length > 0 ? `{ printf '%b' ${shellQuote(printfEscaped(head))}; ${fillCommand}; }` : fillCommand;
  const wait = Math.ceil(request.waitMs / 1000);
  return `${body} | curl -i -X ${request.method} ${shellQuote(request.url)} ${headers} --data-binary @- --max-time ${wait}`;
}

/** How many bytes at the end of the body are this one filler byte. */
function trailingRun(bytes: Buffer, filler: number): number {
  let count = 0;
  while (count < bytes.length && bytes[bytes.length - 1 - count] === filler) count++;
  return count;
}

export function sendStalled(request: StalledRequest): Promise<Exchange> {
  const recorded: RecordedRequest = {
    method: request.method,
    url: request.url,
    headers: [...Object.entries(request.headers), ['content-length', String(request.declared)]],
    body: `${request.sent.subarray(0, 200).toString('latin1')}… (${request.sent.length} of the ${request.declared} bytes declared, then nothing)`,
    reproduction: reproduction(request),
  };
  const started = performance.now();
  const client = request.url.startsWith('https:') ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (exchange: Omit<Exchange, 'request'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      resolve({ request: recorded, ...exchange });
    };
    const outgoing = client.request(request.url, { method: request.method, headers: { ...request.headers, 'Content-Length': String(request.declared) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      const done = () =>
        finish({
          response: {
            status: response.statusCode ?? 0,
            headers: Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
            body: Buffer.concat(chunks).toString('utf8'),
            durationMs: Math.round(performance.now() - started),
          },
        });
      response.once('end', done);
      // The target may close the connection as soon as it has answered: the answer still counts.
      response.once('error', done);
      response.once('aborted', done);
    });
    const timer = setTimeout(() => finish({ error: `no answer within ${request.waitMs / 1000} s while the body stalled after ${request.sent.length} of the ${request.declared} bytes declared` }), request.waitMs);
    // A target that refuses at once may reset the connection while the body is being written.
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish({ error: `the connection closed without an answer (${error.code ?? error.message})`, closed: true }));
    outgoing.write(request.sent);
  });
}
