/**
 * lists.exact-filters over updates: for every update operation whose body takes a field its list
 * filters on (a post's `status` and `category_id`), a resource updated to another value of the field is
 * listed under the new value and no longer under the old one, on every page of the filtered walk. The
 * filter tests walk lists whose items never change; a server that filters on what an item was created
 * with, or keeps a filter index it does not update, passes them all.
 *
 * The new value is another value of the filter's enum the update accepts (the contract's state rules
 * may refuse some moves: a refused one is not a failure here, and the next value is tried), or, for an
 * id filter, a new resource of the kind it names under the same parent.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { listOf, readResource, UPDATES, type Json } from './update-subjects.ts';
import { filtersAnUpdateChanges, type UpdatableFilter } from './update-filters.ts';
import { maximumSize, walkList } from './walk.ts';

const { contract } = suiteContext();

/** How to make a new value of an id filter: a new resource of the kind the field names, under the item's parent. */
const NEW_REFERENCE: Record<string, (t: Kit, ids: Record<string, number>) => Promise<number>> = {
  category_id: async (t, ids) => (await new Resources(t).category(ids.page_id!)).id,
};

type FilteredField = UpdatableFilter;

/** The query filters of a list that the update's body can change: those of few values, and the id filters a new value can be made for. */
const filteredFields = (list: OperationInfo, update: OperationInfo): FilteredField[] =>
  filtersAnUpdateChanges(contract, list, update).filter((filter) => filter.values !== undefined || filter.name in NEW_REFERENCE);

/** The value as the body sends it: an enum's text, a boolean, an id. */
const asBodyValue = (field: FilteredField, value: string): unknown => (field.values ? (value === 'true' ? true : value === 'false' ? false : value) : Number(value));

for (const [operationId, subject] of Object.entries(UPDATES)) {
  const update = contract.operation(operationId);
  const list = listOf(contract, subject.readerId)?.operation;
  const fields = list ? filteredFields(list, update) : [];
  if (!list || fields.length === 0) continue;

  forOperation(operationId, (test) => {
    test(`lists a resource under its new ${fields.map((field) => field.name).join(' and ')} after an update, and no longer under the old`, { check: 'status_filter', rules: ['lists.exact-filters', 'resources.update-kept'], needs: ['state'], timeoutMs: 120_000 }, async (t: Kit) => {
      const resources = new Resources(t);
      for (const field of fields) {
        const ids = await subject.make(resources, t);
        const { id, ...parentIds } = ids;
        const before = await readResource(t, subject.readerId, ids);
        const old = String(before[field.name]);
        const candidates = field.values ? field.values.filter((value) => value !== old) : [String(await NEW_REFERENCE[field.name]!(t, ids))];
        let moved: string | undefined;
        for (const value of candidates) {
          const { status, exchange } = await t.call(update, { ids, body: { [field.name]: asBodyValue(field, value) } });
          if (status === 200) {
            moved = value;
            break;
          }
          // A move the contract's state rules refuse is a 409 or a 422; anything else is judged elsewhere.
          t.ensure(status === 409 || status === 422, `${operationId} {"${field.name}": ${JSON.stringify(asBodyValue(field, value))}} answered ${status ?? 'nothing'}; expected 200, or a refusal of the move`, { evidence: exchange });
        }
        if (moved === undefined) continue;
        const size = maximumSize(t, list);
        const listedUnder = async (value: string) => {
          const walk = await walkList(t, list, parentIds, { size, query: { [field.name]: value } });
          t.ensure(walk.problem === undefined, `?${field.name}=${value}: ${walk.problem}`, { evidence: walk.exchange });
          return { item: walk.items.find((item) => item.id === id) as Json | undefined, exchange: walk.exchange };
        };
        const now = await listedUnder(moved);
        t.verify(now.item !== undefined, `${subject.readerId.replace(/^get/, '')} ${id}, moved from ${field.name} ${old} to ${moved} by ${operationId}, is not listed by ${list.operationId}?${field.name}=${moved}`, { evidence: now.exchange });
        if (now.item) t.verify(String(now.item[field.name]) === moved, `${list.operationId}?${field.name}=${moved} shows ${id} with ${field.name} ${JSON.stringify(now.item[field.name])}`, { evidence: now.exchange });
        if (before[field.name] !== null && before[field.name] !== undefined) {
          const then = await listedUnder(old);
          t.verify(then.item === undefined, `${list.operationId}?${field.name}=${old} still lists ${id} after ${operationId} moved it to ${field.name} ${moved}`, { evidence: then.exchange });
        }
      }
    });
  });
}
