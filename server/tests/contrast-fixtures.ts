/**
 * What the fault-contrast tests (server/tests/*-look-faults.test.ts) make and read again and again: a
 * newsletter whose emails can be sent, a second author, the ids of a list, a problem type, a time ahead.
 */
import type { Api, TestServer } from './harness.ts';

/** A newsletter with one active, verified subscriber, so its emails can be sent. */
export async function newsletterWithReader(api: Api, name: string): Promise<number> {
  const newsletter = (await api('POST', '/newsletters', { body: { name } })).body.id;
  await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'reader@example.org' } });
  return newsletter;
}

/** The first workspace's authors older than `authorId` (harness.ts: OLDER_AUTHORS), newest first, as listAuthors shows them after it. */
export function olderAuthorIds(s: TestServer): number[] {
  const workspace = s.server.stores.tokens.workspaceFor(s.token)!;
  return s.server.services.authors.list(workspace, true, { page: 1, size: 100 }).items.map((author) => author.id).filter((id) => id < s.authorId);
}

/** A second author of the test's workspace (authors are made on the platform, not through the API). */
export function anotherAuthor(s: TestServer): number {
  const workspace = s.server.stores.tokens.workspaceFor(s.token)!;
  return s.server.services.authors.create(workspace, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }).id;
}

export const ids = (list: { result: { id: number }[] }) => list.result.map((item) => item.id);
export const problemType = (name: string) => `https://publishing.example/problems/${name}`;
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A PNG of one pixel's header and a few bytes: an upload the server takes as image/png. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  Buffer.from([0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89]),
  Buffer.alloc(32),
]);
