/**
 * The run's traffic as HAR 1.2 (which browsers' developer tools and proxies open), with `--reporter
 * ...,har`. Each worker appends the exchanges it makes, redacted, to a file of its own in the report
 * directory; at the end of the run the reporter merges them, in the order they were sent, into
 * `traffic.har`. Off by default: a default run writes nothing per request.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Exchange } from './exchange.ts';
import type { Redactor } from './redact.ts';

export const HAR_FILE = 'traffic.har';
const PART = /^\.traffic-\d+-\d+\.jsonl$/;
/** Bodies longer than this are cut in the log (the hostile phase sends some of about 500 KB). */
const MAX_BODY_IN_LOG = 64 * 1024;

interface HarHeader {
  name: string;
  value: string;
}

/** Header values pass the redactor as `Name: value`, so a short secret is found where it stands. */
function harHeaders(headers: [string, string][], redact: Redactor): HarHeader[] {
  return headers.map(([name, value]) => ({ name, value: redact(`${name}: ${value}`).slice(name.length + 2) }));
}

function cut(text: string): string {
  return text.length > MAX_BODY_IN_LOG ? `${text.slice(0, MAX_BODY_IN_LOG)}… (${text.length} characters in all)` : text;
}

function headerValue(headers: [string, string][], name: string): string {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1] ?? '';
}

/** One HAR entry for an exchange, redacted. */
export function harEntry(exchange: Exchange, redact: Redactor): Record<string, unknown> {
  const { request, response } = exchange;
  const startedAt = performance.timeOrigin + (exchange.startedAt ?? performance.now());
  const url = new URL(request.url);
  const time = Math.max(0, (exchange.endedAt ?? exchange.startedAt ?? 0) - (exchange.startedAt ?? 0));
  return {
    startedDateTime: new Date(startedAt).toISOString(),
    time,
    request: {
      method: request.method,
      url: redact(request.url),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(request.headers, redact),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value: redact(value) })),
      ...(request.body !== undefined ? { postData: { mimeType: headerValue(request.headers, 'content-type'), text: redact(cut(request.body)) } } : {}),
      headersSize: -1,
      bodySize: request.body?.length ?? 0,
    },
    response: {
      status: response?.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(response?.headers ?? [], redact),
      content: { size: response?.body.length ?? 0, mimeType: headerValue(response?.headers ?? [], 'content-type'), text: redact(cut(response?.body ?? '')) },
      redirectURL: '',
      headersSize: -1,
      bodySize: response?.body.length ?? -1,
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
    ...(exchange.error ? { comment: redact(`no answer: ${exchange.error}`) } : {}),
  };
}

/** Appends an exchange to this worker's part of the log. */
export function logExchange(reportDir: string, exchange: Exchange, redact: Redactor): void {
  mkdirSync(reportDir, { recursive: true });
  appendFileSync(path.join(reportDir, `.traffic-${process.pid}-${threadId}.jsonl`), `${JSON.stringify(harEntry(exchange, redact))}\n`);
}

/** Removes parts a run left in this directory, so a log never mixes two runs. */
export function clearTrafficParts(reportDir: string): void {
  if (!existsSync(reportDir)) return;
  for (const name of readdirSync(reportDir)) if (PART.test(name)) rmSync(path.join(reportDir, name), { force: true });
}

/** Merges the workers' parts into traffic.har, in the order the requests were sent, and removes them. */
export function writeHar(reportDir: string, creator: { name: string; version: string }): string {
  const entries: Record<string, unknown>[] = [];
  if (existsSync(reportDir)) {
    for (const name of readdirSync(reportDir).filter((file) => PART.test(file))) {
      const text = readFileSync(path.join(reportDir, name), 'utf8');
      for (const line of text.split('\n')) if (line) entries.push(JSON.parse(line) as Record<string, unknown>);
    }
  }
  entries.sort((a, b) => String(a.startedDateTime).localeCompare(String(b.startedDateTime)));
  const file = path.join(reportDir, HAR_FILE);
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ log: { version: '1.2', creator, entries } }, null, 1)}\n`);
  clearTrafficParts(reportDir);
  return file;
}
