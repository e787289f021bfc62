/**
 * One request and its response, captured whole so a failure can show exactly what was sent and what came
 * back. Both the typed openapi-fetch client and the raw requests go through `exchange()`, which sends
 * through node:http (send.ts: what that keeps of fetch's behaviour, and why not fetch).
 */
import { isUtf8 } from 'node:buffer';
import { backoffMs, retryAfterMs, type RatePolicy } from './rate-limit.ts';
import { send, SendError, type WireResponse } from './send.ts';
import { wireRequest, type PlainRequest } from './wire-request.ts';

export type { PlainRequest } from './wire-request.ts';

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
  /** A fresh Response with the captured body, for callers (openapi-fetch) that read it themselves; made when asked for. */
  response?: Response;
  /** The answer's body, byte for byte (an image read at its URL), without making a Response. */
  bytes?: Buffer;
}

export interface ExchangeOptions {
  timeoutMs: number;
  curlBody?: string;
  /** Pacing and 429 retries; without it, a 429 is an answer like any other. */
  rate?: RatePolicy;
  /** --header: sent with every request unless the request sets the header itself. */
  extraHeaders?: Record<string, string>;
}

function header(answer: WireResponse, name: string): string | null {
  return answer.headers.find(([field]) => field === name)?.[1] ?? null;
}

/** An answer, with the Response openapi-fetch reads made only when a caller asks for it (most never do). */
class AnsweredExchange implements ExchangeResult {
  private replay?: Response;

  constructor(
    readonly exchange: Exchange,
    private readonly answer: WireResponse,
  ) {}

  get bytes(): Buffer {
    return this.answer.body;
  }

  get response(): Response {
    if (!this.replay) {
      const { status, statusText, headers, body } = this.answer;
      // A body is not allowed on 204/304 in the Response constructor (which copies the bytes it is given).
      const replayBody = [101, 204, 205, 304].includes(status) ? null : body;
      this.replay = new Response(replayBody, { status, statusText, headers });
    }
    return this.replay;
  }
}

/**
 * A refusal that asks to be tried again: a 429, and a 503 that says when (Retry-After). The contract
 * gives a server at capacity a 503 with Retry-After for work it has not begun, so waiting it out is
 * what a client does; a 503 without Retry-After is judged as it is.
 */
function refusedForNow(status: number, retryAfterMs: number | undefined): boolean {
  return status === 429 || (status === 503 && retryAfterMs !== undefined);
}

export async function exchange(given: Request | PlainRequest, options: ExchangeOptions): Promise<ExchangeResult> {
  const wire = await wireRequest(given, options.extraHeaders);
  const recorded: RecordedRequest = {
    method: wire.method,
    url: wire.url,
    headers: wire.headers,
    body: wire.body?.toString('latin1'),
    curlBody: options.curlBody,
  };
  const started = performance.now();
  let answer: WireResponse;
  let rateLimited: string | undefined;
  try {
    for (let attempt = 0; ; attempt++) {
      await options.rate?.pacer?.wait();
      answer = await send(wire, options.timeoutMs);
      const asked = retryAfterMs(header(answer, 'retry-after'));
      if (!options.rate || !refusedForNow(answer.status, asked)) break;
      const wait = asked ?? backoffMs(attempt);
      if (attempt >= options.rate.retries || wait > options.rate.maxWaitMs) {
        const refusal = answer.status === 429 ? 'answered 429' : 'answered 503 (at capacity)';
        const remedy = answer.status === 429 ? "lower --max-rate or raise the target's limit" : 'run it again when the target is less busy, or lower --max-rate';
        rateLimited =
          wait > options.rate.maxWaitMs
            ? `the target ${refusal} and asked to wait ${Math.ceil(wait / 1000)} s (Retry-After), longer than the suite waits (${options.rate.maxWaitMs / 1000} s); ${remedy}`
            : `the target still ${refusal} after ${attempt} retries as Retry-After said; ${remedy}`;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  } catch (error) {
    const failure = error instanceof SendError && error.stage === 'body' ? `the response body could not be read: ${error.message}` : error instanceof Error ? error.message : String(error);
    return { exchange: { request: recorded, error: failure, startedAt: started, endedAt: performance.now() } };
  }
  const recordedResponse: RecordedResponse = {
    status: answer.status,
    headers: answer.headers,
    body: answer.body.toString('utf8'),
    utf8: isUtf8(answer.body),
    durationMs: Math.round(performance.now() - started),
  };
  return new AnsweredExchange({ request: recorded, response: recordedResponse, rateLimited, startedAt: started, endedAt: performance.now() }, answer);
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
