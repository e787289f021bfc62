/**
 * lists.exact-filters on every page and lists.filters-add-up: on a list of the test's own, holding items
 * of several filter values, every filter value is walked at every page size that splits the list (and at
 * the largest): each page holds only matching items, the walk visits exactly the matching items of the
 * unfiltered list in its order, and the totals of a filter's values add up to the unfiltered total.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { filledList, hasOwnParent, isList, ITEMS_PER_LIST, type ListedItem } from './populated.ts';
import { inBatches } from './in-batches.ts';
import { maximumSize, sequenceDifference, walkList } from './walk.ts';

const { contract } = suiteContext();

interface Filter {
  name: string;
  /** Finite values (an enum, or true and false), whose totals must add up; undefined for an id filter. */
  values?: string[];
}

function filtersOf(operation: OperationInfo): Filter[] {
  return operation.parameters
    .filter((parameter) => parameter.in === 'query' && !['page', 'size'].includes(parameter.name))
    .map((parameter) => {
      const schema = contract.resolve(parameter.schema, '').node;
      if (Array.isArray(schema.enum)) return { name: parameter.name, values: schema.enum.filter((value: unknown) => value !== null).map(String) };
      if (schema.type === 'boolean') return { name: parameter.name, values: ['true', 'false'] };
      return { name: parameter.name };
    });
}

const matches = (item: ListedItem, name: string, value: string) => String(item[name]) === value;

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && hasOwnParent(candidate) && filtersOf(candidate).length > 0)) {
  forOperation(operation.operationId, (test) => {
    test('holds every filter on every page, and the totals of its values add up', { check: 'status_filter', rules: ['lists.exact-filters', 'lists.filters-add-up'], needs: ['state'], timeoutMs: 120_000 }, async (t: Kit) => {
      const ids = await filledList(t, operation);
      const largest = maximumSize(t, operation);
      const all = await walkList(t, operation, ids, { size: largest });
      t.ensure(all.problem === undefined, all.problem ?? '', { evidence: all.exchange });
      const sizes = [...Array.from({ length: ITEMS_PER_LIST + 1 }, (_, index) => index + 1), largest];
      for (const filter of filtersOf(operation)) {
        // An id filter (category_id) takes the ids the items have; each is a value of its own.
        const values = filter.values ?? [...new Set(all.items.map((item) => item[filter.name]).filter((value) => value !== null && value !== undefined).map(String))];
        let sum = 0;
        for (const value of values) {
          const expected = all.items.filter((item) => matches(item, filter.name, value));
          const walks = await inBatches(sizes, 5, async (size) => ({ size, walk: await walkList(t, operation, ids, { size, query: { [filter.name]: value } }) }));
          for (const { size, walk } of walks) {
            const where = `?${filter.name}=${value} at size ${size}`;
            if (!t.verify(walk.problem === undefined, `${where}: ${walk.problem}`, { evidence: walk.exchange })) return;
            const stray = walk.items.filter((item) => !matches(item, filter.name, value));
            if (!t.verify(stray.length === 0, `${where} lists ${stray.map((item) => `${item.id} (${filter.name} ${String(item[filter.name])})`).join(', ')}`, { evidence: walk.exchange })) return;
            const difference = sequenceDifference(expected, walk.items);
            if (!t.verify(difference === undefined, `${where} ${difference?.replace('at size 100 the list holds', 'the unfiltered list holds, of that value,')}`, { evidence: walk.exchange })) return;
            if (!t.verify(walk.total === expected.length, `${where} total is ${walk.total}; ${expected.length} items of the list have ${filter.name} ${value}`, { evidence: walk.exchange })) return;
          }
          sum += walks[0]!.walk.total;
        }
        if (filter.values) {
          t.verify(sum === all.total, `the totals of ${filter.values.map((value) => `?${filter.name}=${value}`).join(', ')} add up to ${sum}; without the filter total is ${all.total}`, { evidence: all.exchange });
        }
      }
    });
  });
}
