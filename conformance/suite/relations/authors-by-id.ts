/**
 * Every author of a workspace, active and inactive (listAuthors answers one of the two at a time), by
 * id: what a write of one author must leave as it was (resources.write-named-only,
 * auth.workspace-scope). Used by other-workspace-authors.test.ts and state-updates.test.ts.
 *
 * Cost: two lists, read at once.
 */
import type { Kit } from '../kit.ts';
import type { Json } from './households.ts';

/** The workspace's authors by id; `token` reads another workspace's (--token2), none the run's own. */
export async function authorsById(t: Kit, token?: string): Promise<Map<number, Json>> {
  const where = token ? 'in the --token2 workspace' : "in the run's workspace";
  const lists = await Promise.all(
    [true, false].map(async (active) => {
      const { status, json, exchange } = await t.call(t.contract.operation('listAuthors'), { ids: {}, query: { active: String(active), page: 1, size: 100 }, ...(token ? { authorization: `Bearer ${token}` } : {}) });
      t.ensure(status === 200, `listAuthors?active=${active} ${where} answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange });
      return ((json as { result?: Json[] }).result ?? []) as Json[];
    }),
  );
  return new Map(lists.flat().map((author) => [author.id as number, author]));
}
