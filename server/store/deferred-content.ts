/**
 * Items of a list whose `content_html` was left in the database because it is long (over
 * `INLINE_CONTENT` bytes of UTF-8): a page of 100 posts or emails with a megabyte of HTML each would
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

/**
 * The test of length is `octet_length`, the bytes of the stored text, which SQLite reads from the
 * row's header without loading the text. `length` counts characters, so it reads the whole text:
 * on a page of 100 posts of 1.5 MB each, 390 ms of the event loop for each use, twice a list
 * (against 0.2 ms). Any text over 4,096 characters is over 4,096 bytes, so nothing long is missed;
 * a text of more bytes than characters (CJK) is deferred a little sooner, which costs a read of its
 * own and nothing else.
 */
const isLong = `octet_length(content_html) > ${INLINE_CONTENT}`;

/** SQL for a list's `content_html`: the text when it is short, else NULL. */
export const inlineContentSql = `CASE WHEN ${isLong} THEN NULL ELSE content_html END AS content_html`;
/** SQL for the flag that says `content_html` was left out. */
export const contentDeferredSql = `${isLong} AS content_deferred`;
