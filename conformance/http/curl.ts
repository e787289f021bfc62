/**
 * A curl command line that repeats a recorded request, so an implementer can reproduce a failure with
 * nothing but a shell.
 */
import type { RecordedRequest } from './exchange.ts';

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
