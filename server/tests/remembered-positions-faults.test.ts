/**
 * The fault of server/faults/remembered-positions.ts really breaks what it names: the same requests
 * against the server with the fault and without it, the broken answer from the first and the one the
 * contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'categories-later-pages-positions-unversioned',
  what: 'listCategories must walk every category once after a new one, past its 100th too',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id as number;
    for (let index = 0; index < 101; index++) await api('POST', `/pages/${page}/categories`, { body: { name: `Category ${index}` } });
    const walk = async () => {
      const ids = [];
      for (const number of [1, 2]) ids.push(...(await api('GET', `/pages/${page}/categories?page=${number}&size=100`)).body.result.map((category: { id: number }) => category.id));
      return ids;
    };
    const before = await walk();
    await api('POST', `/pages/${page}/categories`, { body: { name: 'One more' } });
    const after = await walk();
    return { before: new Set(before).size, after: new Set(after).size, afterRead: after.length };
  },
  broken: (seen) => expect(seen).toEqual({ before: 101, after: 101, afterRead: 101 }),
  correct: (seen) => expect(seen).toEqual({ before: 101, after: 102, afterRead: 102 }),
});

contrastFaults('the fault of later pages reached from remembered positions', cases);
