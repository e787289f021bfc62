/**
 * The resources whose names are unique in a workspace (names.unique-any-case: pages and newsletters),
 * each with the operation that creates one, the one that renames it, and the rule by which the name's
 * slug (`name_slug`) follows a rename.
 */
export const UNIQUELY_NAMED = [
  { create: 'createPage', rename: 'updatePage', renameSlugRule: 'page.rename-keeps-slug' },
  { create: 'createNewsletter', rename: 'updateNewsletter', renameSlugRule: 'newsletter.rename-moves-name-slug' },
] as const;
