/**
 * The fault of server/faults/entered-state-order.ts really breaks what it names: the same requests
 * against the server with the fault and without it, the broken answer from the first and the one the
 * contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { pause } from './contrast-fixtures.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'posts-published-by-publication',
  what: 'listPosts?status=published must list the published posts newest first, whatever order they were published in',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id as number;
    const ids: number[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      ids.push((await api('POST', `/pages/${page}/posts`, { body: { title, status: title === 'Second' ? 'published' : 'draft' } })).body.id);
      await pause(5);
    }
    // The third published before the first: the first, written earliest, is published last.
    for (const id of [ids[2], ids[0]]) {
      await api('PATCH', `/pages/${page}/posts/${id}`, { body: { status: 'published' } });
      await pause(5);
    }
    const titles = async (query: string) => (await api('GET', `/pages/${page}/posts${query}`)).body.result.map((post: { title: string }) => post.title);
    return { published: await titles('?status=published'), all: await titles('') };
  },
  broken: (seen) => expect(seen).toEqual({ published: ['First', 'Third', 'Second'], all: ['Third', 'Second', 'First'] }),
  correct: (seen) => expect(seen).toEqual({ published: ['Third', 'Second', 'First'], all: ['Third', 'Second', 'First'] }),
});

contrastFaults('the fault of a list ordered by when its items entered the state', cases);
