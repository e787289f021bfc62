/**
 * Which contract rules a prediction of the model stands for, so that a mismatch is charged to the rule
 * it breaks rather than to every rule the model checks. A prediction names the rules that decide its
 * answer (`Prediction.rules`), and for the fields another rule decides, that rule (`fieldRules`).
 * A prediction names only rules the model test declares (MODEL_RULES): a rule it did not declare would
 * not show in the rule coverage at all.
 */

/** The rules the model's predictions stand for. */
export const MODEL_RULES = [
  'auth.workspace-scope',
  'resources.missing-is-404',
  'resources.child-of-its-parent',
  'resources.answer-as-stored',
  'resources.patch-named-fields-only',
  'resources.gone-after-delete',
  'names.unique-any-case',
  'page.slug-from-name',
  'post.draft-by-default',
  'post.published-now',
  'post.first-published-kept',
  'post.slug-unique-in-page',
  'post.category-of-same-page',
  'category.slug-derived',
  'category.optional-fields-null',
  'category.delete-keeps-posts',
  'resources.author-of-workspace',
  'author.update-kept',
  'author.inactive-keeps-work',
  'resources.empty-update-unchanged',
  'newsletter.name-slug-derived',
  'subscriber.upsert-same-id',
  'subscriber.new-active-verified',
  'email.created-draft',
  'email.only-draft-changes',
  'email.send-later',
  'email.send-past-time',
  'email.send-not-ready',
  'errors.precedence',
  'lists.exact-filters',
  'lists.newest-first',
  'lists.envelope-arithmetic',
  'lists.past-the-end',
  'http.head',
  'page.rename-keeps-slug',
  'newsletter.rename-moves-name-slug',
  'category.slug-taken',
  'resources.update-kept',
  'resources.rewrite-accepted',
  'requests.schema-validation',
  'image.supported-types',
  'image.form-data-only',
  'image.public-url',
  'image.location-is-url',
  'image.served-at-url',
  'image.url-per-upload',
  'page.slug-taken',
  'newsletter.empty-update-unchanged',
] as const;

/** A rule the model test declares, the only kind a prediction may name. */
export type ModelRule = (typeof MODEL_RULES)[number];

/** What decides whether a request reaches a resource: it exists, in its own parent, in the caller's workspace. */
export const REACH: readonly ModelRule[] = ['resources.missing-is-404', 'resources.child-of-its-parent', 'auth.workspace-scope', 'resources.gone-after-delete'];

/** What a list holds, in which order, and how it counts. */
export const LIST: readonly ModelRule[] = ['lists.newest-first', 'lists.exact-filters', 'lists.envelope-arithmetic', ...REACH];

/**
 * A read repeats the resource's last answer: the answer showed what was stored, and nothing since
 * changed a field no request named. Some fields are decided by a rule of their own.
 */
export const READ: readonly ModelRule[] = ['resources.answer-as-stored', 'resources.patch-named-fields-only', ...REACH];
export const READ_FIELDS: Record<string, readonly ModelRule[]> = {
  author_id: ['author.inactive-keeps-work', 'resources.author-of-workspace'],
  category_id: ['category.delete-keeps-posts'],
  first_published_at: ['post.first-published-kept'],
  slug: ['resources.answer-as-stored'],
};

/**
 * The rules of a `PATCH` of `{}` that reaches its resource: its answer, field by field, is the resource
 * exactly as it was (resources.empty-update-unchanged), and whether it reaches it at all is REACH's.
 */
export function emptyUpdate(before: Record<string, unknown>, own: readonly ModelRule[] = []): { rules: readonly ModelRule[]; fieldRules: Record<string, readonly ModelRule[]> } {
  const unchanged: readonly ModelRule[] = ['resources.empty-update-unchanged', ...own];
  return { rules: [...unchanged, ...REACH], fieldRules: Object.fromEntries(Object.keys(before).map((field) => [field, unchanged])) };
}
