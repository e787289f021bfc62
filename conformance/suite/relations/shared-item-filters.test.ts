/**
 * lists.exact-filters on the lists the suite cannot fill with items of its own (authors cannot be
 * created): every value of a boolean or enum filter, sent explicitly, and the filter left out, are
 * walked while the shared item holds each value of the filtered field in turn. Each walk lists only
 * items of that value (of the default, without the parameter), and lists the shared item exactly when
 * it holds the value. The other tests of these lists read them while the shared item has the one value
 * it was left with, so a server that reads one value of the filter as "no filter" passes them whenever
 * no item of another value is there.
 *
 * The item is changed through its update and put back as it was, all under the lock every test that
 * compares or changes it holds; it is changed only when --fixtures names it or the target is disposable.
 *
 * Cost, per list: two updates per value of the field, and a walk of the list per filter value (and the
 * default) per value held.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { AUTHOR_NOT_WRITABLE, holdingAuthor } from '../shared-author.ts';
import { hasOwnParent, isList, type ListedItem } from './populated.ts';
import { readResource, updateResource } from './update-subjects.ts';
import { filtersAnUpdateChanges, type UpdatableFilter } from './update-filters.ts';
import { maximumSize, walkList } from './walk.ts';

const { contract } = suiteContext();

/** The shared items of lists without a parent of the test's own: which one, and how to hold it. */
const SHARED: Record<string, { id: (t: Kit) => number; writable: (t: Kit) => boolean; holding: <T>(t: Kit, id: number, work: () => Promise<T>) => Promise<T>; why: string }> = {
  listAuthors: {
    id: (t) => new Resources(t).sharedAuthorId(),
    writable: (t) => t.fixtures.authorWritable || t.options.disposableTarget === true,
    holding: holdingAuthor,
    why: AUTHOR_NOT_WRITABLE,
  },
};

type FiniteFilter = Required<Pick<UpdatableFilter, 'name' | 'values'>> & Pick<UpdatableFilter, 'fallback'>;

/** The boolean and enum filters of a list whose field the item's update takes. */
const finiteFilters = (list: OperationInfo, update: OperationInfo): FiniteFilter[] =>
  filtersAnUpdateChanges(contract, list, update).filter((filter): filter is FiniteFilter => filter.values !== undefined);

const asBodyValue = (value: string): unknown => (value === 'true' ? true : value === 'false' ? false : value);

for (const list of contract.operations.filter((candidate) => isList(contract, candidate) && !hasOwnParent(candidate) && candidate.operationId in SHARED)) {
  const update = contract.operations.find((candidate) => candidate.method === 'PATCH' && candidate.path === `${list.path}/{id}`);
  const reader = contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === `${list.path}/{id}`);
  const filters = update && reader ? finiteFilters(list, update) : [];
  if (!update || !reader || filters.length === 0) continue;
  const shared = SHARED[list.operationId]!;

  forOperation(list.operationId, (test) => {
    test(
      `lists exactly the items of each ${filters.map((filter) => filter.name).join(' and ')} value sent, and of the default, while the shared item holds each value`,
      { check: 'status_filter', rules: ['lists.exact-filters'], needs: ['state'], timeoutMs: 120_000 },
      async (t: Kit) => {
        const id = shared.id(t);
        if (!shared.writable(t)) t.notApplicable(shared.why);
        const size = maximumSize(t, list);
        await shared.holding(t, id, async () => {
          const original = await readResource(t, reader.operationId, { id });
          try {
            for (const filter of filters) {
              for (const held of filter.values) {
                await updateResource(t, update.operationId, { id }, { [filter.name]: asBodyValue(held) });
                const queries: { value: string; query: Record<string, string> }[] = filter.values.map((value) => ({ value, query: { [filter.name]: value } }));
                if (filter.fallback !== undefined) queries.push({ value: filter.fallback, query: {} });
                for (const { value, query } of queries) {
                  const where = `${list.operationId}${filter.name in query ? `?${filter.name}=${value}` : ` without ${filter.name} (default ${value})`}, with ${id} at ${filter.name} ${held}`;
                  const walk = await walkList(t, list, {}, { size, query });
                  if (!t.verify(walk.problem === undefined, `${where}: ${walk.problem}`, { evidence: walk.exchange })) return;
                  const stray = walk.items.filter((item: ListedItem) => String(item[filter.name]) !== value);
                  t.verify(stray.length === 0, `${where} lists ${stray.map((item) => `${item.id} (${filter.name} ${String(item[filter.name])})`).join(', ')}: a filter lists only the items that match it`, { evidence: walk.exchange });
                  const listed = walk.items.some((item) => item.id === id);
                  t.verify(listed === (held === value), `${where} ${listed ? 'lists' : 'does not list'} ${id}; expected it ${held === value ? 'listed' : 'left out'}`, { evidence: walk.exchange });
                  t.verify(walk.total === walk.items.length, `${where} says total ${walk.total} and lists ${walk.items.length} items: total counts the items the filter lists`, { evidence: walk.exchange });
                }
              }
            }
          } finally {
            const restore = Object.fromEntries(filters.map((filter) => [filter.name, original[filter.name]]));
            await t.call(update, { ids: { id }, body: restore });
          }
        });
      },
    );
  });
}
