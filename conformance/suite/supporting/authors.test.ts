/**
 * Authors (supporting operations): authors cannot be created through the API, so the suite reads the
 * workspace's own and changes one only when --fixtures names it (author_id) or the target is disposable
 * (--disposable-target), restoring what this file changes afterwards.
 */
import type { Author } from '../../../generated/openapi.d.ts';
import { AUTHOR_NOT_WRITABLE, holdingAuthor } from '../shared-author.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';

forOperation('listAuthors', (test) => {
  for (const [query, active] of [
    [{}, true],
    [{ active: false }, false],
  ] as const) {
    const title = 'active' in query ? 'lists only inactive authors with active=false' : 'lists only active authors by default';
    test(title, { check: 'status_filter', rules: ['lists.exact-filters'], needs: active ? [] : ['input_reflection'] }, async (t: Kit) => {
      const { data, response } = await t.api.GET('/authors', { params: { query: { ...query, size: 100 } } });
      t.ensure(data !== undefined, `answered ${response.status}`, { evidence: response });
      const others = data.result.filter((item) => item.active !== active);
      t.verify(others.length === 0, `lists authors ${others.map((item) => `${item.id} (active ${item.active})`).join(', ')}`, { evidence: response });
    });
  }
});

forOperation('getAuthor', (test) => {
  test('answers an author as listAuthors shows it', { check: 'crud_agreement', rules: ['resources.update-kept'], needs: ['state'] }, async (t: Kit) => {
    const id = new Resources(t).sharedAuthorId();
    const { shown, listed } = await holdingAuthor(t, id, async () => {
      const { data, response } = await t.api.GET('/authors/{id}', { params: { path: { id } } });
      t.ensure(data !== undefined, `answered ${response.status}`, { evidence: response });
      return { shown: data, listed: await t.api.GET('/authors', { params: { query: { active: data.active, size: 100 } } }) };
    });
    const item = listed.data?.result.find((candidate) => candidate.id === id);
    t.verify(item === undefined || JSON.stringify(item) === JSON.stringify(shown), `listAuthors shows ${JSON.stringify(item)}, getAuthor ${JSON.stringify(shown)}`, { evidence: listed.response });
  });
});

forOperation('updateAuthor', (test) => {
  test('answers {} with the author unchanged', { check: 'crud_agreement', rules: ['author.update-kept', 'resources.empty-update-unchanged'], needs: ['state'] }, async (t: Kit) => {
    const id = new Resources(t).sharedAuthorId();
    const { before, data, response } = await holdingAuthor(t, id, async () => {
      const before = await t.api.GET('/authors/{id}', { params: { path: { id } } });
      return { before, ...(await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: {} })) };
    });
    t.ensure(data !== undefined, `answered ${response.status}; expected 200`, { evidence: response });
    t.verify(JSON.stringify(data) === JSON.stringify(before.data), `{} changed the author: ${JSON.stringify(before.data)} became ${JSON.stringify(data)}`, { evidence: response });
  });

  test('keeps a change, formatted_name follows the names, and getAuthor agrees', { check: 'crud_agreement', rules: ['author.update-kept', 'resources.update-kept'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const id = new Resources(t).sharedAuthorId();
    if (!t.fixtures.authorWritable) t.notApplicable(AUTHOR_NOT_WRITABLE);
    const change = { first_name: 'Conformance', last_name: t.options.runId, position: 'Checked by the conformance suite' };
    const { data, response, read } = await holdingAuthor(t, id, async () => {
      const before = await t.api.GET('/authors/{id}', { params: { path: { id } } });
      t.ensure(before.data !== undefined, `getAuthor answered ${before.response.status}`, { evidence: before.response });
      const original: Author = before.data;
      const restore = { first_name: original.first_name, last_name: original.last_name, position: original.position };
      t.cleanup(`author ${id} restored`, () =>
        holdingAuthor(t, id, async () => {
          const { response } = await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: restore });
          if (response.status !== 200) throw new Error(`answered ${response.status}`);
        }),
      );
      const updated = await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: change });
      return { ...updated, read: await t.api.GET('/authors/{id}', { params: { path: { id } } }) };
    });
    t.ensure(data !== undefined, `answered ${response.status}`, { evidence: response });
    t.verify(data.position === change.position && data.formatted_name.includes('Conformance') && data.formatted_name.includes(t.options.runId), `position ${data.position}, formatted_name ${data.formatted_name}`, { evidence: response });
    t.verify(JSON.stringify(read.data) === JSON.stringify(data), `getAuthor shows ${JSON.stringify(read.data)} after the update`, { evidence: read.response });
  });
  test('keeps a second change of the same fields, active included, and getAuthor agrees after each', { check: 'crud_agreement', rules: ['author.update-kept', 'resources.update-kept'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const id = new Resources(t).sharedAuthorId();
    if (!t.fixtures.authorWritable) t.notApplicable(AUTHOR_NOT_WRITABLE);
    // Both changes and the restore happen under the author's lock: no other test sees the author changed.
    const steps = await holdingAuthor(t, id, async () => {
      const before = await t.api.GET('/authors/{id}', { params: { path: { id } } });
      t.ensure(before.data !== undefined, `getAuthor answered ${before.response.status}`, { evidence: before.response });
      const original: Author = before.data;
      const changes = [
        { active: !original.active, position: `First change by the conformance suite (${t.options.runId})` },
        { active: original.active, position: `Second change by the conformance suite (${t.options.runId})` },
      ];
      const seen = [];
      try {
        for (const change of changes) {
          const updated = await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: change });
          seen.push({ change, updated, read: await t.api.GET('/authors/{id}', { params: { path: { id } } }) });
        }
      } finally {
        await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: { active: original.active, position: original.position } });
      }
      return seen;
    });
    for (const [index, { change, updated, read }] of steps.entries()) {
      const which = index === 0 ? 'the first change' : 'the second change of the same fields';
      t.ensure(updated.data !== undefined, `${which} answered ${updated.response.status}; expected 200`, { evidence: updated.response });
      t.verify(updated.data.active === change.active && updated.data.position === change.position, `${which} (${JSON.stringify(change)}) answered active ${updated.data.active}, position ${JSON.stringify(updated.data.position)}`, { evidence: updated.response });
      t.verify(read.data?.active === change.active && read.data?.position === change.position, `after ${which} (${JSON.stringify(change)}) getAuthor shows active ${read.data?.active}, position ${JSON.stringify(read.data?.position)}`, { evidence: read.response });
    }
  });
});
