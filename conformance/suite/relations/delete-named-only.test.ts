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
 * The children of one kind share their name, title or subject (households.ts), so their slugs are one
 * base and its suffixes (`hello`, `hello-1`, `hello-2`): the post and category deleted hold the base, the
 * email deleted a suffix between two others. A server that renumbers the suffixes above a deleted one
 * (`hello-2` becomes `hello-1`) shows only where a sibling's slug shares the deleted one's base.
 *
 * Then every other child of the kind is deleted, one after another (a `409` a state of the child makes
 * leaves it, as a scheduled email's), and the household and its twin are read again, judged against the
 * read after the first delete the same way: the delete that leaves the parent without a child of its
 * kind (its last subscriber, the last category) changes nothing else either. A server that tidies up
 * after the last of a kind (scheduled emails returned to draft once no subscriber is left) passes every
 * delete that leaves one.
 *
 * Cost: per delete, two parents with five children each (made at once), both read three times (in
 * parallel), and the deletes: one, then the kind's other one or two.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { changes, kindOf, parentReads, referenceField, twinHouseholds, verifyUntouched, viewBoth, type HouseholdView } from './households.ts';

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
  /**
   * The household read after deleting `deletedIds` against the read before: the parent as before; every
   * list the same items less those deleted, every field, but a child that named a deleted one (its
   * `field` null, and `updated_at` free).
   */
  const verifyDeleted = (t: Kit, where: string, was: HouseholdView, now: HouseholdView, deletedIds: ReadonlySet<number>) => {
    const parentChanged = changes(was.parent, now.parent);
    t.verify(parentChanged.length === 0, `${where}, ${parentGet.operationId} of its parent shows ${parentChanged.join('; ')}`, { rules: ['resources.delete-named-only'] });
    const named = [...deletedIds].join(' or ');
    for (const list of lists) {
      const wasList = was.lists.get(list)!;
      const nowList = now.lists.get(list)!;
      const listKind = kindOf(`${list.path}/{id}`);
      const expected = wasList.items.filter((item) => !(listKind === kind && deletedIds.has(item.id)));
      const at = `${where}, ${list.operationId}`;
      const shown = nowList.items.map((item) => item.id);
      if (!t.verify(shown.join() === expected.map((item) => item.id).join() && nowList.total === expected.length, `${at} holds [${shown.join(', ')}] (total ${nowList.total}); before it held [${wasList.items.map((item) => item.id).join(', ')}], so [${expected.map((item) => item.id).join(', ')}] (total ${expected.length}) now`, { rules: ['resources.delete-named-only'] })) continue;
      for (const [index, item] of expected.entries()) {
        const namedIt = typeof item[field] === 'number' && deletedIds.has(item[field] as number);
        const read = nowList.items[index]!;
        if (namedIt) {
          t.verify(read[field] === null, `${at} shows item ${item.id}, which named ${String(item[field])} in ${field}, with ${field} ${JSON.stringify(read[field])}; expected null`, { rules: followRules.length ? followRules : ['resources.delete-named-only'] });
        }
        const changed = changes(item, read, namedIt ? [field, 'updated_at'] : []);
        t.verify(changed.length === 0, `${at} shows item ${item.id}${namedIt ? `, which named ${String(item[field])},` : `, which did not name ${named},`} otherwise than before: ${changed.join('; ')}`, { rules: ['resources.delete-named-only'] });
      }
    }
  };
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

      verifyDeleted(t, `after ${remove.operationId} of ${deleted}`, before!, after!, new Set([deleted]));

      // The rest of its kind, one after another: the last delete leaves the parent without a child of
      // the kind. A child whose state refuses the delete (a declared 409) stays, and must read as before.
      const gone = new Set<number>();
      for (const id of children[kind]!.filter((child) => child !== deleted)) {
        const answer = await t.call(remove, { ids: { ...parentIds, id } });
        if (answer.status === 204) gone.add(id);
        else t.ensure(answer.status === 409 && remove.responses.some((response) => response.status === '409'), `${remove.operationId} of ${id}, made by the test, answered ${answer.status ?? 'nothing'}; expected 204 (or the 409 of a state that refuses it)`, { evidence: answer.exchange });
      }
      const [last, twinLast] = await viewBoth(t, reads, [household, twin]);
      const lastWhere = `after ${remove.operationId} of ${[...gone].join(' and ')}, the rest of its kind under the parent (${[deleted, ...gone].join(', ')} deleted in all)`;
      verifyUntouched(t, `${lastWhere}, under another ${reads.parentName.replace(/_id$/, '')} whose children share these names and slugs`, twinBefore!, twinLast!, {}, ['resources.delete-named-only']);
      verifyDeleted(t, lastWhere, after!, last!, gone);
    });
  });
}
