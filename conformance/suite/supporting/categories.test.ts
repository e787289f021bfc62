/**
 * Categories (supporting operations): create, get, list, update and delete agree with each other; the
 * slug does not follow a new name; deleting a category leaves its posts on the page without a category.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { reuseHint } from '../id-reuse.ts';
import { Resources } from '../resources.ts';
import { expectedSlug, SLUG_SAMPLE } from '../slugs.ts';
import { verifyConflictType } from '../conflicts.ts';

forOperation('createCategory', (test) => {
  test('makes the created category readable at once, by getCategory and in listCategories', { check: 'ensure_resource_availability', rules: ['resources.readable-after-create'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const category = await resources.category(pageId);
    const read = await t.api.GET('/pages/{page_id}/categories/{id}', { params: { path: { page_id: pageId, id: category.id } } });
    t.verify(JSON.stringify(read.data) === JSON.stringify(category), `getCategory answered ${read.response.status} ${JSON.stringify(read.data)}`, { evidence: read.response });
    const listed = await t.api.GET('/pages/{page_id}/categories', { params: { path: { page_id: pageId }, query: { size: 100 } } });
    t.verify(listed.data?.result.some((item) => item.id === category.id) === true, `category ${category.id} is not on the first page of listCategories`, { evidence: listed.response });
  });
});

forOperation('updateCategory', (test) => {
  test('keeps a new name without changing the slug, clears description and color set to null', { check: 'crud_agreement', rules: ['resources.update-kept'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const category = await resources.category(pageId, { description: 'Before.', color: '#abc' });
    const path = { page_id: pageId, id: category.id };
    const name = t.names.name('renamed');
    const { data, response } = await t.api.PATCH('/pages/{page_id}/categories/{id}', { params: { path }, body: { name, description: null, color: null } });
    t.ensure(data !== undefined, `answered ${response.status}`, { evidence: response });
    t.verify(data.name === name && data.slug === category.slug, `name ${data.name}, slug ${data.slug}; expected ${name} and the old slug ${category.slug}`, { evidence: response });
    t.verify(data.description === null && data.color === null, `description ${JSON.stringify(data.description)}, color ${JSON.stringify(data.color)}; null clears them`, { evidence: response });
    const read = await t.api.GET('/pages/{page_id}/categories/{id}', { params: { path } });
    t.verify(JSON.stringify(read.data) === JSON.stringify(data), `getCategory shows ${JSON.stringify(read.data)} after the update`, { evidence: read.response });
  });

  test('normalises a new slug, and refuses one another category of the page has with 409', { check: 'category_slug', rules: ['category.slug-derived', 'category.slug-taken'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const other = await resources.category(pageId);
    const category = await resources.category(pageId);
    const slug = `${t.names.name('Mov')} ${SLUG_SAMPLE}`;
    const changed = await t.api.PATCH('/pages/{page_id}/categories/{id}', { params: { path: { page_id: pageId, id: category.id } }, body: { slug } });
    t.verify(changed.data?.slug === expectedSlug(slug, { removeSlash: true }), `slug ${JSON.stringify(slug)} was stored as ${changed.data?.slug}; expected ${expectedSlug(slug, { removeSlash: true })} (normalised as on creation)`, { evidence: changed.response });
    const taken = await t.api.PATCH('/pages/{page_id}/categories/{id}', { params: { path: { page_id: pageId, id: category.id } }, body: { slug: other.slug } });
    t.verify(taken.response.status === 409, `taking the slug of category ${other.id} answered ${taken.response.status}; expected 409`, { check: 'conflict_detection', evidence: taken.response });
    verifyConflictType(t, taken.response, 'slug-taken', `taking the slug of category ${other.id}`);
  });
});

forOperation('deleteCategory', (test) => {
  test('deletes for good: reading or deleting again is 404, even after a new category, and it is no longer listed', { check: 'use_after_free', rules: ['resources.gone-after-delete'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const category = await resources.category(pageId);
    const path = { page_id: pageId, id: category.id };
    const deleted = await t.api.DELETE('/pages/{page_id}/categories/{id}', { params: { path } });
    t.ensure(deleted.response.status === 204, `answered ${deleted.response.status}; expected 204`, { evidence: deleted.response });
    // A new category must not take the deleted one's id, or the old URL would name another category.
    const successor = await resources.category(pageId);
    const read = await t.api.GET('/pages/{page_id}/categories/{id}', { params: { path } });
    t.verify(read.response.status === 404, `getCategory of the deleted category answered ${read.response.status}${reuseHint('category', category.id, successor.id, read.response.status)}`, { evidence: read.response });
    const again = await t.api.DELETE('/pages/{page_id}/categories/{id}', { params: { path } });
    t.verify(again.response.status === 404, `a second delete answered ${again.response.status}${reuseHint('category', category.id, successor.id, again.response.status)}`, { evidence: again.response });
    const listed = await t.api.GET('/pages/{page_id}/categories', { params: { path: { page_id: pageId }, query: { size: 100 } } });
    t.verify(listed.data?.result.some((item) => item.id === category.id) === false, `category ${category.id} is still listed`, { evidence: listed.response });
  });

  test('leaves the posts of a deleted category on the page with category_id null', { check: 'crud_agreement', rules: ['category.delete-keeps-posts'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const category = await resources.category(pageId);
    const post = await resources.post(pageId, { category_id: category.id });
    await t.api.DELETE('/pages/{page_id}/categories/{id}', { params: { path: { page_id: pageId, id: category.id } } });
    const read = await t.api.GET('/pages/{page_id}/posts/{id}', { params: { path: { page_id: pageId, id: post.id } } });
    t.verify(read.data?.category_id === null, `the post answered ${read.response.status} with category_id ${read.data?.category_id}; expected it still there with null`, { evidence: read.response });
  });
});
