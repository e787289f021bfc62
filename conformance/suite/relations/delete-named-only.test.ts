/**
 * resources.delete-named-only: a delete removes the resource it names and changes nothing else, but
 * what the operation says follows from it (category.delete-keeps-posts: "The posts of a deleted
 * category stay on the page with `category_id` null"). For every delete of a child (a `DELETE` of a
 * path under `{page_id}` or `{newsletter_id}`, read from the contract), the parent is one of the
 * test's own, holding children of every kind its lists show, made with every optional field filled:
 * a page with two categories and three posts (one in each category, one in none), a newsletter with
 * three emails (two drafts, one scheduled) and two subscribers. One child of the delete's kind is
 * deleted, one that another child names where there is one (the category the first post is in). Then
 * the parent reads as before, every field, and so does every list under it (read whole at its
 * largest size): the same items, every field, less the one deleted; only a child that named the
 * deleted one (its `<kind>_id`) answers that field `null`, and may answer a later `updated_at` (that is
 * a write). A server whose delete also writes to the siblings (the category taken from every post of
 * the page) shows only where a sibling did not name what was deleted. A twin parent of the same kind,
 * whose children have the same names, titles, subjects, slugs and addresses (households.ts), reads
 * exactly as before too: a delete that finds what it deletes by slug or address across the workspace
 * (every post of that slug in every page) shows only where another parent has one of the same.
 *
 * Cost: per delete, two parents with five children each (made at once), both read twice (in parallel),
 * and the delete.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { changes, kindOf, parentReads, referenceField, twinHouseholds, verifyUntouched, viewBoth } from './households.ts';

const { contract } = suiteContext();

/** The deletes of a child: a `DELETE` of an item under a parent the suite can fill. */
const DELETES = contract.operations.filter((operation) => operation.method === 'DELETE' && operation.path.endsWith('/{id}') && parentReads(operation.path)?.lists.length);

for (const remove of DELETES) {
  const reads = parentReads(remove.path)!;
  const { parentGet, lists } = reads;
  const kind = kindOf(remove.path);
  if (!lists.some((list) => kindOf(`${list.path}/{id}`) === kind)) continue;
  const field = referenceField(kind);
  // What the operation says follows from the delete, where a child names the deleted one.
  const followRules = remove.operationId === 'deleteCategory' ? ['category.delete-keeps-posts'] : [];
  forOperation(remove.operationId, (test) => {
    test(`changes nothing but what it deletes: the parent and every other child of it read as before, every field (a child that named the deleted one aside: ${field} null), and so does a twin parent whose children share their names and slugs`, { check: 'crud_agreement', rules: ['resources.delete-named-only', ...followRules], needs: ['state'] }, async (t: Kit) => {
      const [household, twin] = await twinHouseholds(t, reads.parentName);
      const { parentIds, children } = household;
      const deleted = children[kind]![0]!;
      const [before, twinBefore] = await viewBoth(t, reads, [household, twin]);
      const { status, exchange } = await t.call(remove, { ids: { ...parentIds, id: deleted } });
      t.ensure(status === 204, `${remove.operationId} of ${deleted}, made by the test, answered ${status ?? 'nothing'}; expected 204`, { evidence: exchange });
      const [after, twinAfter] = await viewBoth(t, reads, [household, twin]);
      // The twin parent's children share the deleted one's name and slug: nothing of them moves.
      verifyUntouched(t, `after ${remove.operationId} of ${deleted} under another ${reads.parentName.replace(/_id$/, '')} whose children share these names and slugs`, twinBefore!, twinAfter!, {}, ['resources.delete-named-only']);

      const parentChanged = changes(before!.parent, after!.parent);
      t.verify(parentChanged.length === 0, `after ${remove.operationId} of ${deleted}, ${parentGet.operationId} of its parent shows ${parentChanged.join('; ')}`, { rules: ['resources.delete-named-only'] });
      for (const list of lists) {
        const was = before!.lists.get(list)!;
        const now = after!.lists.get(list)!;
        const listKind = kindOf(`${list.path}/{id}`);
        const expected = was.items.filter((item) => !(listKind === kind && item.id === deleted));
        const where = `after ${remove.operationId} of ${deleted}, ${list.operationId}`;
        const shown = now.items.map((item) => item.id);
        if (!t.verify(shown.join() === expected.map((item) => item.id).join() && now.total === expected.length, `${where} holds [${shown.join(', ')}] (total ${now.total}); before it held [${was.items.map((item) => item.id).join(', ')}], so [${expected.map((item) => item.id).join(', ')}] (total ${expected.length}) now`, { rules: ['resources.delete-named-only'] })) continue;
        for (const [index, item] of expected.entries()) {
          const named = item[field] === deleted;
          const read = now.items[index]!;
          if (named) {
            t.verify(read[field] === null, `${where} shows item ${item.id}, which named ${deleted} in ${field}, with ${field} ${JSON.stringify(read[field])}; expected null`, { rules: followRules.length ? followRules : ['resources.delete-named-only'] });
          }
          const changed = changes(item, read, named ? [field, 'updated_at'] : []);
          t.verify(changed.length === 0, `${where} shows item ${item.id}${named ? `, which named ${deleted},` : `, which did not name ${deleted},`} otherwise than before: ${changed.join('; ')}`, { rules: ['resources.delete-named-only'] });
        }
      }
    });
  });
}
