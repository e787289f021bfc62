/**
 * The families of the service's resources, as far as their data goes: a request of one family reads
 * and writes only that family's rows (and reads authors). Several deliberate faults can share one server
 * when each is confined to the requests of its own family (confined.ts) and no two of them are in
 * families where one's writes can show in the other's answers:
 *
 * - content: pages and everything under them (posts, categories);
 * - mail: newsletters and everything under them (emails, subscribers, deliveries);
 * - authors: named by posts and emails (`author_id`), so a fault in authors can show in content and
 *   mail answers, and an authors fault never shares a server with a content or mail fault;
 * - images: uploads and the files served at their public URLs; a post's image URLs are only text.
 *
 * A request outside these (`/healthz`, `/docs`, an unknown path) belongs to no family and always meets
 * the real server.
 */
export const FAMILIES = ['content', 'mail', 'authors', 'images'] as const;
export type Family = (typeof FAMILIES)[number];

const API_PREFIX = /^\/api\/v1(?=\/|$)/;

/** The family of a request by its path (without the query), or undefined for one that has none. */
export function familyOfPath(pathname: string): Family | undefined {
  const inApi = API_PREFIX.test(pathname);
  const rest = pathname.replace(API_PREFIX, '');
  const first = rest.split('/')[1] ?? '';
  if (first === 'images') return 'images';
  if (!inApi) return undefined;
  if (first === 'pages') return 'content';
  if (first === 'newsletters') return 'mail';
  if (first === 'authors') return 'authors';
  return undefined;
}

/** Families whose faults may share a server: neither's writes can show in the other's answers. */
export function familiesIndependent(a: Family, b: Family): boolean {
  if (a === b) return false;
  const readsAuthors = (family: Family) => family === 'content' || family === 'mail';
  return !((a === 'authors' && readsAuthors(b)) || (b === 'authors' && readsAuthors(a)));
}
