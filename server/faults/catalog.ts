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
  'method-not-allowed-without-allow': 'a method a path does not have is answered 405 without the Allow header',
} as const;

export type FaultName = keyof typeof FAULT_CATALOG;

export const isFaultName = (name: string): name is FaultName => Object.hasOwn(FAULT_CATALOG, name);
