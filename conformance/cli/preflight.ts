/**
 * Before the suite starts, one request checks the target: that something answers at the base URL
 * (within --wait-for-server), that what answers is this API (JSON, not a page of HTML or a 404 for every
 * path) and that it accepts the token. A wrong setup would otherwise run hundreds of tests and report
 * every one of them as the server's fault; here it stops at once (exit 2) with one line naming the fix.
 */
import { isExcludedCheck, isExcludedRule } from '../checks/exclusions.ts';
import type { RunOptions } from '../run-options.ts';

/** The run cannot happen against this target as given: the message says what to fix. */
export class TargetUnreachable extends Error {}

/** A list every server of the contract serves at the base URL, that needs a token and changes nothing. */
const PROBE_PATH = '/pages';

const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]+\+)?json\b/i;

interface Answer {
  status: number;
  contentType: string;
  location: string | null;
  allowOrigin: string | null;
  body: string;
}

async function get(url: string, options: RunOptions, token: string): Promise<Answer> {
  const response = await fetch(url, {
    headers: { ...options.headers, Authorization: `Bearer ${token}`, Accept: 'application/json' },
    // A redirect is worth saying, not following: the suite would send every request through it.
    redirect: 'manual',
    signal: AbortSignal.timeout(options.requestTimeoutSeconds * 1000),
  });
  const body = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', location: response.headers.get('location'), allowOrigin: response.headers.get('access-control-allow-origin'), body };
}

function codeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** What a connection error means for someone who typed the URL. */
function connectionAdvice(baseUrl: string, code: string): string {
  const url = new URL(baseUrl);
  if (/SSL|TLS|EPROTO|WRONG_VERSION/i.test(code) && url.protocol === 'https:') {
    return `${url.host} does not speak TLS there (${code}): it looks like a plain-HTTP server, so use http:// instead of https:// (${baseUrl.replace(/^https:/, 'http:')}).`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `the host ${url.hostname} is not known (${code}): check the host name in --base-url.`;
  if (/HPE_|ECONNRESET/.test(code) && url.protocol === 'http:') {
    return `${url.host} closed the connection or did not answer in HTTP (${code}): if it serves HTTPS, use https:// instead of http://.`;
  }
  return `${code}. Is the server running? --wait-for-server <seconds> waits for one that is starting.`;
}

/** The first bytes of an answer, on one line, to show what answered instead of the API. */
function excerpt(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** A base URL with another path: `/api/v1` in place of another version, or added to a bare host. */
function suggestedBaseUrls(baseUrl: string, profile: RunOptions['profile']): string[] {
  const url = new URL(baseUrl);
  const origin = url.origin;
  const pathname = url.pathname.replace(/\/+$/, '');
  const candidates: string[] = [];
  const versioned = /^(.*)\/api\/v\d+$/.exec(pathname);
  if (versioned && !pathname.endsWith('/api/v1')) candidates.push(`${origin}${versioned[1]}/api/v1`);
  if (!pathname.endsWith('/api/v1')) candidates.push(`${origin}${pathname}/api/v1`, `${origin}/api/v1`);
  // The mock serves the contract's paths at its root.
  if (profile === 'mock' || pathname.endsWith('/api/v1')) candidates.push(origin);
  return [...new Set(candidates)].filter((candidate) => candidate !== baseUrl);
}

/** The first of the suggested base URLs where the probe path answers JSON other than 404. */
async function findBaseUrl(options: RunOptions): Promise<string | undefined> {
  for (const candidate of suggestedBaseUrls(options.baseUrl, options.profile)) {
    try {
      const answer = await get(`${candidate}${PROBE_PATH}`, options, options.token);
      if (answer.status !== 404 && answer.status < 500 && JSON_MEDIA_TYPE.test(answer.contentType)) return candidate;
    } catch {
      // Not there either.
    }
  }
  return undefined;
}

/** Why the API does not answer at this base URL, and which base URL to give instead when one is found. */
async function notTheApi(options: RunOptions, what: string): Promise<TargetUnreachable> {
  const found = await findBaseUrl(options);
  const fix = found
    ? `the API answers at ${found}: use --base-url ${found}.`
    : `give the URL the contract's paths are appended to (a real server's ends in /api/v1, e.g. https://your.host/api/v1; the mock's is its root).`;
  return new TargetUnreachable(`${options.baseUrl} does not serve this API: GET ${options.baseUrl}${PROBE_PATH} ${what}; ${fix}`);
}

/** Checks what answered: the API, accepting the tokens. Throws with the fix when not. */
async function judge(answer: Answer, options: RunOptions): Promise<void> {
  const probe = `GET ${options.baseUrl}${PROBE_PATH}`;
  if (answer.status >= 300 && answer.status < 400) {
    const to = answer.location ? new URL(answer.location, options.baseUrl).toString() : undefined;
    const fix = to?.startsWith('https:') && options.baseUrl.startsWith('http:') ? ' (to HTTPS: use https:// in --base-url)' : '';
    throw new TargetUnreachable(`${probe} answered ${answer.status}, a redirect${to ? ` to ${to}` : ''}${fix}; give the base URL the API answers at without a redirect.`);
  }
  // JSON under the wrong media type is the API with a fault the suite reports (content_type_conformance).
  if (!JSON_MEDIA_TYPE.test(answer.contentType) && !isJson(answer.body)) {
    const type = answer.contentType.split(';')[0] || 'no Content-Type';
    throw await notTheApi(options, `answered ${answer.status} with ${type} (${excerpt(answer.body) || 'no body'}), not the API's JSON`);
  }
  if (answer.status === 404) throw await notTheApi(options, 'answered 404');
  if (answer.status === 401) {
    const detail = detailOf(answer.body);
    throw new TargetUnreachable(
      `The target refused the token: ${probe} answered 401${detail ? ` (${detail})` : ''}. Give a valid API token of a workspace of this server in CONFORMANCE_TOKEN (or --token).`,
    );
  }
}

/**
 * The contract's CORS fields (headers.cors-present) are on every answer of a target that allows every
 * origin, its default; one restricted to a list of origins sends them only to those. The suite sends no
 * Origin unless told to, so a probe answered without Access-Control-Allow-Origin cannot say which of the
 * two it met: rather than fail every answer of the run for a setting, the run stops and names both fixes.
 */
function judgeCors(answer: Answer, options: RunOptions): void {
  if (answer.allowOrigin !== null) return;
  if (Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === 'origin')) return;
  if (isExcludedRule(options, 'headers.cors-present') || isExcludedCheck(options, 'header_values')) return;
  throw new TargetUnreachable(
    `GET ${options.baseUrl}${PROBE_PATH} answered without Access-Control-Allow-Origin to a request without Origin. ` +
      `If the target allows only a list of origins, give one of them: --header 'Origin: https://app.example'. ` +
      `Otherwise it breaks headers.cors-present (every answer carries the CORS fields when every origin is allowed, the contract's default); ` +
      `--exclude-rule headers.cors-present runs the rest without that rule.`,
  );
}

function isJson(body: string): boolean {
  try {
    JSON.parse(body);
    return body.trim() !== '';
  } catch {
    return false;
  }
}

function detailOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { detail?: unknown; title?: unknown };
    const text = typeof parsed.detail === 'string' ? parsed.detail : typeof parsed.title === 'string' ? parsed.title : undefined;
    return text ? excerpt(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Waits for the target (--wait-for-server), then checks it once. Throws TargetUnreachable with a
 * message that names the fix; returns nothing when the run can start.
 */
export async function waitForTarget(options: RunOptions): Promise<void> {
  const deadline = Date.now() + options.waitForServerSeconds * 1000;
  let lastCode = '';
  let answer: Answer | undefined;
  do {
    try {
      answer = await get(`${options.baseUrl}${PROBE_PATH}`, options, options.token);
      break;
    } catch (error) {
      lastCode = codeOf(error);
      // A TLS mismatch or an unknown host does not get better by waiting.
      if (/SSL|TLS|EPROTO|WRONG_VERSION|ENOTFOUND/i.test(lastCode)) break;
    }
    if (Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  } while (Date.now() < deadline);
  if (!answer) {
    const waited = options.waitForServerSeconds > 0 ? ` within ${options.waitForServerSeconds} s` : '';
    throw new TargetUnreachable(`Cannot reach ${options.baseUrl}${waited}: ${connectionAdvice(options.baseUrl, lastCode)}`);
  }
  await judge(answer, options);
  judgeCors(answer, options);
  if (options.token2 !== undefined) {
    const second = await get(`${options.baseUrl}${PROBE_PATH}`, options, options.token2);
    if (second.status === 401) {
      const detail = detailOf(second.body);
      throw new TargetUnreachable(
        `The target refused the second token: GET ${options.baseUrl}${PROBE_PATH} answered 401${detail ? ` (${detail})` : ''}. Give a valid token of another workspace in CONFORMANCE_TOKEN2 (or --token2), or leave it out.`,
      );
    }
  }
}
