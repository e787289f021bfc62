/**
 * One request and its response, captured whole so a failure can show exactly what was sent and what came
 * back. Both the typed openapi-fetch client and the raw requests go through `exchange()`.
 */

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
  durationMs: number;
}

export interface Exchange {
  request: RecordedRequest;
  /** Absent when no response came back (connection refused or reset, timeout). */
  response?: RecordedResponse;
  error?: string;
  /** The target closed the connection without an answer (an answer of its own to some requests). */
  closed?: boolean;
}

export interface ExchangeResult {
  exchange: Exchange;
  /** A fresh Response with the captured body, for callers (openapi-fetch) that read it themselves. */
  response?: Response;
}

export interface ExchangeOptions {
  timeoutMs: number;
  curlBody?: string;
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

export async function exchange(request: Request, options: ExchangeOptions): Promise<ExchangeResult> {
  const recorded: RecordedRequest = {
    method: request.method,
    url: request.url,
    headers: headerList(request.headers),
    body: await requestBody(request),
    curlBody: options.curlBody,
  };
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(request, { signal: AbortSignal.timeout(options.timeoutMs), redirect: 'manual' });
  } catch (error) {
    return { exchange: { request: recorded, error: describeError(error) } };
  }
  let bodyBytes: Buffer;
  try {
    bodyBytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    return { exchange: { request: recorded, error: `the response body could not be read: ${describeError(error)}` } };
  }
  const recordedResponse: RecordedResponse = {
    status: response.status,
    headers: headerList(response.headers),
    body: bodyBytes.toString('utf8'),
    durationMs: Math.round(performance.now() - started),
  };
  // A body is not allowed on 204/304 in the Response constructor.
  const replayBody = [101, 204, 205, 304].includes(response.status) ? null : new Uint8Array(bodyBytes);
  return {
    exchange: { request: recorded, response: recordedResponse },
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
