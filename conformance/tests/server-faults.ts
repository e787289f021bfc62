/**
 * The reference server's deliberate faults (server/faults) as reference-server.test.ts runs them: the
 * operations that show each, the checks of which one must fail, and the contract rules it breaks.
 */
import type { FaultName } from '../../server/faults/catalog.ts';

/** Each server fault, the operations that show it, the checks of which at least one must fail, and the rules it breaks. */
export const SERVER_FAULT_CASES: Array<{ fault: FaultName; include: string[]; caughtBy: string[]; breaks: string[] }> = [
  { fault: 'accept-any-token', include: ['listNewsletters'], caughtBy: ['ignored_auth'] , breaks: ['auth.bearer-required'] },
  { fault: 'cross-workspace-leak', include: ['getNewsletter'], caughtBy: ['workspace_isolation'] , breaks: ['auth.workspace-scope'] },
  { fault: 'upsert-case-sensitive', include: ['createSubscriber'], caughtBy: ['subscriber_upsert_identity'] , breaks: ['subscriber.upsert-same-id'] },
  { fault: 'upsert-duplicates', include: ['createSubscriber'], caughtBy: ['subscriber_upsert_identity', 'subscriber_upsert_concurrency'] , breaks: ['subscriber.upsert-same-id'] },
  { fault: 'send-accepts-past-time', include: ['sendEmail'], caughtBy: ['email_send_state_table', 'negative_data_rejection'] , breaks: ['email.send-past-time'] },
  { fault: 'resend-sent-email', include: ['sendEmail'], caughtBy: ['email_send_state_table'] , breaks: ['email.send-already-sent'] },
  { fault: 'ignore-status-filter', include: ['listEmails'], caughtBy: ['status_filter'] , breaks: ['lists.exact-filters'] },
  { fault: 'ignore-verified-false', include: ['listSubscribers'], caughtBy: ['status_filter'] , breaks: ['lists.exact-filters'] },
  { fault: 'ignore-size', include: ['listEmails'], caughtBy: ['pagination_arithmetic', 'pagination_defaults', 'pagination_limits'] , breaks: ['lists.envelope-arithmetic'] },
  { fault: 'total-counts-page', include: ['listEmails'], caughtBy: ['pagination_arithmetic'] , breaks: ['lists.envelope-arithmetic'] },
  { fault: 'default-size-20', include: ['listEmails'], caughtBy: ['pagination_defaults'] , breaks: ['lists.default-page-and-size'] },
  { fault: 'size-limit-off-by-one', include: ['listEmails'], caughtBy: ['negative_data_rejection', 'pagination_limits'] , breaks: ['lists.size-range'] },
  { fault: 'name-length-unchecked', include: ['createNewsletter'], caughtBy: ['negative_data_rejection'] , breaks: ['requests.schema-validation'] },
  { fault: 'enum-value-missing', include: ['listEmails'], caughtBy: ['positive_data_acceptance', 'status_filter'] , breaks: ['requests.valid-input-accepted'] },
  { fault: 'accept-invalid-input', include: ['createPage'], caughtBy: ['negative_data_rejection'] , breaks: ['requests.schema-validation'] },
  { fault: 'server-error-on-invalid-input', include: ['createPage'], caughtBy: ['not_a_server_error', 'negative_data_rejection'] , breaks: ['responses.no-server-error'] },
  { fault: 'drop-null-fields', include: ['createPost'], caughtBy: ['response_schema_conformance'] , breaks: ['responses.every-field'] },
  { fault: 'publish-without-timestamp', include: ['createPost'], caughtBy: ['post_publication_state'] , breaks: ['post.published-now'] },
  { fault: 'method-not-allowed-without-allow', include: ['listPages'], caughtBy: ['method_not_allowed'], breaks: ['http.method-not-allowed'] },
  { fault: 'rate-limit-header-malformed', include: ['listNewsletters'], caughtBy: ['response_headers_conformance'], breaks: ['responses.declared-headers'] },
  { fault: 'wrong-success-status', include: ['createPage'], caughtBy: ['status_code_conformance'] , breaks: ['responses.declared-status'] },
  { fault: 'send-state-before-time', include: ['sendEmail'], caughtBy: ['email_send_state_table'], breaks: ['errors.precedence'] },
  { fault: 'not-found-before-validation', include: ['sendEmail'], caughtBy: ['negative_data_rejection'], breaks: ['errors.precedence'] },
  { fault: 'not-sendable-field-names', include: ['sendEmail'], caughtBy: ['email_send_state_table'], breaks: ['email.not-sendable-fields'] },
  { fault: 'empty-filter-ignored', include: ['listEmails'], caughtBy: ['status_filter', 'negative_data_rejection'], breaks: ['lists.empty-filter-value'] },
  { fault: 'empty-update-touches', include: ['updateCategory'], caughtBy: ['crud_agreement'], breaks: ['resources.empty-update-unchanged'] },
  { fault: 'slug-suffix-past-limit', include: ['createCategory'], caughtBy: ['category_slug'], breaks: ['slugs.cut-to-fit'] },
  { fault: 'upload-limit-counts-body', include: ['uploadImage'], caughtBy: ['positive_data_acceptance'], breaks: ['image.size-limit'] },
  { fault: 'images-need-token', include: ['uploadImage'], caughtBy: ['ensure_resource_availability'], breaks: ['image.public-url', 'image.served-at-url'] },
];
