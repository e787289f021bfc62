/**
 * createCategory (core): the slug is derived from the name and made unique in the page with -1, -2; an
 * explicit slug is normalised the same way, and one already used in the page is a 409; description and
 * color default to null, and color is kept as given.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { expectedSlug, SLUG_SAMPLE } from '../slugs.ts';
import { verifyConflictType } from '../conflicts.ts';

forOperation('createCategory', (test) => {
  test('derives the slug from the name: transliterated to lowercase ASCII, other characters as one hyphen', { check: 'category_slug', rules: ['category.slug-derived'], needs: ['input_reflection'] }, async (t: Kit) => {
    const name = `${t.names.name('Cat')} ${SLUG_SAMPLE}`;
    const category = await new Resources(t).category(new Resources(t).sharedPageId(), { name });
    const slug = expectedSlug(name, { removeSlash: true });
    t.verify(category.slug === slug, `the slug of ${JSON.stringify(name)} is ${category.slug}; expected ${slug}`);
  });

  test('suffixes -1, -2 to a derived slug already used in the page', { check: 'category_slug', rules: ['category.slug-derived'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const name = t.names.name('twin');
    const slugs: string[] = [];
    for (let index = 0; index < 3; index++) slugs.push((await resources.category(pageId, { name })).slug);
    const base = expectedSlug(name);
    t.verify(JSON.stringify(slugs) === JSON.stringify([base, `${base}-1`, `${base}-2`]), `three categories named ${name} got slugs ${slugs.join(', ')}; expected ${base}, ${base}-1, ${base}-2`);
  });

  test('cuts the slug of a 255-character name after its 90th character, and suffixes -1 after the cut', { check: 'category_slug', rules: ['slugs.cut-to-fit'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    // The name's slug has a hyphen as its 90th character, so the cut must also drop it.
    const start = t.names.name('Long');
    const words = 'x'.repeat(Math.max(1, 88 - expectedSlug(start).length));
    const head = `${start} ${words} `;
    const name = head + 'y'.repeat(255 - head.length);
    const cut = expectedSlug(name);
    const slugs: string[] = [];
    for (let index = 0; index < 2; index++) slugs.push((await resources.category(pageId, { name })).slug);
    t.verify(
      JSON.stringify(slugs) === JSON.stringify([cut, `${cut}-1`]),
      `two categories named with ${name.length} characters got slugs ${slugs.join(', ')}; expected ${cut} (${cut.length} characters), then ${cut}-1`,
    );
  });

  test('normalises an explicit slug the way a derived one is', { check: 'category_slug', rules: ['category.slug-derived'], needs: ['input_reflection'] }, async (t: Kit) => {
    const slug = `${t.names.name('Expl')} ${SLUG_SAMPLE}`;
    const category = await new Resources(t).category(new Resources(t).sharedPageId(), { slug });
    t.verify(category.slug === expectedSlug(slug, { removeSlash: true }), `slug ${JSON.stringify(slug)} was stored as ${category.slug}; expected ${expectedSlug(slug, { removeSlash: true })}`);
  });

  test('refuses an explicit slug already used in the page with 409, creating nothing', { check: 'category_slug', rules: ['category.slug-taken', 'resources.refused-write-changes-nothing'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const first = await resources.category(pageId, { slug: t.names.name('taken') });
    const name = t.names.name('second');
    const { response } = await t.api.POST('/pages/{page_id}/categories', { params: { path: { page_id: pageId } }, body: { name, slug: first.slug } });
    t.verify(response.status === 409, `a second category with slug ${first.slug} answered ${response.status}; expected 409`, { evidence: response });
    verifyConflictType(t, response, 'slug-taken', `a second category with slug ${first.slug}`);
    const listed = await t.api.GET('/pages/{page_id}/categories', { params: { path: { page_id: pageId }, query: { size: 100 } } });
    const created = listed.data?.result.filter((category) => category.name === name) ?? [];
    t.verify(created.length === 0, `the refused category is listed (${created.map((category) => category.id).join(', ')})`, { check: 'failed_write_leaves_nothing', evidence: listed.response });
  });

  test("accepts an explicit slug a category of another page uses, in either order: slugs are unique per page", { check: 'category_slug', rules: ['category.slug-taken'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pages = [await resources.page('slug-scope-a'), await resources.page('slug-scope-b')];
    for (const [first, second] of [pages, [...pages].reverse()]) {
      const slug = expectedSlug(t.names.name('scoped'));
      const made = await resources.category(first!.id, { slug });
      t.ensure(made.slug === slug, `category slug ${slug} on page ${first!.id} was stored as ${made.slug}`);
      const { data, response } = await t.api.POST('/pages/{page_id}/categories', { params: { path: { page_id: second!.id } }, body: { name: t.names.name('scoped'), slug } });
      if (data) t.cleanup(`category ${data.id} of page ${second!.id}`, async () => void (await t.api.DELETE('/pages/{page_id}/categories/{id}', { params: { path: { page_id: second!.id, id: data.id } } })));
      t.verify(response.status === 201 && data?.slug === slug, `slug ${slug}, used only on page ${first!.id}, answered ${response.status} on page ${second!.id} (slug ${data?.slug}); expected 201 with that slug`, { evidence: response });
    }
  });

  test('keeps color as given, and defaults description and color to null', { check: 'category_slug', rules: ['category.optional-fields-null'], needs: ['input_reflection'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const colored = await resources.category(pageId, { color: '#1E90FF', description: 'Product news.' });
    t.verify(colored.color === '#1E90FF' && colored.description === 'Product news.', `color ${colored.color} and description ${JSON.stringify(colored.description)} are not as sent`);
    const plain = await resources.category(pageId);
    t.verify(plain.color === null && plain.description === null, `without them, color is ${plain.color} and description ${JSON.stringify(plain.description)}; both default to null`);
  });
});
