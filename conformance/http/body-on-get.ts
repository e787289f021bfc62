/**
 * A GET (or HEAD) that carries a body. fetch refuses to send one (a GET body has no meaning in HTTP,
 * RFC 9110 section 9.3.1), but clients and proxies do send them, so a server must cope: this goes
 * through node:http. The body is sent whole, with its Content-Length.
 */
import http from 'node:http';
import https from 'node:https';
import { shellQuote } from './curl.ts';
import type { Exchange, RecordedRequest } from './exchange.ts';

export interface GetWithBody {
  /** GET unless said. */
  method?: 'GET' | 'HEAD';
  url: string;
  headers: Record<string, string>;
  /** Text, or bytes (recorded as Latin-1, as the exchange keeps binary bodies). */
  body: string | Buffer;
  timeoutMs: number;
}

export function sendGetWithBody(request: GetWithBody): Promise<Exchange> {
  const method = request.method ?? 'GET';
  const text = typeof request.body === 'string' ? request.body : request.body.toString('latin1');
  const headers = { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) };
  const curlHeaders = Object.entries(request.headers)
    .map(([name, value]) => `-H ${shellQuote(`${name}: ${value}`)}`)
    .join(' ');
  const recorded: RecordedRequest = {
    method,
    url: request.url,
    headers: Object.entries(headers),
    body: text,
    // curl sends a body with -X GET as given, without turning the request into a POST; for HEAD it
    // waits for a body that never comes, hence the time limit.
    reproduction: `curl -i -X ${method}${method === 'HEAD' ? ' --max-time 5' : ''} ${shellQuote(request.url)} ${curlHeaders} --data-binary ${shellQuote(text)}`,
  };
  const started = performance.now();
  const client = request.url.startsWith('https:') ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (exchange: Omit<Exchange, 'request'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ request: recorded, ...exchange, startedAt: started, endedAt: performance.now() });
    };
    const outgoing = client.request(request.url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () =>
        finish({
          response: {
            status: response.statusCode ?? 0,
            headers: Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
            body: Buffer.concat(chunks).toString('utf8'),
            durationMs: Math.round(performance.now() - started),
          },
        }),
      );
      response.once('error', (error) => finish({ error: `the answer broke off (${error.message})` }));
    });
    const timer = setTimeout(() => {
      outgoing.destroy();
      finish({ error: `no answer within ${request.timeoutMs / 1000} s` });
    }, request.timeoutMs);
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish({ error: `the connection closed without an answer (${error.code ?? error.message})`, closed: true }));
    outgoing.end(request.body);
  });
}
