/**
 * A curl command line that repeats a recorded request, so an implementer can reproduce a failure with
 * nothing but a shell.
 */
import type { Exchange, RecordedRequest } from './exchange.ts';

/** Headers fetch adds by itself; repeating them would only add noise. */
const IMPLICIT_HEADERS = new Set(['content-length', 'accept-encoding', 'connection', 'host', 'user-agent', 'accept', 'accept-language', 'sec-fetch-mode']);

/** Bodies longer than this are shown shortened; the line says how long the real one was. */
const MAX_BODY_IN_CURL = 2000;

export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function toCurl(request: RecordedRequest): string {
  if (request.reproduction) return request.reproduction;
  const parts = ['curl', '-i', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of request.headers) {
    if (IMPLICIT_HEADERS.has(name.toLowerCase())) continue;
    // A multipart body is re-encoded by curl -F with its own boundary.
    if (request.curlBody && name.toLowerCase() === 'content-type') continue;
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (request.curlBody) {
    parts.push(request.curlBody);
  } else if (request.body !== undefined) {
    const body = request.body;
    if (body.length > MAX_BODY_IN_CURL) {
      parts.push('--data-binary', shellQuote(`${body.slice(0, MAX_BODY_IN_CURL)}…`));
      parts.push(`# body shortened here: the request sent ${body.length} bytes`);
    } else {
      parts.push('--data-binary', shellQuote(body));
    }
  }
  return parts.join(' ');
}

/** A script longer than this keeps its last requests; `--replay` runs the test whole. */
const MAX_REQUESTS_IN_SCRIPT = 25;

/**
 * The requests of a test as a shell script, in the order they were sent: requests that were in flight
 * at the same time run in the background (`&`) and are waited for (`wait`), as the test sent them.
 */
export function toScript(exchanges: Exchange[]): string {
  const ordered = [...exchanges].sort((a, b) => (a.startedAt ?? 0) - (b.startedAt ?? 0));
  const kept = ordered.slice(-MAX_REQUESTS_IN_SCRIPT);
  const lines: string[] = [];
  if (kept.length < ordered.length) lines.push(`# the first ${ordered.length - kept.length} requests of the test are left out; --replay runs it whole`);
  let group: Exchange[] = [];
  let groupEnd = -Infinity;
  const flush = () => {
    if (group.length === 1) lines.push(toCurl(group[0]!.request));
    else if (group.length > 1) lines.push(...group.map((exchange) => `${toCurl(exchange.request)} &`), 'wait');
    group = [];
  };
  for (const exchange of kept) {
    const start = exchange.startedAt ?? 0;
    const end = exchange.endedAt ?? start;
    // A request sent after everything before it had its answer starts a new step.
    if (group.length > 0 && start >= groupEnd) flush();
    groupEnd = group.length === 0 ? end : Math.max(groupEnd, end);
    group.push(exchange);
  }
  flush();
  return lines.join('\n');
}
