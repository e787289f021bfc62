/**
 * Every check the suite reports, with the contract rule it stands for. Names follow Schemathesis where
 * Schemathesis has the check, so a result maps onto a baseline people know; the others are named after
 * the contract rule they test.
 */

import { missingCapability, type Need, type Profile } from './profile.ts';

export const CHECKS = {
  // Applied to every response of every test.
  not_a_server_error: { group: 'response', rule: 'No response is a 5xx server error (a 503 the operation declares, the answer of a server at capacity, is not one).', rules: ['responses.no-server-error'] },
  status_code_conformance: { group: 'response', rule: 'The status code is one the operation declares.', rules: ['responses.declared-status'] },
  content_type_conformance: {
    group: 'response',
    rule: 'The Content-Type is the media type declared for that status (application/json or application/problem+json); a status declared without content has no body. A JSON answer is UTF-8 (RFC 8259): a charset parameter, if any, is utf-8, and the bytes decode as UTF-8.',
    rules: ['responses.media-type'],
  },
  response_schema_conformance: {
    group: 'response',
    rule: "The body is valid against the operation's schema for that status; a problem document's status is the response's.",
    rules: ['responses.every-field', 'responses.timestamps-utc', 'errors.problem-details'],
  },
  response_headers_conformance: {
    group: 'response',
    rule: 'Headers the contract declares for that status are present and valid: WWW-Authenticate: Bearer on every 401, Retry-After on every 429, and RateLimit, RateLimit-Policy and the CORS headers in their declared syntax wherever they are sent.',
    rules: ['responses.declared-headers'],
  },
  // A check of its own, so a missing or malformed header does not also count against these rules.
  header_values: {
    group: 'response',
    rule: "What the headers say: every answer carries Access-Control-Allow-Origin (* or the request's origin) and Access-Control-Expose-Headers, which names every header a browser script must read; RateLimit and RateLimit-Policy name the limit the request was counted against (token, or address for a 401), and the remaining requests and reset stay within the policy's quota and window without revealing the token; a request sent after another's answer, under the same limit and in the same window, reports fewer requests remaining; a 429's Retry-After asks for no longer than that window; a 201's Location is the URL of the created resource, the create's path and the new id, on every create the run makes.",
    rules: ['headers.cors-present', 'headers.cors-exposed', 'headers.rate-limit-values', 'headers.retry-after-value', 'headers.location-created'],
  },
  write_only_fields_hidden: {
    group: 'response',
    rule: "No success answer shows a field that the contract's request schemas mark writeOnly (a post's content_md and author_id, an email's content_md), in the resource or in a list's items.",
    rules: ['responses.write-only-fields'],
  },

  fixed_fields: {
    group: 'response',
    // Judged across answers: a target that keeps no state answers examples, not resources.
    needs: ['state'],
    rule: "The fields no operation changes read the same in every answer that shows the resource, until it is deleted: id, created_at, workspace_id, the page or newsletter it belongs to, a page's domain, a post's first_published_at once set.",
    rules: ['resources.fixed-fields'],
  },

  timestamps_not_ahead: {
    group: 'response',
    // A target that keeps no state answers examples, whose dates say nothing about when it answered.
    needs: ['state'],
    rule: "A timestamp that records an event (created_at, updated_at, first_published_at, sent_at, verified_at: every ..._at but scheduled_at) is not later than the answer that shows it, by its Date (a second's resolution) or, without one, by the suite's clock.",
    rules: ['responses.timestamps-not-ahead'],
  },

  upload_url_own: {
    group: 'response',
    // Judged across answers: a target that keeps no state answers an example's URL to every upload.
    needs: ['state'],
    rule: "Every accepted upload of the run is answered a URL that no other upload was answered, an upload of the same file included, and that cannot be guessed from another upload's URL: the two differ in 8 characters or more, and not by a small number read as hexadecimal; uploads made one after another vary in characters worth 96 random bits or more, and are not named in the order they were made.",
    rules: ['image.url-per-upload', 'image.url-unguessable'],
  },

  problem_title_per_type: {
    group: 'response',
    // Judged across answers; the mock's problems are the contract's examples, one title to a type.
    rule: "Every problem document of the run with the same type has the same title, whatever operation, test or cause it answers (about:blank: the same status).",
    rules: ['errors.title-per-type'],
  },

  list_page_filled: {
    group: 'response',
    // A target that keeps no state answers examples, whose envelopes need not add up.
    needs: ['state'],
    rule: 'Every list answer holds the items its envelope leaves for the page: size on a page before the last, total - (page - 1) * size on the last, none past the end.',
    rules: ['lists.envelope-arithmetic'],
  },

  timestamps_in_order: {
    group: 'http',
    // Judged over a test's own writes, one after another's answer: a target without state stamps nothing.
    needs: ['state'],
    rule: "A write sent after another write's answer was received records for itself (created_at of a create, updated_at of an update) a time no earlier than the one that answer recorded: a stamp ahead of the clock by less than the Date's second shows as a later write's earlier time.",
    rules: ['responses.timestamps-in-order'],
  },

  no_internals_disclosed: {
    group: 'response',
    rule: 'An error body shows no source file with a line number, no stack frame and no SQL statement or driver error, in any of its texts.',
    rules: ['errors.no-visible-internals'],
  },

  // Input handling.
  negative_data_rejection: {
    group: 'input',
    rule: 'Invalid input is answered with the declared 4xx and a problem body, never 2xx or 5xx: 422 for a schema violation in body, query or path (an unknown field or query parameter included); 400 for a body that cannot be parsed; 415 for a wrong content type or charset; 413 for a body over the limit (1 MiB of JSON, 10 MiB of image). A 422 names the broken input in errors, and no field the request did not send or sent valid; for more broken inputs than it lists (20), it lists that many and its detail says how many there were.',
  },
  positive_data_acceptance: { group: 'input', rule: 'Valid input, including boundary values, is accepted with the declared success status.' },
  null_as_absent: {
    group: 'input',
    rule: 'An optional field sent as null in a create is taken as absent (a slug derived, Markdown rendered when content_html is null); in an update, null clears the field it names and changes no other; an empty content_html beside content_md is given, not absent: kept as ""; an optional field left out reads as its default whatever the fields sent beside it hold, but what the contract derives (a slug, content_md rendered).',
  },

  // Security.
  ignored_auth: {
    group: 'security',
    rule: 'A request without a token, with a malformed Authorization header or with a wrong token is answered 401 with WWW-Authenticate: Bearer.',
  },
  workspace_isolation: {
    group: 'security',
    rule: "A resource of another workspace is answered 404 (never 200 or 403) and is never listed or changed.",
  },
  rate_limit_enforced: {
    group: 'security',
    rule: 'Past the requests its RateLimit field says remain, a token is answered 429: a problem with Retry-After in seconds, and RateLimit saying none remain (opt-in probe, --probe-rate-limit).',
  },

  // HTTP behaviour.
  head_as_get: {
    group: 'http',
    rule: 'HEAD on every path with GET answers what GET answers, for every status: the same status and declared headers, and no body.',
  },
  missing_resource: { group: 'http', rule: 'An id that names no resource in the workspace is answered 404 with a problem body.' },
  ensure_resource_availability: { group: 'http', rule: 'A created resource is readable at once, by get and in its list.' },
  use_after_free: { group: 'http', rule: 'A deleted resource is gone: reading or deleting it again is 404, and it is no longer listed.' },
  method_not_allowed: {
    group: 'http',
    rule: 'A method a path does not have is answered 405 with an Allow header listing exactly the methods the contract gives the path (HEAD included where it has GET), and a problem document.',
  },
  unknown_path: {
    group: 'http',
    rule: "A path no operation has, under the base path or beside it on the service's origin (an image URL of the service that serves nothing: another name, another extension, a trailing slash, none), or one segment below a path of the contract (an unknown segment, another kind's child, an action where there is none), is answered 404 to GET and HEAD with a problem document of type not-found (HEAD without the body); whatever error such a path answers is a problem document of its status.",
    rules: ['errors.no-such-path', 'errors.problem-details', 'responses.media-type'],
  },
  location_created: {
    group: 'http',
    rule: "A 201 carries Location, the URL of the created resource: a GET of it answers 200 with the same body as the 201 (an upload's: the image's public URL, the answer's url).",
  },
  crud_agreement: { group: 'http', rule: 'Create, get, list and update of a resource agree with each other, and an update is kept.' },
  failed_write_leaves_nothing: { group: 'http', rule: 'A rejected write changes nothing: no resource is created, no state moves, no name or slug it carried is held.' },
  stays_responsive: {
    group: 'http',
    rule: 'While a hostile request is in flight, a light request (a read of the shared newsletter) still answers within the bound (1 s unless --responsive-within says otherwise), and afterwards the target still answers.',
  },
  survives_overload: {
    group: 'http',
    rule: 'Under many of the largest requests at once (opt-in phase, --overload), each is answered within --overload-within with its success status, or refused with 503 and Retry-After where the operation declares it, or 429: never a dropped connection, a 500 or another status; a light request keeps answering within --responsive-within meanwhile, and the target still answers afterwards.',
  },
  fair_between_workspaces: {
    group: 'http',
    rule: "While one workspace has many costly Markdown renderings in flight (opt-in phase, --overload, with --token2), another workspace's light rendering is answered with its success status, not refused, within 6 × a costly rendering's time (alone, or apart under the load if longer) + 2 × its own time alone + 100 ms, all measured in the same run; a late answer is measured again before it fails.",
  },
  conflict_detection: {
    group: 'http',
    rule: 'A write that conflicts with the current state is a 409: a page or newsletter name already used in the workspace (any letter case), an explicit slug already taken, a change to or deletion of an email that is not a draft; in such a state, an input only the operation\'s work refuses (an unknown reference, Markdown too deep) gets that 409, not a 422.',
  },

  // Lists.
  pagination_defaults: { group: 'behaviour', rule: 'Without page and size a list answers page 1 with at most 10 items, and says so in the envelope.' },
  pagination_limits: { group: 'behaviour', rule: 'size may be 1 to 100; 100 is accepted and honoured; it is never clamped.' },
  pagination_arithmetic: {
    group: 'behaviour',
    rule: 'The envelope {page, size, total, result} adds up: at most size items, total counts every match, and walking the pages visits every item once; a page past the end is empty with the true total.',
  },
  list_ordering: {
    group: 'behaviour',
    // Also judged on every list answer of a target that keeps state (suite/kit.ts), whatever the test.
    rule: 'Items are listed newest first: created_at descending, then id descending, in every list answer.',
    rules: ['lists.newest-first'],
  },
  status_filter: { group: 'behaviour', rule: 'A status filter lists exactly the items with that status, and total counts only them.' },

  // Core operations.
  page_creation: {
    group: 'behaviour',
    // Also judged on every create answer that shows a new page, whatever the test (suite/kit.ts,
    // created-domains.ts): its domain made of its name_slug, page.domain-random-part, the rule that
    // check stands for there.
    rule: 'createPage answers 201 with the page: slug and name_slug derived from the name (or the slug normalised), a lowercase domain made of its name_slug and a random part, the caller\'s workspace; a name already used is 409.',
    rules: ['page.domain-random-part'],
  },
  post_publication_state: {
    group: 'behaviour',
    rule: 'createPost makes a draft by default (first_published_at null) or a published post (first_published_at now); scheduled_at is null; content_md is rendered to content_html.',
  },
  markdown_rendering: {
    group: 'behaviour',
    rule: "Markdown renders as CommonMark specifies, with GitHub's tables, strikethrough and autolinks, raw HTML passed through and all other text escaped, alike in every create and update that takes it; the get and the list show that rendering.",
  },
  post_slug: { group: 'behaviour', rule: 'A post slug is derived from the title and made unique in the page with a -1, -2 suffix.' },
  category_scope: { group: 'behaviour', rule: 'A post category_id must name a category of the same page; another id is 422.' },
  category_slug: {
    group: 'behaviour',
    rule: 'A category slug is derived from the name and made unique in the page with a -1, -2 suffix; an explicit slug is normalised; an explicit slug already taken is 409.',
  },
  subscriber_upsert_identity: {
    group: 'behaviour',
    rule: 'createSubscriber is an upsert on the trimmed address in any letter case: 200 with the same subscriber (same id) every time; a new one is active and verified at once, stored lowercase.',
  },
  subscriber_upsert_concurrency: { group: 'behaviour', rule: 'Concurrent upserts of one address create exactly one subscriber.' },
  newsletter_update: {
    group: 'behaviour',
    rule: 'updateNewsletter with {} changes nothing and answers 200; a new name is kept and name_slug follows it; a name already used is 409.',
  },
  model_prediction: {
    group: 'behaviour',
    rule: "Every answer to a random sequence of valid and invalid requests over two workspaces is the one a model of the service, written from the contract, predicts: its status and every field the contract determines.",
  },
  email_send_state_table: {
    group: 'behaviour',
    rule: 'sendEmail: without a time 200 scheduled (or sent) and then sent with sent_at; a future time 200 scheduled at that instant in UTC; a time now or past 422; an email already sent 409; an email with no active verified subscriber 422.',
  },
} as const satisfies Record<string, { group: string; rule: string; rules?: readonly string[]; needs?: readonly Need[] }>;

export type CheckName = keyof typeof CHECKS;

export const CHECK_NAMES = Object.keys(CHECKS) as CheckName[];

/**
 * The contract rules a check verifies by itself, whatever the test: the response-level checks judge every
 * exchange of every test, so each exchange they judge counts for these rules. Other checks verify the
 * rules their tests declare.
 */
export function rulesOfCheck(check: CheckName): readonly string[] {
  const entry = CHECKS[check];
  return 'rules' in entry ? entry.rules : [];
}

/**
 * Why a response-level check is not applied to this profile's target, or undefined when it is: a check
 * judged across answers needs what it needs of the target, as a test does (profile.ts).
 */
export function responseCheckNotApplied(check: CheckName, profile: Profile): string | undefined {
  const entry = CHECKS[check];
  return 'needs' in entry ? missingCapability(profile, entry.needs) : undefined;
}

export function ruleOf(check: CheckName): string {
  return CHECKS[check].rule;
}
