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
  /** Answers a method a path does not have with 405 and an Allow header. */
  | 'method_allow';

/** Prism, the mock the project ships, as observed: see README "Profiles". */
const MOCK_LACKS: Record<Need, string> = {
  state: 'the mock keeps no state (a created resource is not there on the next request)',
  token_validation: 'the mock checks only that a bearer token is present, not whether it is valid',
  unknown_query_rejection: 'the mock ignores unknown query parameters',
  input_reflection: "the mock answers with the contract's examples whatever the input",
  parse_error_problem: "the mock answers an unparseable body with its own error, not the contract's 400 problem",
  size_limit: 'the mock has no body size limit',
  charset_rejection: 'the mock accepts a JSON body in any charset',
  upload_inspection: "the mock does not look into an upload's parts or file content",
  method_allow: 'the mock answers a method a path does not have with 405 but no Allow header',
};

/** Undefined when the profile has what is needed; otherwise the reason, ready for the report. */
export function missingCapability(profile: Profile, needs: readonly Need[]): string | undefined {
  if (profile === 'live') return undefined;
  const lacking = needs.filter((need) => MOCK_LACKS[need]);
  if (lacking.length === 0) return undefined;
  return `not applicable to mock: ${lacking.map((need) => MOCK_LACKS[need]).join('; ')}`;
}
