/**
 * Faults the reference server can be started with (`FAULTS=name,name`), one bug each, so the
 * conformance suite can be proven to catch them: a suite that passes a broken server proves nothing.
 * Never for production use; the server says so loudly at start-up when any is on.
 */
export const FAULT_CATALOG = {
  'accept-any-token': 'authentication lets a missing or unknown token act for the first workspace',
  'cross-workspace-leak': "a newsletter of another workspace is found by its id, with everything under it",
  'upsert-case-sensitive': 'subscriber addresses are matched exactly as sent, without trimming or lowercasing',
  'upsert-duplicates': 'every subscriber upsert creates another subscriber for the address, under a new id',
  'send-accepts-past-time': 'a send with scheduled_at in the past is accepted and sent at once',
  'resend-sent-email': 'a sent email can be sent again',
  'ignore-status-filter': 'listEmails ignores ?status',
  'ignore-verified-false': 'listSubscribers ignores ?verified=false (and only that value)',
  'ignore-size': 'listEmails returns up to twice the size asked for',
  'total-counts-page': "listEmails reports the page's item count as the total",
  'default-size-20': 'lists default to 20 items a page instead of 10',
  'size-limit-off-by-one': 'lists accept size=101',
  'name-length-unchecked': 'names longer than 255 characters are accepted',
  'enum-value-missing': 'the email status filter refuses the value "failed"',
  'accept-invalid-input': 'requests are not validated against the contract at all',
  'server-error-on-invalid-input': 'invalid requests are answered 500 instead of their 4xx',
  'drop-null-fields': 'response objects leave out fields whose value is null',
  'publish-without-timestamp': 'a post created as published has first_published_at null',
  'wrong-success-status': 'createPage answers 200 instead of 201',
  'rate-limit-header-malformed': 'the RateLimit field uses the older draft syntax (limit=, remaining=, reset=)',
  'rate-limit-not-enforced': 'a token over its announced quota is still served instead of answered 429',
  'rate-limit-without-retry-after': 'a 429 carries no Retry-After',
  'markdown-unbounded':
    'Markdown is rendered on the event loop by an unbounded renderer (no nesting bound, super-linear cost): deep lists crash the process, long emphasis runs stall every client',
  'lax-numbers': 'integers in paths and queries accept Infinity, exponents, hex, signs, leading zeros and white space',
  'head-405': 'HEAD on a path that has GET is answered 405',
  'ascii-case-folding': 'name uniqueness compares letter case for ASCII letters only (Ärger Blog and ärger blog are two names)',
  'domain-leak': "a page's generated domain gets a -1 suffix when another workspace has a page of that name",
  'errors-unbounded': 'a 422 lists every error of the request, however many (no cap, no count), and bodies of any width reach the validator',
  'lone-surrogates-stored': 'strings with lone surrogates are accepted and stored',
  'control-characters-accepted': 'text with control characters (U+0000 to U+001F, U+007F) is accepted and stored: the text patterns are not enforced',
  'invalid-utf8-replaced': 'bytes that are not UTF-8 are replaced with U+FFFD and stored, not a 400',
  'any-charset': 'a JSON body declared in another charset (utf-16le, latin1) is decoded and accepted, not a 415',
  'bad-encoding-500': 'a body that does not decode under its Content-Encoding, or an unsupported Content-Encoding, is answered 500',
  'any-multipart': 'an upload as multipart/mixed or multipart/related is parsed like multipart/form-data (not a 415)',
  'late-413': 'a body whose declared Content-Length is over the limit is read to the end before the 413',
  'commit-unreadable-write':
    'a write whose answer fails response validation is committed anyway, answered 500, and unreadable after; lone surrogates reach the store too',
  'method-not-allowed-without-allow': 'a method a path does not have is answered 405 without the Allow header',
} as const;

export type FaultName = keyof typeof FAULT_CATALOG;

export const isFaultName = (name: string): name is FaultName => Object.hasOwn(FAULT_CATALOG, name);
