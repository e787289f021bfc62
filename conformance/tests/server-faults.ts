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
  { fault: 'malformed-json-422', include: ['createPage'], caughtBy: ['negative_data_rejection'], breaks: ['requests.malformed-body'] },
  { fault: 'unknown-query-ignored', include: ['listPages'], caughtBy: ['negative_data_rejection'], breaks: ['requests.unknown-query-parameter'] },
  { fault: 'past-the-end-total-zero', include: ['listPages'], caughtBy: ['pagination_arithmetic'], breaks: ['lists.past-the-end'] },
  { fault: 'emails-oldest-first', include: ['listEmails'], caughtBy: ['list_ordering'], breaks: ['lists.newest-first'] },
  { fault: 'new-pages-unlisted', include: ['createPage'], caughtBy: ['ensure_resource_availability'], breaks: ['resources.readable-after-create'] },
  { fault: 'update-null-ignored', include: ['updateCategory'], caughtBy: ['crud_agreement'], breaks: ['resources.update-kept'] },
  { fault: 'delete-keeps-post', include: ['deletePost'], caughtBy: ['use_after_free'], breaks: ['resources.gone-after-delete'] },
  { fault: 'post-found-in-any-page', include: ['getPost'], caughtBy: ['missing_resource'], breaks: ['resources.missing-is-404'] },
  { fault: 'category-checked-after-write', include: ['createPost'], caughtBy: ['failed_write_leaves_nothing'], breaks: ['resources.refused-write-changes-nothing', 'post.category-of-same-page'] },
  { fault: 'page-slug-ascii-only', include: ['createPage'], caughtBy: ['page_creation'], breaks: ['page.slug-from-name'] },
  { fault: 'page-slug-taken-suffixed', include: ['createPage'], caughtBy: ['page_creation'], breaks: ['page.slug-taken'] },
  { fault: 'rename-moves-slug', include: ['updatePage'], caughtBy: ['crud_agreement'], breaks: ['page.rename-keeps-slug'] },
  { fault: 'post-published-by-default', include: ['createPost'], caughtBy: ['post_publication_state'], breaks: ['post.draft-by-default'] },
  { fault: 'markdown-over-html', include: ['createPost'], caughtBy: ['post_publication_state'], breaks: ['post.markdown-rendered'] },
  { fault: 'post-slug-from-2', include: ['createPost'], caughtBy: ['post_slug'], breaks: ['post.slug-unique-in-page'] },
  { fault: 'category-of-any-page', include: ['createPost'], caughtBy: ['category_scope'], breaks: ['post.category-of-same-page'] },
  { fault: 'unpublish-clears-first-published', include: ['updatePost'], caughtBy: ['post_publication_state'], breaks: ['post.first-published-kept'] },
];
