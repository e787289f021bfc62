/**
 * Header rules about values, not only syntax: that every answer carries the CORS fields
 * (`headers.cors-present`), which headers a browser script may read (`headers.cors-exposed`), what the
 * rate-limit fields say and may reveal, and which limit they name (`headers.rate-limit-values`),
 * and how long `Retry-After` asks a client to wait (`headers.retry-after-value`).
 * The syntax of each field is the validator's; these are the relations between values that a schema
 * cannot state.
 */

/** The headers a browser script needs and the contract lets it read (Access-Control-Expose-Headers). */
export const EXPOSED_HEADERS = ['WWW-Authenticate', 'Allow', 'Location', 'RateLimit', 'RateLimit-Policy', 'Retry-After'];

/** The pattern of each parameter name, made once: every answer's fields are read for them. */
const parameterPatterns = new Map<string, RegExp>();

/** A parameter of the first member of a structured field: `r` of `"token"; r=19998; t=60`. */
function parameter(field: string, name: string): string | undefined {
  const first = field.split(',')[0] ?? '';
  let pattern = parameterPatterns.get(name);
  if (!pattern) parameterPatterns.set(name, (pattern = new RegExp(`;\\s*${name}=([^;,]*)`)));
  return pattern.exec(first)?.[1]?.trim();
}

function numberOf(field: string, name: string): number | undefined {
  const value = parameter(field, name);
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The first member of a `RateLimit` field: its policy, the requests remaining (`r`) and the seconds to the reset (`t`). */
export function rateLimitMember(field: string): { policy: string; remaining: number; resetSeconds: number } | undefined {
  const policy = /^\s*"([^"]*)"/.exec(field)?.[1];
  const remaining = numberOf(field, 'r');
  const resetSeconds = numberOf(field, 't');
  if (policy === undefined || remaining === undefined || resetSeconds === undefined) return undefined;
  return { policy, remaining, resetSeconds };
}

/**
 * The wait `Retry-After` asks for, in seconds: delay-seconds, or an HTTP date counted from the answer's
 * `Date` (RFC 9110 section 10.2.3); undefined when it is neither.
 */
