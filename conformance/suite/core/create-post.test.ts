/**
 * createPost (core): a post is created as a draft (the default) or published, with first_published_at
 * set only when published; scheduled is refused; Markdown is rendered; the slug comes from the title and
 * is made unique in the page; a category must be one of the same page.
 */
import type { PostCreate } from '../../../generated/openapi.d.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { MISSING_ID } from '../requests.ts';
import { Resources } from '../resources.ts';
import { expectedSlug, SLUG_SAMPLE } from '../slugs.ts';

const CLOCK_TOLERANCE_MS = 120_000;

/**
 * The generated type makes `status` required because the schema gives it a default (openapi-typescript
 * treats defaulted properties as always present); on the wire it is optional, which is what is tested.
 */
type PostCreateWithoutStatus = Omit<PostCreate, 'status'> & { status?: PostCreate['status'] };

async function create(t: Kit, pageId: number, body: PostCreateWithoutStatus) {
  return t.api.POST('/pages/{page_id}/posts', { params: { path: { page_id: pageId } }, body: body as PostCreate });
}

forOperation('createPost', (test) => {
  test('creates a draft when no status is given: first_published_at and scheduled_at null', { check: 'post_publication_state', rules: ['post.draft-by-default'], needs: ['input_reflection'] }, async (t: Kit) => {
    const pageId = new Resources(t).sharedPageId();
    const { data, response } = await create(t, pageId, { title: t.names.name('draft') });
    t.ensure(data !== undefined, `answered ${response.status}; expected 201`, { evidence: response });
    t.cleanup(`post ${data.id}`, async () => void (await t.api.DELETE('/pages/{page_id}/posts/{id}', { params: { path: { page_id: pageId, id: data.id } } })));
    t.verify(data.status === 'draft', `status is ${data.status}; the default is draft`, { evidence: response });
    t.verify(data.first_published_at === null, `first_published_at is ${data.first_published_at}; a draft was never published`, { evidence: response });
    t.verify(data.scheduled_at === null, `scheduled_at is ${data.scheduled_at}; expected null`, { evidence: response });
  });

  test('creates a published post with first_published_at now', { check: 'post_publication_state', rules: ['post.published-now'], needs: ['input_reflection'] }, async (t: Kit) => {
    const before = Date.now();
    const post = await new Resources(t).post(new Resources(t).sharedPageId(), { status: 'published' });
    const published = Date.parse(post.first_published_at ?? '');
    t.verify(post.status === 'published', `status is ${post.status}; expected published`);
    t.verify(
      published >= before - CLOCK_TOLERANCE_MS && published <= Date.now() + CLOCK_TOLERANCE_MS,
      `first_published_at is ${post.first_published_at}; a post published at creation is first published now`,
    );
    t.verify(post.scheduled_at === null, `scheduled_at is ${post.scheduled_at}; expected null`);
  });

  test('refuses status scheduled with 422: a post becomes scheduled only through the editor', { check: 'post_publication_state', rules: ['post.published-now'] }, async (t: Kit) => {
    const pageId = new Resources(t).sharedPageId();
    // Raw: the typed client does not let `scheduled` through, which is the point of the test.
    const { status } = await t.raw({
      method: 'POST',
      path: `/pages/${pageId}/posts`,
      body: JSON.stringify({ title: t.names.name('scheduled'), status: 'scheduled' }),
      contentType: 'application/json',
    });
    t.verify(status === 422, `answered ${status ?? 'nothing'}; expected 422`);
  });

  test('renders content_md to content_html when content_html is absent', { check: 'post_publication_state', rules: ['post.markdown-rendered'], needs: ['input_reflection'] }, async (t: Kit) => {
    const post = await new Resources(t).post(new Resources(t).sharedPageId(), { content_md: '# Release notes\n\nShipped **faster lists**.' });
    const html = post.content_html ?? '';
    t.verify(/<h1[^>]*>Release notes<\/h1>/.test(html) && html.includes('<strong>faster lists</strong>'), `content_html is ${JSON.stringify(html)}; expected the Markdown rendered to HTML`);
  });

  test('keeps content_html as sent when content_md is given too', { check: 'post_publication_state', rules: ['post.markdown-rendered'], needs: ['input_reflection'] }, async (t: Kit) => {
    const html = '<p>Written in <em>HTML</em>.</p>';
    const post = await new Resources(t).post(new Resources(t).sharedPageId(), { content_html: html, content_md: '# Not this' });
    t.verify(post.content_html === html, `content_html is ${JSON.stringify(post.content_html)}; expected the HTML as sent`);
  });

  test('derives the slug from the title and suffixes -1, -2 for the same title in the page', { check: 'post_slug', rules: ['post.slug-unique-in-page'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const title = `${t.names.name('slug')} Café, Notes!`;
    const base = expectedSlug(title);
    const slugs: string[] = [];
    for (let index = 0; index < 3; index++) slugs.push((await resources.post(pageId, { title })).slug);
    t.verify(JSON.stringify(slugs) === JSON.stringify([base, `${base}-1`, `${base}-2`]), `three posts titled ${JSON.stringify(title)} got slugs ${slugs.join(', ')}; expected ${base}, ${base}-1, ${base}-2`);
  });

  test('transliterates letters that do not decompose (ß, Ł, æ, đ) and removes / in the slug of a title', { check: 'post_slug', rules: ['post.slug-unique-in-page'], needs: ['input_reflection'] }, async (t: Kit) => {
    // Accents that decompose (é = e + ◌́) come out right from merely dropping marks; these letters do not.
    const title = `${t.names.name('ltrs')} ${SLUG_SAMPLE}`;
    const post = await new Resources(t).post(new Resources(t).sharedPageId(), { title });
    const slug = expectedSlug(title, { removeSlash: true });
    t.verify(post.slug === slug, `the slug of ${JSON.stringify(title)} is ${post.slug}; expected ${slug}`);
  });

  test('refuses a category_id that names no category with 422, creating nothing', { check: 'category_scope', rules: ['post.category-of-same-page', 'resources.refused-write-changes-nothing'], needs: ['state'] }, async (t: Kit) => {
    const pageId = new Resources(t).sharedPageId();
    const title = t.names.name('no-category');
    const { response } = await create(t, pageId, { title, category_id: MISSING_ID });
    t.verify(response.status === 422, `category_id ${MISSING_ID} answered ${response.status}; expected 422`, { evidence: response });
    const listed = await t.api.GET('/pages/{page_id}/posts', { params: { path: { page_id: pageId }, query: { size: 100 } } });
    const created = listed.data?.result.filter((post) => post.title === title) ?? [];
    t.verify(created.length === 0, `the refused post is listed (${created.map((post) => post.id).join(', ')})`, { check: 'failed_write_leaves_nothing', evidence: listed.response });
  });

  test("refuses a category of another page with 422", { check: 'category_scope', rules: ['post.category-of-same-page'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const otherPage = await resources.page('other-page');
    const category = await resources.category(otherPage.id);
    const { response } = await create(t, resources.sharedPageId(), { title: t.names.name('foreign-category'), category_id: category.id });
    t.verify(response.status === 422, `a category of page ${otherPage.id} answered ${response.status}; expected 422`, { evidence: response });
  });
});
