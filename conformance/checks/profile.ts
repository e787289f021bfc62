/**
 * What a target can be expected to do, by profile. A test declares what it needs; when the profile lacks
 * it, the test is reported "not applicable" with the reason below instead of being run and failed.
 */

export type Profile = 'live' | 'mock';

export const PROFILES: readonly Profile[] = ['live', 'mock'];

export type Need =
  /** Remembers what it was told: a created resource can be read back, a delete sticks. */
  | 'state'
  /** Tells a valid token from an invalid one, and one workspace from another. */
  | 'token_validation'
  /** Rejects query parameters the operation does not declare. */
  | 'unknown_query_rejection'
  /** Rejects a query parameter sent with an empty value (`?status=`) instead of reading it as absent. */
  | 'empty_value_rejection'
  /** Answers from the request's input rather than with fixed examples. */
  | 'input_reflection'
  /** Answers a body it cannot parse (JSON or multipart) with the contract's 400 problem. */
  | 'parse_error_problem'
  /** Refuses bodies over the contract's size limit. */
  | 'size_limit'
  /** Refuses a JSON body in a charset other than UTF-8. */
  | 'charset_rejection'
  /** Refuses an upload with more than one part, or a file that is not an image it takes. */
  | 'upload_inspection'
  /** Counts a token's requests and refuses them past a quota. */
  | 'rate_limiting'
  /** Refuses whole numbers in paths and queries spelled other than in plain decimal (1e0, 0x1, +1, 01, ' 1', 1.0). */
  | 'canonical_numbers'
  /** Refuses text that is not well-formed Unicode: lone surrogates, bytes that are not UTF-8. */
  | 'well_formed_text'
  /** Decodes a body's Content-Encoding, or refuses one it does not support. */
  | 'content_decoding'
  /** Answers HEAD where it answers GET. */
  | 'head'
  /** Spends bounded time on any body: many unknown keys or deep nesting are refused early. */
  | 'bounded_cost'
  /** Answers a method a path does not have with 405 and an Allow header. */
  | 'method_allow'
  /** Ignores a body sent to an operation that takes none (a GET's). */
  | 'body_ignored'
  /** Reads tabs as the optional white space around a media type parameter's `;` (RFC 9110 section 5.6.6). */
  | 'tab_white_space'
  /** Refuses a JSON body under a `+json` structured-suffix type (merge-patch+json, ld+json, ...) with 415. */
  | 'json_suffix_refused'
  /** Takes the Bearer scheme in any letter case (`bearer`, `BEARER`), as HTTP's auth-scheme is (RFC 9110 section 11.1). */
  | 'scheme_any_case'
  /** Refuses a JSON `null` sent as the body where the body is optional (sendEmail's) with 422, as it refuses any body not an object. */
  | 'optional_body_null_refused';

/** Prism, the mock the project ships, as observed: see README "Profiles". */
const MOCK_LACKS: Record<Need, string> = {
  state: 'the mock keeps no state (a created resource is not there on the next request)',
  token_validation: 'the mock checks only that a bearer token is present, not whether it is valid',
  unknown_query_rejection: 'the mock ignores unknown query parameters',
  empty_value_rejection: 'the mock reads a query parameter with an empty value (?status=) as one not sent',
  input_reflection: "the mock answers with the contract's examples whatever the input",
  parse_error_problem: "the mock answers an unparseable body with its own error, not the contract's 400 problem",
  size_limit: 'the mock has no body size limit',
  charset_rejection: 'the mock accepts a JSON body in any charset',
  upload_inspection: "the mock does not look into an upload's parts or file content",
  rate_limiting: 'the mock has no rate limit (it sends no RateLimit fields and never answers 429 on its own)',
  canonical_numbers: 'the mock accepts whole numbers spelled with an exponent, in hexadecimal, with a sign, padding, white space or a fraction',
  well_formed_text: 'the mock accepts lone surrogates and bytes that are not UTF-8',
  content_decoding: 'the mock ignores Content-Encoding (it neither decodes a body nor refuses an encoding)',
  head: 'the mock answers HEAD with 405',
  bounded_cost: "the mock's cost is not bounded: it logs every unknown key (20,000 take it seconds) and JSON nested thousands of levels deep crashes it",
  method_allow: 'the mock answers a method a path does not have with 405 but no Allow header',
  body_ignored: 'the mock parses a body sent with GET and answers 400 when it is not JSON',
  tab_white_space: "the mock answers a JSON body whose Content-Type has a tab around a parameter's ';' 500 or 422 (spaces it reads)",
  json_suffix_refused: 'the mock reads a body under any `+json` type (merge-patch+json, ld+json, problem+json) as JSON',
  scheme_any_case: 'the mock takes the Bearer scheme only as `Bearer`: it answers a token sent as `bearer <token>` or `BEARER <token>` 401',
  optional_body_null_refused: 'the mock reads a JSON `null` sent where the body is optional (sendEmail) as no body, and accepts it',
};

/**
 * The headers the contract declares (`required: false`) that only a target with a capability sends: the
 * mock counts no requests, so it sends no rate-limit fields. A target with the capability sends them on
 * every answer whose status declares them (responses.declared-headers).
 */
const HEADERS_OF_CAPABILITY: Partial<Record<Need, readonly string[]>> = { rate_limiting: ['RateLimit', 'RateLimit-Policy'] };

/** The declared headers, lowercase, that a target of the profile may leave out of its answers. */
export function omittableHeaders(profile: Profile): ReadonlySet<string> {
  const needs = Object.keys(HEADERS_OF_CAPABILITY) as Need[];
  return new Set(needs.filter((need) => missingCapability(profile, [need]) !== undefined).flatMap((need) => HEADERS_OF_CAPABILITY[need]!.map((name) => name.toLowerCase())));
}

/** Undefined when the profile has what is needed; otherwise the reason, ready for the report. */
export function missingCapability(profile: Profile, needs: readonly Need[]): string | undefined {
  if (profile === 'live') return undefined;
  const lacking = needs.filter((need) => MOCK_LACKS[need]);
  if (lacking.length === 0) return undefined;
  return `not applicable to mock: ${lacking.map((need) => MOCK_LACKS[need]).join('; ')}`;
}