export function retryAfterSeconds(value: string, date: string | null): number | undefined {
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  const now = date !== null ? Date.parse(date) : Date.now();
  return Number.isNaN(at) || Number.isNaN(now) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** How a run against a target restricted to a list of origins is checked, for the failure's message. */
const RESTRICTED_ORIGINS_HINT = "a target restricted to a list of origins is checked with --header 'Origin: <an origin on its list>'";

/**
 * What is missing of the CORS fields an answer must carry (headers.cors-present), given the `Origin` the
 * request carried. The suite sends none of its own, so under the contract's default (every origin
 * allowed) every answer carries both fields with `*`; a run that sends an `Origin` (`--header`) says it
 * is one the target allows, so the answer names it or `*`.
 */
export function corsPresenceProblems(headers: Headers, requestOrigin: string | null): string[] {
  const problems: string[] = [];
  const allowOrigin = headers.get('access-control-allow-origin');
  const from = requestOrigin === null ? 'a request without Origin (every origin is allowed by default)' : `a request from ${requestOrigin}`;
  if (allowOrigin === null) problems.push(`the answer to ${from} carries no Access-Control-Allow-Origin: a browser script cannot read it (${RESTRICTED_ORIGINS_HINT})`);
  else if (allowOrigin.trim() !== '*' && allowOrigin.trim() !== requestOrigin) {
    problems.push(`Access-Control-Allow-Origin is "${allowOrigin}" on the answer to ${from}; expected * or the request's own origin`);
  }
  if (headers.get('access-control-expose-headers') === null) problems.push(`the answer to ${from} carries no Access-Control-Expose-Headers: a browser script cannot read ${EXPOSED_HEADERS.join(', ')}`);
  return problems;
}

/**
 * What is wrong with the values of an answer's headers, in words; empty when nothing is. `requestOrigin`
 * is the `Origin` the request carried (null: none), for the CORS fields every answer carries.
 */
export function headerValueProblems(
  headers: Headers,
  secrets: readonly string[],
  status: number,
  requestOrigin: string | null,
  /** Whether the target counts requests, so its fields name a limit it keeps (the mock echoes examples). */
  countsRequests = true,
): { rule: string; problem: string }[] {
  const problems: { rule: string; problem: string }[] = corsPresenceProblems(headers, requestOrigin).map((problem) => ({ rule: 'headers.cors-present', problem }));
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null && (status === 429 || status === 503)) {
    const wait = retryAfterSeconds(retryAfter, headers.get('date'));
    const window = status === 429 ? numberOf(headers.get('ratelimit-policy') ?? '', 'w') : undefined;
    // Whether the syntax is the contract's is response_headers_conformance's to say; this judges the wait.
    if (wait === undefined) problems.push({ rule: 'headers.retry-after-value', problem: `Retry-After is "${retryAfter}": neither a number of seconds nor an HTTP date` });
    else if (window !== undefined && wait > window) {
      problems.push({ rule: 'headers.retry-after-value', problem: `Retry-After asks for ${wait} s, longer than the ${window} s window RateLimit-Policy announces: the window's reset lets requests through sooner` });
    }
  }
  const exposed = headers.get('access-control-expose-headers');
  if (exposed !== null) {
    const listed = new Set(exposed.split(',').map((name) => name.trim().toLowerCase()));
    // `*` exposes every header to a request without credentials, which is how this API is called.
    const missing = listed.has('*') ? [] : EXPOSED_HEADERS.filter((name) => !listed.has(name.toLowerCase()));
    if (missing.length) problems.push({ rule: 'headers.cors-exposed', problem: `Access-Control-Expose-Headers is "${exposed}": a browser script cannot read ${missing.join(', ')}` });
  }
  const limit = headers.get('ratelimit');
  const policy = headers.get('ratelimit-policy');
  if (limit !== null && policy !== null) {
    const [remaining, quota, reset, window] = [numberOf(limit, 'r'), numberOf(policy, 'q'), numberOf(limit, 't'), numberOf(policy, 'w')];
    if (remaining !== undefined && quota !== undefined && remaining > quota) problems.push({ rule: 'headers.rate-limit-values', problem: `RateLimit says ${remaining} requests remain, more than the policy's quota of ${quota}` });
    if (reset !== undefined && window !== undefined && reset > window) problems.push({ rule: 'headers.rate-limit-values', problem: `RateLimit says the window resets in ${reset} s, later than the policy's window of ${window} s` });
  }
  // "Every answer reports the limit it was counted against": a request whose token was accepted against
  // that token, whatever was wrong with the rest of it (authentication is judged first: a 404, 409 or
  // 422 was counted against the token), one that failed authentication (401) against its client
  // address. A 429 may be either limit's, and a 5xx may come before authentication: neither is judged.
  const countedAgainst = !countsRequests ? undefined : status === 401 ? 'address' : status >= 200 && status < 500 && status !== 429 ? 'token' : undefined;
  for (const [name, value] of [['RateLimit', limit], ['RateLimit-Policy', policy]] as const) {
    if (value === null) continue;
    const policyName = /^\s*"([^"]*)"/.exec(value)?.[1];
    if (countedAgainst !== undefined && policyName !== undefined && policyName !== countedAgainst) {
      problems.push({ rule: 'headers.rate-limit-values', problem: `${name} names the policy "${policyName}" on a ${status} answer; a request ${countedAgainst === 'address' ? 'that failed authentication counts against its client address ("address")' : 'with an accepted token counts against that token ("token")'}` });
    }
    const key = parameter(value, 'pk')?.replace(/^:|:$/g, '');
    const decoded = key ? Buffer.from(key, 'base64').toString('utf8') : '';
    const shown = secrets.filter((secret) => secret.length >= 8 && (value.includes(secret) || decoded.includes(secret) || (decoded.length >= 8 && secret.includes(decoded))));
    if (shown.length) problems.push({ rule: 'headers.rate-limit-values', problem: `${name} reveals the request's token (${key ? 'its partition key is the token' : 'the field holds it'})` });
  }
  return problems;
}
