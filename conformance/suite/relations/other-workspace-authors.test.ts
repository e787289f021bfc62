/**
 * auth.workspace-scope ("a resource of another workspace ... is not changed") and
 * resources.write-named-only, under updateAuthor: with --token2, the other workspace's authors, active
 * and inactive, read every field the same, updated_at included, after the run's author is changed in
 * every field its update takes a text for and made inactive: a change of state is a write of the
 * author alone like any other. Authors cannot be made through the API, so the suite cannot
 * give the other workspace a twin of the run's author; a target whose second workspace holds an author
 * of the first's author's sign-in address (the same person in two workspaces, as the reference test
 * server's does) shows a server that keeps "the person's profile" in step across workspaces by
 * address. Without one, the test still shows a change written to any other workspace's author.
 *
 * On a disposable target the other workspace's authors of the same address are made active first (and
 * set back), so that a server that deactivates the person in every workspace shows it here even when
 * an earlier, unjudged deactivation of the run already did it.
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
import { authorsById } from './authors-by-id.ts';
import { changedValue } from './changed-values.ts';
import { changes } from './households.ts';
import { AUTHOR_FIELDS, readResource, updateResource, type Json } from './update-subjects.ts';

const RULES = ['auth.workspace-scope', 'resources.write-named-only'];

forOperation('updateAuthor', (test) => {
  test("leaves every author of another workspace as it was, every field, whatever address or name it shares with the author changed and deactivated", { check: 'workspace_isolation', rules: RULES, needs: ['state', 'token_validation', 'input_reflection'] }, async (t: Kit) => {
    const token = t.options.token2;
    if (!token) t.notApplicable('needs --token2, a token of a second workspace');
    const resources = new Resources(t);
    const id = resources.sharedAuthorId();
    if (!t.fixtures.authorWritable) t.notApplicable(AUTHOR_NOT_WRITABLE);
    const judge = async () => {
      let [theirsBefore, original] = await Promise.all([authorsById(t, token), readResource(t, 'getAuthor', { id })]);
      // The judged write deactivates the author: made active first where another test left them
      // inactive, and, where the other workspace's authors may be changed (a disposable target, under
      // their lock), so are its authors of this address: an earlier deactivation of the run, unjudged,
      // must not leave nothing for this one to change. All set back afterwards.
      const twins = otherAuthorsShared(t) ? [...theirsBefore.values()].filter((author) => author.email === original.email && author.active === false) : [];
      const setActive = (author: Json, active: boolean) => t.call(t.contract.operation('updateAuthor'), { ids: { id: author.id as number }, body: { active }, authorization: `Bearer ${token}` });
      if (twins.length > 0 || original.active !== true) {
        await Promise.all([...twins.map((twin) => setActive(twin, true)), ...(original.active !== true ? [t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: { active: true } })] : [])]);
        theirsBefore = await authorsById(t, token);
      }
      const body: Json = {};
      for (const field of AUTHOR_FIELDS) body[field] = await changedValue(t, resources, 'updateAuthor', field, original, { id });
      // And made inactive: a change of state is a write of the author alone too.
      body.active = false;
      try {
        await updateResource(t, 'updateAuthor', { id }, body);
        const theirsAfter = await authorsById(t, token);
          for (const [otherId, before] of theirsBefore) {
          const after = theirsAfter.get(otherId);
          const changed = after ? changes(before, after) : ['no longer listed'];
          t.verify(changed.length === 0, `after updateAuthor of ${id} (${String(original.email)}) in the first workspace, the --token2 workspace's author ${otherId} (${String(before.email)}) shows ${changed.join('; ')}: a write in one workspace changes nothing of another's`, { rules: RULES });
        }
      } finally {
        await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: Object.fromEntries(['active', ...AUTHOR_FIELDS].map((field) => [field, original[field]])) as never });
        await Promise.all(twins.map((twin) => setActive(twin, false)));
      }
    };
    await holdingAuthor(t, id, () => (otherAuthorsShared(t) ? holdingOtherAuthors(t, judge) : judge()));
  });
});
