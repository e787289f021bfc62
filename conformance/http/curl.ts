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

/** UTF-8 text a shell argument can carry as it is: no NUL and no control character but tab and line breaks. */
function asShellText(bytes: Buffer): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  return /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text) ? undefined : text;
}

/** An argument of `printf '%b'` (POSIX: `\0ddd` octal escapes) that writes exactly these bytes. */
function printfBytes(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) {
    if (byte === 0x5c) out += '\\\\';
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\0${byte.toString(8).padStart(3, '0')}`;
  }
  return out;
}

export function toCurl(request: RecordedRequest): string {
  if (request.reproduction) return request.reproduction;
  // curl -X HEAD would wait for a body that never comes; --head sends HEAD and reads none.
  const parts = request.method === 'HEAD' ? ['curl', '-i', '--head', shellQuote(request.url)] : ['curl', '-i', '-X', request.method, shellQuote(request.url)];
  // The body is kept as Latin-1 (one character per byte): the bytes sent are those of the characters.
  const bytes = request.body === undefined || request.curlBody ? undefined : Buffer.from(request.body, 'latin1');
  const text = bytes && asShellText(bytes);
  for (const [name, value] of request.headers) {
    if (IMPLICIT_HEADERS.has(name.toLowerCase())) continue;
    // A multipart body is re-encoded by curl -F with its own boundary.
    if (request.curlBody && name.toLowerCase() === 'content-type') continue;
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (request.curlBody) {
    parts.push(request.curlBody);
  } else if (bytes && text === undefined && bytes.length <= MAX_BODY_IN_CURL) {
    // Bytes that are not UTF-8 text (an invalid sequence, NUL, a compressed body) go through printf, so
    // the line sends them exactly; a report in UTF-8 could not carry them inside quotes.
    parts.unshift(`printf '%b' ${shellQuote(printfBytes(bytes))} |`);
    parts.push('--data-binary', '@-');
  } else if (request.body !== undefined) {
    const body = text ?? request.body;
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
