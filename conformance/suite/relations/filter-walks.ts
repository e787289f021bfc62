/**
 * lists.exact-filters on every page and lists.filters-add-up, judged on a list whose items are known
 * (walked whole at the largest size, `all`): every filter value walked at each of `sizes`, alone and
 * with the other filters at once. Used on the lists of the test's own (filters.test.ts) and on the lists
 * of the fixtures' states newsletter, which hold the states no run can make (service-state-lists.test.ts).
 */
import type { OperationInfo } from '../../contract/document.ts';
import type { Kit } from '../kit.ts';
import { inBatches } from './in-batches.ts';
import { filtersOf as filtersOfList, type Filter } from './list-filters.ts';
import type { ListedItem } from './populated.ts';
import { sequenceDifference, walkList, type Walk } from './walk.ts';

const matches = (item: ListedItem, name: string, value: string) => String(item[name]) === value;

/** The list's filters (list-filters.ts). */
export const filtersOf = (t: Kit, operation: OperationInfo): Filter[] => filtersOfList(t.contract, operation);

/**
 * Each filter alone: every value walked at every size holds only matching items, visits exactly the
 * matching items of `all` in its order, and counts them; a finite filter's totals add up to `all`'s.
 */
export async function verifyEachFilter(t: Kit, operation: OperationInfo, ids: Record<string, number>, all: Walk, sizes: number[]): Promise<void> {
  const largest = Math.max(...sizes);
  for (const filter of filtersOf(t, operation)) {
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
}

/** Every assignment of one value to each filter: the product of their values. */
function combinations(choices: { name: string; values: string[] }[]): Record<string, string>[] {
  return choices.reduce<Record<string, string>[]>((partial, { name, values }) => partial.flatMap((assigned) => values.map((value) => ({ ...assigned, [name]: value }))), [{}]);
}

const describeQuery = (query: Record<string, string>) => `?${Object.entries(query).map(([name, value]) => `${name}=${value}`).join('&')}`;

/**
 * Every filter at once, each combination of values, on every page: every item matches every filter,
 * the walk visits `all`'s items matching all of them, and a finite filter's totals add up under the others.
 */
export async function verifyFiltersTogether(t: Kit, operation: OperationInfo, ids: Record<string, number>, all: Walk, sizes: number[]): Promise<void> {
  const largest = Math.max(...sizes);
  const filters = filtersOf(t, operation);
  // An id filter (category_id) takes the ids the items have, as when it is sent alone.
  const choices = filters.map((filter) => ({
    name: filter.name,
    values: filter.values ?? [...new Set(all.items.map((item) => item[filter.name]).filter((value) => value !== null && value !== undefined).map(String))],
  }));
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
}
