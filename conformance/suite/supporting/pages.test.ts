/**
 * Pages (supporting operations): a created page is readable at once, listed, and changed by updatePage
 * as the contract says (name_slug follows a new name; slug and domain stay unless the slug is changed).
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { expectedSlug, SLUG_SAMPLE } from '../slugs.ts';
import { verifyConflictType } from '../conflicts.ts';

forOperation('createPage', (test) => {
  test('makes the created page readable at once, by getPage and in listPages', { check: 'ensure_resource_availability', rules: ['resources.readable-after-create'], needs: ['state'] }, async (t: Kit) => {
    const page = await new Resources(t).page();
    const read = await t.api.GET('/pages/{id}', { params: { path: { id: page.id } } });
    t.verify(JSON.stringify(read.data) === JSON.stringify(page), `getPage answered ${read.response.status} ${JSON.stringify(read.data)}; expected the created page`, { evidence: read.response });
    const listed = await t.api.GET('/pages', { params: { query: { size: 100 } } });
    t.verify(listed.data?.result.some((item) => item.id === page.id) === true, `page ${page.id} is not on the first page of listPages`, { evidence: listed.response });
  });
});

forOperation('getPage', (test) => {
  test('answers a page as listPages shows it', { check: 'crud_agreement', rules: ['resources.update-kept'], needs: ['state'] }, async (t: Kit) => {
    const page = await new Resources(t).page();
    const listed = await t.api.GET('/pages', { params: { query: { size: 100 } } });
    const item = listed.data?.result.find((candidate) => candidate.id === page.id);
    const read = await t.api.GET('/pages/{id}', { params: { path: { id: page.id } } });
    t.verify(item !== undefined && JSON.stringify(item) === JSON.stringify(read.data), `listPages shows ${JSON.stringify(item)}, getPage ${JSON.stringify(read.data)}`, { evidence: read.response });
  });
});

forOperation('updatePage', (test) => {
  test('renames a page: name_slug follows the name, slug and domain stay, getPage agrees', { check: 'crud_agreement', rules: ['page.rename-keeps-slug', 'resources.update-kept'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const page = await new Resources(t).page();
    const name = `${t.names.name('Ren')} ${SLUG_SAMPLE}`;
    const nameSlug = expectedSlug(name, { removeSlash: true });
    const { data, response } = await t.api.PATCH('/pages/{id}', { params: { path: { id: page.id } }, body: { name } });
    t.ensure(data !== undefined, `answered ${response.status}; expected 200`, { evidence: response });
    t.verify(data.name === name && data.name_slug === nameSlug, `name ${data.name}, name_slug ${data.name_slug}; expected ${name}, ${nameSlug}`, { evidence: response });
    t.verify(data.slug === page.slug && data.domain === page.domain, `slug ${data.slug} and domain ${data.domain} changed with the name (were ${page.slug}, ${page.domain})`, { evidence: response });
    const read = await t.api.GET('/pages/{id}', { params: { path: { id: page.id } } });
    t.verify(JSON.stringify(read.data) === JSON.stringify(data), `getPage shows ${JSON.stringify(read.data)} after the update`, { evidence: read.response });
  });

  test('keeps a first update through a second one of another field: getPage shows both', { check: 'crud_agreement', rules: ['resources.patch-named-fields-only', 'resources.update-kept'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    // Two PATCHes of different fields: a server that writes back every field of a copy it read earlier
    // (or cached at the first update) undoes the first with the second, which one PATCH never shows.
    const page = await new Resources(t).page();
    const name = t.names.name('First');
    const slug = t.names.name('second');
    const renamed = await t.api.PATCH('/pages/{id}', { params: { path: { id: page.id } }, body: { name } });
    t.ensure(renamed.data?.name === name, `renaming answered ${renamed.response.status} with name ${renamed.data?.name}; expected ${name}`, { evidence: renamed.response });
    const moved = await t.api.PATCH('/pages/{id}', { params: { path: { id: page.id } }, body: { slug } });
    t.ensure(moved.data !== undefined, `changing the slug answered ${moved.response.status}; expected 200`, { evidence: moved.response });
    t.verify(moved.data.name === name, `the PATCH of slug alone answered name ${moved.data.name}; the name of the first PATCH, ${name}, must stay`, { evidence: moved.response });
    const read = await t.api.GET('/pages/{id}', { params: { path: { id: page.id } } });
    t.verify(
      read.data?.name === name && read.data.slug === expectedSlug(slug, { removeSlash: true }),
      `getPage shows name ${read.data?.name} and slug ${read.data?.slug} after PATCH {name: ${name}} and PATCH {slug: ${slug}}; expected both kept`,
      { evidence: read.response },
    );
  });

  test('changes the slug, normalised as on creation', { check: 'crud_agreement', rules: ['page.rename-keeps-slug'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const page = await new Resources(t).page();
    const slug = `${t.names.name('New')} ${SLUG_SAMPLE}`;
    const { data, response } = await t.api.PATCH('/pages/{id}', { params: { path: { id: page.id } }, body: { slug } });
    t.verify(data?.slug === expectedSlug(slug, { removeSlash: true }), `slug is ${data?.slug}; expected ${expectedSlug(slug, { removeSlash: true })}`, { evidence: response });
  });

  test("refuses a name another page of the workspace has, in other letter case, with 409", { check: 'conflict_detection', rules: ['names.unique-any-case'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const taken = await resources.page('Taken');
    const page = await resources.page();
    const { response } = await t.api.PATCH('/pages/{id}', { params: { path: { id: page.id } }, body: { name: taken.name.toUpperCase() } });
    t.verify(response.status === 409, `answered ${response.status}; expected 409`, { evidence: response });
    verifyConflictType(t, response, 'name-taken', 'a page name already used');
  });
});
