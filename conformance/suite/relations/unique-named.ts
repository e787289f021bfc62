/**
 * The resources whose names are unique in a workspace (names.unique-any-case: pages and newsletters),
 * each with the operation that creates one and the one that renames it.
 */
export const UNIQUELY_NAMED = [
  { create: 'createPage', rename: 'updatePage' },
  { create: 'createNewsletter', rename: 'updateNewsletter' },
] as const;
