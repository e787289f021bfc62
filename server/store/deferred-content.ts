/**
 * Items of a list whose `content_html` was left in the database because it is long (over
 * `INLINE_CONTENT` characters): a page of 100 posts or emails with a megabyte of HTML each would
 * otherwise be read into memory whole. Their `content_html` reads `null` until the store's
 * `withContent` loads it, one item at a time, as the list answer writes them (http/list-answer.ts).
 * The mark is the object itself, so it survives whatever reorders or filters the list's array.
 */
export const INLINE_CONTENT = 4096;

const deferred = new WeakSet<object>();

export function markDeferred<Item extends object>(item: Item): Item {
  deferred.add(item);
  return item;
}

export const isDeferred = (item: object): boolean => deferred.has(item);

/** SQL for a list's `content_html`: the text when it is short, else NULL. */
export const inlineContentSql = `CASE WHEN length(content_html) > ${INLINE_CONTENT} THEN NULL ELSE content_html END AS content_html`;
/**
 * SQL for the flag that says `content_html` was left out. SQLite's `length` counts characters
 * without handing the text to JavaScript.
 */
export const contentDeferredSql = `length(content_html) > ${INLINE_CONTENT} AS content_deferred`;
