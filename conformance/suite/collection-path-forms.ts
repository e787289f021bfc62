/**
 * The forms of a collection's path a client may send a create to besides the contract's own spelling.
 * The contract states no rule about them: a server may answer them 404 (no such path), and the
 * reference server, like most routers, answers them as the path itself. What the contract does state
 * is that a 201's Location is "the URL of that resource (resolved against the request's URL)", which
 * a GET answers 200 with the same body (headers.location-created): a server that builds the URL from
 * the request's path as sent (a trailing slash doubled, `…/posts//7`) names nothing, and only a create
 * sent in such a form shows it. Dot segments are not here: every URL parser a client uses removes them
 * before the request is sent (RFC 3986 section 5.2.4), so no server sees them.
 */
export interface CollectionPathForm {
  /** How the form differs, for a failure's reason. */
  readonly name: string;
  /** The form of a collection path (`/pages/3/posts`). */
  readonly of: (path: string) => string;
}

export const COLLECTION_PATH_FORMS: readonly CollectionPathForm[] = [
  { name: 'with a trailing slash', of: (path) => `${path}/` },
  // Paths are case-sensitive in HTTP (RFC 3986 section 6.2.2.1), but routers commonly match any case.
  { name: 'in capital letters', of: (path) => path.toUpperCase() },
];
