/**
 * Posts (supporting operations): create, get, list, update and delete agree with each other; the
 * status and category filters list exactly what they say; publishing sets first_published_at once.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { reuseHint } from '../id-reuse.ts';
import { Resources } from '../resources.ts';

forOperation('createPost', (test) => {
  test('makes the created post readable at once, by getPost and in listPosts', { check: 'ensure_resource_availability', rules: ['resources.readable-after-create'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const post = await resources.post(pageId);
    const read = await t.api.GET('/pages/{page_id}/posts/{id}', { params: { path: { page_id: pageId, id: post.id } } });
    t.verify(JSON.stringify(read.data) === JSON.stringify(post), `getPost answered ${read.response.status} ${JSON.stringify(read.data)}`, { evidence: read.response });
    const listed = await t.api.GET('/pages/{page_id}/posts', { params: { path: { page_id: pageId }, query: { size: 100 } } });
    t.verify(listed.data?.result.some((item) => item.id === post.id) === true, `post ${post.id} is not on the first page of listPosts`, { evidence: listed.response });
  });
});

forOperation('listPosts', (test) => {
  test('lists exactly the posts with status=published', { check: 'status_filter', rules: ['lists.exact-filters'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const draft = await resources.post(pageId);
    const published = await resources.post(pageId, { status: 'published' });
    const { data, response } = await t.api.GET('/pages/{page_id}/posts', { params: { path: { page_id: pageId }, query: { status: 'published', size: 100 } } });
    t.ensure(data !== undefined, `answered ${response.status}`, { evidence: response });
    const others = data.result.filter((post) => post.status !== 'published');
    t.verify(others.length === 0, `status=published lists posts ${others.map((post) => `${post.id} (${post.status})`).join(', ')}`, { evidence: response });
    t.verify(data.result.some((post) => post.id === published.id), `the published post ${published.id} is not listed`, { evidence: response });
    t.verify(!data.result.some((post) => post.id === draft.id), `the draft ${draft.id} is listed`, { evidence: response });
  });

  test('lists exactly the posts of a category with category_id', { check: 'status_filter', rules: ['lists.exact-filters'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const category = await resources.category(pageId);
    const inside = await resources.post(pageId, { category_id: category.id });
    await resources.post(pageId);
    const { data, response } = await t.api.GET('/pages/{page_id}/posts', { params: { path: { page_id: pageId }, query: { category_id: category.id } } });
    t.ensure(data !== undefined, `answered ${response.status}`, { evidence: response });
    const ids = data.result.map((post) => post.id);
    t.verify(data.total === 1 && JSON.stringify(ids) === JSON.stringify([inside.id]), `category_id=${category.id} lists ${ids.join(', ') || 'nothing'} (total ${data.total}); expected only post ${inside.id}`, { evidence: response });
  });
});

forOperation('updatePost', (test) => {
  test('publishing a draft sets first_published_at, and a return to draft keeps it', { check: 'post_publication_state', rules: ['post.first-published-kept'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const post = await resources.post(pageId);
    const path = { page_id: pageId, id: post.id };
    const published = await t.api.PATCH('/pages/{page_id}/posts/{id}', { params: { path }, body: { status: 'published' } });
    t.ensure(published.data !== undefined, `publishing answered ${published.response.status}`, { evidence: published.response });
    t.verify(published.data.status === 'published' && published.data.first_published_at !== null, `after publishing: status ${published.data.status}, first_published_at ${published.data.first_published_at}`, { evidence: published.response });
    const draft = await t.api.PATCH('/pages/{page_id}/posts/{id}', { params: { path }, body: { status: 'draft' } });
    t.ensure(draft.data !== undefined, `returning to draft answered ${draft.response.status}`, { evidence: draft.response });
    t.verify(draft.data.first_published_at === published.data.first_published_at, `back to draft, first_published_at became ${draft.data.first_published_at}; it is set once and never cleared`, { evidence: draft.response });
  });

  test('keeps a change, clears a field set to null, keeps the slug, and getPost agrees', { check: 'crud_agreement', rules: ['resources.update-kept'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const post = await resources.post(pageId, { description: 'Before the change.' });
    const path = { page_id: pageId, id: post.id };
    const title = t.names.name('retitled');
    const { data, response } = await t.api.PATCH('/pages/{page_id}/posts/{id}', { params: { path }, body: { title, description: null } });
    t.ensure(data !== undefined, `answered ${response.status}`, { evidence: response });
    t.verify(data.title === title && data.description === null, `title ${data.title}, description ${JSON.stringify(data.description)}; expected ${title} and null`, { evidence: response });
    t.verify(data.slug === post.slug, `the slug changed from ${post.slug} to ${data.slug} with the title`, { evidence: response });
    const read = await t.api.GET('/pages/{page_id}/posts/{id}', { params: { path } });
    t.verify(JSON.stringify(read.data) === JSON.stringify(data), `getPost shows ${JSON.stringify(read.data)} after the update`, { evidence: read.response });
  });
});

forOperation('deletePost', (test) => {
  test('deletes for good: reading or deleting again is 404, even after a new post, and it is no longer listed', { check: 'use_after_free', rules: ['resources.gone-after-delete'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const post = await resources.post(pageId);
    const path = { page_id: pageId, id: post.id };
    const deleted = await t.api.DELETE('/pages/{page_id}/posts/{id}', { params: { path } });
    t.ensure(deleted.response.status === 204, `answered ${deleted.response.status}; expected 204`, { evidence: deleted.response });
    // A new post must not take the deleted one's id, or the old URL would name another post.
    const successor = await resources.post(pageId);
    const read = await t.api.GET('/pages/{page_id}/posts/{id}', { params: { path } });
    t.verify(read.response.status === 404, `getPost of the deleted post answered ${read.response.status}${reuseHint('post', post.id, successor.id, read.response.status)}`, { evidence: read.response });
    const again = await t.api.DELETE('/pages/{page_id}/posts/{id}', { params: { path } });
    t.verify(again.response.status === 404, `a second delete answered ${again.response.status}${reuseHint('post', post.id, successor.id, again.response.status)}`, { evidence: again.response });
    const listed = await t.api.GET('/pages/{page_id}/posts', { params: { path: { page_id: pageId }, query: { size: 100 } } });
    t.verify(listed.data?.result.some((item) => item.id === post.id) === false, `post ${post.id} is still listed`, { evidence: listed.response });
  });
});
