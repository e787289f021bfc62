/**
 * auth.workspace-scope ("a resource of another workspace ... is not changed") and
 * resources.write-named-only, under updateAuthor: with --token2, the other workspace's authors, active
 * and inactive, read every field the same, updated_at included, after the run's author is changed in
 * every field its update takes a text for. Authors cannot be made through the API, so the suite cannot
 * give the other workspace a twin of the run's author; a target whose second workspace holds an author
 * of the first's author's sign-in address (the same person in two workspaces, as the reference test
 * server's does) shows a server that keeps "the person's profile" in step across workspaces by
 * address. Without one, the test still shows a change written to any other workspace's author.
 *
 * Runs only where the suite may change the author (--fixtures names it, or --disposable-target), under
 * the author's lock and, where other tests change the other workspace's authors, theirs too; the
 * author's fields are set back afterwards. Cost: the other workspace's two lists read twice, the author
 * read, changed and set back.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { AUTHOR_NOT_WRITABLE, holdingAuthor, holdingOtherAuthors, otherAuthorsShared } from '../shared-author.ts';
import { changedValue } from './changed-values.ts';
import { changes } from './households.ts';
import { AUTHOR_FIELDS, readResource, updateResource, type Json } from './update-subjects.ts';

const RULES = ['auth.workspace-scope', 'resources.write-named-only'];

/** The other workspace's authors, active and inactive, by id. */
async function otherAuthors(t: Kit, token: string): Promise<Map<number, Json>> {
  const authorization = `Bearer ${token}`;
  const lists = await Promise.all(
    [true, false].map(async (active) => {
      const { status, json, exchange } = await t.call(t.contract.operation('listAuthors'), { ids: {}, query: { active: String(active), page: 1, size: 100 }, authorization });
      t.ensure(status === 200, `listAuthors?active=${active} in the --token2 workspace answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange });
      return ((json as { result?: Json[] }).result ?? []) as Json[];
    }),
  );
  return new Map(lists.flat().map((author) => [author.id as number, author]));
}

forOperation('updateAuthor', (test) => {
  test("leaves every author of another workspace as it was, every field, whatever address or name it shares with the author changed", { check: 'workspace_isolation', rules: RULES, needs: ['state', 'token_validation', 'input_reflection'] }, async (t: Kit) => {
    const token = t.options.token2;
    if (!token) t.notApplicable('needs --token2, a token of a second workspace');
    const resources = new Resources(t);
    const id = resources.sharedAuthorId();
    if (!t.fixtures.authorWritable) t.notApplicable(AUTHOR_NOT_WRITABLE);
    const judge = async () => {
      const [theirsBefore, original] = await Promise.all([otherAuthors(t, token), readResource(t, 'getAuthor', { id })]);
      const body: Json = {};
      for (const field of AUTHOR_FIELDS) body[field] = await changedValue(t, resources, 'updateAuthor', field, original, { id });
      try {
        await updateResource(t, 'updateAuthor', { id }, body);
        const theirsAfter = await otherAuthors(t, token);
        for (const [otherId, before] of theirsBefore) {
          const after = theirsAfter.get(otherId);
          const changed = after ? changes(before, after) : ['no longer listed'];
          t.verify(changed.length === 0, `after updateAuthor of ${id} (${String(original.email)}) in the first workspace, the --token2 workspace's author ${otherId} (${String(before.email)}) shows ${changed.join('; ')}: a write in one workspace changes nothing of another's`, { rules: RULES });
        }
      } finally {
        await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: Object.fromEntries(AUTHOR_FIELDS.map((field) => [field, original[field]])) as never });
      }
    };
    await holdingAuthor(t, id, () => (otherAuthorsShared(t) ? holdingOtherAuthors(t, judge) : judge()));
  });
});
