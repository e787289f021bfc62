/**
 * lists.exact-filters on every page and lists.filters-add-up: on a list of the test's own, holding items
 * of several filter values, every filter value is walked at every page size that splits the list (and at
 * the largest): each page holds only matching items, the walk visits exactly the matching items of the
 * unfiltered list in its order (newest first, also for items that entered the state later and in the
 * reverse order: populated.ts), and the totals of a filter's values add up to the unfiltered total.
 * A list with several filters is walked with all of them at once, each combination of values, held to
 * the same: every item matches every filter, and the combined total counts the unfiltered list's items
 * matching all of them.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { filledList, hasOwnParent, isList, ITEMS_PER_LIST, type ListedItem } from './populated.ts';
import { inBatches } from './in-batches.ts';
import { filtersOf as filtersOfList, type Filter } from './list-filters.ts';
import { maximumSize, sequenceDifference, walkList } from './walk.ts';

const { contract } = suiteContext();

/** The list's filters (list-filters.ts). */
const filtersOf = (operation: OperationInfo): Filter[] => filtersOfList(contract, operation);

const matches = (item: ListedItem, name: string, value: string) => String(item[name]) === value;

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && hasOwnParent(candidate) && filtersOf(candidate).length > 0)) {
  forOperation(operation.operationId, (test) => {
    test('holds every filter on every page, newest first whenever its items entered the state, and the totals of its values add up', { check: 'status_filter', rules: ['lists.exact-filters', 'lists.filters-add-up', 'lists.newest-first'], needs: ['state'], timeoutMs: 120_000 }, async (t: Kit) => {
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
            // The unfiltered list's order is newest first; its items entered a state in another order (populated.ts ENTERED_LATER).
            if (!t.verify(difference === undefined, `${where} ${difference?.replace('at size 100 the list holds', 'the unfiltered list holds, of that value,')}`, { evidence: walk.exchange, rules: ['lists.exact-filters', 'lists.newest-first'] })) return;
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

/** Every assignment of one value to each filter: the product of their values. */
function combinations(choices: { name: string; values: string[] }[]): Record<string, string>[] {
  return choices.reduce<Record<string, string>[]>((partial, { name, values }) => partial.flatMap((assigned) => values.map((value) => ({ ...assigned, [name]: value }))), [{}]);
}

const describeQuery = (query: Record<string, string>) => `?${Object.entries(query).map(([name, value]) => `${name}=${value}`).join('&')}`;

// lists.exact-filters for filters sent together: a server that picks one query per filter, or lets one
// filter win, is right for each filter alone and wrong only for the combination.
for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && hasOwnParent(candidate) && filtersOf(candidate).length > 1)) {
  forOperation(operation.operationId, (test) => {
    test('holds every filter at once, on every page, and the totals of each filter\'s values add up under the others', { check: 'status_filter', rules: ['lists.exact-filters', 'lists.filters-add-up'], needs: ['state'], timeoutMs: 120_000 }, async (t: Kit) => {
      const ids = await filledList(t, operation);
      const largest = maximumSize(t, operation);
      const all = await walkList(t, operation, ids, { size: largest });
      t.ensure(all.problem === undefined, all.problem ?? '', { evidence: all.exchange });
      const filters = filtersOf(operation);
      // An id filter (category_id) takes the ids the items have, as when it is sent alone.
      const choices = filters.map((filter) => ({
        name: filter.name,
        values: filter.values ?? [...new Set(all.items.map((item) => item[filter.name]).filter((value) => value !== null && value !== undefined).map(String))],
      }));
      const sizes = [...Array.from({ length: ITEMS_PER_LIST + 1 }, (_, index) => index + 1), largest];
      const totals = new Map<string, number>();
      for (const query of combinations(choices)) {
        const expected = all.items.filter((item) => Object.entries(query).every(([name, value]) => matches(item, name, value)));
        const walks = await inBatches(sizes, 5, async (size) => ({ size, walk: await walkList(t, operation, ids, { size, query }) }));
        for (const { size, walk } of walks) {
          const where = `${describeQuery(query)} at size ${size}`;
          if (!t.verify(walk.problem === undefined, `${where}: ${walk.problem}`, { evidence: walk.exchange })) return;
          const stray = walk.items.filter((item) => !Object.entries(query).every(([name, value]) => matches(item, name, value)));
          const shown = (item: ListedItem) => `${item.id} (${Object.keys(query).map((name) => `${name} ${String(item[name])}`).join(', ')})`;
          if (!t.verify(stray.length === 0, `${where} lists ${stray.map(shown).join('; ')}: every item must match every filter sent`, { evidence: walk.exchange })) return;
          const difference = sequenceDifference(expected, walk.items);
          if (!t.verify(difference === undefined, `${where} ${difference?.replace('at size 100 the list holds', 'the unfiltered list holds, matching all of them,')}`, { evidence: walk.exchange })) return;
          if (!t.verify(walk.total === expected.length, `${where} total is ${walk.total}; ${expected.length} items of the list match every filter sent`, { evidence: walk.exchange })) return;
        }
        totals.set(describeQuery(query), walks[0]!.walk.total);
      }
      // lists.filters-add-up under the other filters: with them fixed, a finite filter's values add up
      // to the total of the other filters alone.
      for (const filter of filters.filter((candidate) => candidate.values)) {
        const others = choices.filter((choice) => choice.name !== filter.name);
        for (const rest of combinations(others)) {
          const sum = filter.values!.reduce((total, value) => total + (totals.get(describeQuery(Object.fromEntries(choices.map(({ name }) => [name, name === filter.name ? value : rest[name]!])))) ?? 0), 0);
          const alone = await walkList(t, operation, ids, { size: largest, query: rest });
          if (!t.verify(alone.problem === undefined, `${describeQuery(rest)}: ${alone.problem}`, { evidence: alone.exchange })) return;
          t.verify(sum === alone.total, `with ${describeQuery(rest)}, the totals of ${filter.name}'s values (${filter.values!.join(', ')}) add up to ${sum}; ${describeQuery(rest)} alone has total ${alone.total}`, { evidence: alone.exchange });
        }
      }
    });
  });
}
