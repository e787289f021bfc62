/**
 * One request and its response, captured whole so a failure can show exactly what was sent and what came
 * back. Both the typed openapi-fetch client and the raw requests go through `exchange()`.
 */
import { isUtf8 } from 'node:buffer';
import { backoffMs, retryAfterMs, type RatePolicy } from './rate-limit.ts';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: [string, string][];
  /** The body as text; binary parts are kept as Latin-1 so nothing is lost. */
  body?: string;
  /** How a curl line should send the body when it is not plain text (a multipart file). */
  curlBody?: string;
  /** A whole shell line that repeats the request, when curl alone cannot (a body that stalls). */
  reproduction?: string;
}

export interface RecordedResponse {
  status: number;
  headers: [string, string][];
  body: string;
  /** False when the body's bytes are not valid UTF-8 (the text above then holds replacement characters). */
  utf8?: boolean;
  durationMs: number;
}

export interface Exchange {
  request: RecordedRequest;
  /** Absent when no response came back (connection refused or reset, timeout). */
  response?: RecordedResponse;
  error?: string;
  /** The target closed the connection without an answer (an answer of its own to some requests). */
  closed?: boolean;
  /** Set when the target still answered 429 after the suite waited and retried as it allows: why it gave up. */
  rateLimited?: string;
  /** When the request was first sent and its answer ended (performance.now()), to tell concurrent requests apart. */
  startedAt?: number;
  endedAt?: number;
}

export interface ExchangeResult {
  exchange: Exchange;
  /** A fresh Response with the captured body, for callers (openapi-fetch) that read it themselves. */
  response?: Response;
}

export interface ExchangeOptions {
  timeoutMs: number;
  curlBody?: string;
  /** Pacing and 429 retries; without it, a 429 is an answer like any other. */
  rate?: RatePolicy;
  /** --header: sent with every request unless the request sets the header itself. */
  extraHeaders?: Record<string, string>;
}

/** The request with the run's extra headers added (a test's own value of a header wins). */
function withExtraHeaders(request: Request, extra: Record<string, string> | undefined): Request {
  if (!extra) return request;
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(extra)) if (!headers.has(name)) headers.set(name, value);
  return new Request(request, { headers });
}

function headerList(headers: Headers): [string, string][] {
  return [...headers.entries()];
}

async function requestBody(request: Request): Promise<string | undefined> {
  if (request.body === null) return undefined;
  const bytes = Buffer.from(await request.clone().arrayBuffer());
  return bytes.toString('latin1');
}

function describeError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (error instanceof Error && error.name === 'TimeoutError') return 'no response within the request timeout';
  return [error instanceof Error ? error.message : String(error), cause?.code ?? cause?.message].filter(Boolean).join(': ');
}

export async function exchange(given: Request, options: ExchangeOptions): Promise<ExchangeResult> {
  const request = withExtraHeaders(given, options.extraHeaders);
  const recorded: RecordedRequest = {
    method: request.method,
    url: request.url,
    headers: headerList(request.headers),
    body: await requestBody(request),
    curlBody: options.curlBody,
  };
  const started = performance.now();
  let response: Response;
  let rateLimited: string | undefined;
  try {
    for (let attempt = 0; ; attempt++) {
      await options.rate?.pacer?.wait();
      // A clone each time: the original's body stays unread for the next attempt.
      response = await fetch(request.clone(), { signal: AbortSignal.timeout(options.timeoutMs), redirect: 'manual' });
      if (response.status !== 429 || !options.rate) break;
      const asked = retryAfterMs(response.headers.get('retry-after'));
      const wait = asked ?? backoffMs(attempt);
      if (attempt >= options.rate.retries || wait > options.rate.maxWaitMs) {
        rateLimited =
          wait > options.rate.maxWaitMs
            ? `the target answered 429 and asked to wait ${Math.ceil(wait / 1000)} s (Retry-After), longer than the suite waits (${options.rate.maxWaitMs / 1000} s); lower --max-rate or raise the target's limit`
            : `the target still answered 429 after ${attempt} retries as Retry-After said; lower --max-rate or raise the target's limit`;
        break;
      }
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  } catch (error) {
    return { exchange: { request: recorded, error: describeError(error), startedAt: started, endedAt: performance.now() } };
  }
  let bodyBytes: Buffer;
  try {
    bodyBytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    return { exchange: { request: recorded, error: `the response body could not be read: ${describeError(error)}`, startedAt: started, endedAt: performance.now() } };
  }
  const recordedResponse: RecordedResponse = {
    status: response.status,
    headers: headerList(response.headers),
    body: bodyBytes.toString('utf8'),
    utf8: isUtf8(bodyBytes),
    durationMs: Math.round(performance.now() - started),
  };
  // A body is not allowed on 204/304 in the Response constructor.
  const replayBody = [101, 204, 205, 304].includes(response.status) ? null : new Uint8Array(bodyBytes);
  return {
    exchange: { request: recorded, response: recordedResponse, rateLimited, startedAt: started, endedAt: performance.now() },
    response: new Response(replayBody, { status: response.status, statusText: response.statusText, headers: response.headers }),
  };
}

/** The parsed JSON body of a response, or undefined when it is not JSON. */
export function jsonBody(exchange: Exchange): unknown {
  if (!exchange.response?.body) return undefined;
  try {
    return JSON.parse(exchange.response.body);
  } catch {
    return undefined;
  }
}
