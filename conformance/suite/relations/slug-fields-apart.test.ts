/**
 * page.slug-taken names the pages' `slug`: an explicit slug is refused (`409`) when another page of the
 * workspace has it as its `slug`. A page's `name_slug` is another field, derived from its name and made
 * unique among names; a server that looks for a slug in both columns refuses a slug that only a
 * `name_slug` holds, which every test that makes a page with its derived slug (where the two agree)
 * cannot show.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { expectedSlug } from '../slugs.ts';

forOperation('createPage', (test) => {
  test("accepts an explicit slug that another page holds only as its name_slug", { check: 'page_creation', rules: ['page.slug-taken', 'requests.valid-input-accepted'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
    // A page whose name_slug and slug differ: its name's slug is free as a slug.
    const name = t.names.name('Apart');
    const held = await t.api.POST('/pages', { body: { name, slug: expectedSlug(t.names.name('apart-own-slug')) } });
    t.ensure(held.response.status === 201 && held.data !== undefined, `createPage of ${JSON.stringify(name)} with a slug of its own answered ${held.response.status}; expected 201`, { evidence: held.response });
    const nameSlug = held.data.name_slug;
    t.ensure(nameSlug !== held.data.slug, `the page's name_slug and slug are both ${JSON.stringify(nameSlug)}; they were meant to differ`, { evidence: held.response });

    const second = await t.api.POST('/pages', { body: { name: t.names.name('Apart second'), slug: nameSlug } });
    const refused = second.response.status === 409 ? ' (409: a name_slug was taken for a slug)' : '';
    t.verify(second.response.status === 201, `createPage with slug ${JSON.stringify(nameSlug)}, which page ${held.data.id} holds only as its name_slug, answered ${second.response.status}${refused}; expected 201`, { evidence: second.response });
    if (second.data) t.verify(second.data.slug === nameSlug, `the explicit slug ${JSON.stringify(nameSlug)} was stored as ${JSON.stringify(second.data.slug)}; expected it as sent`, { evidence: second.response });
  });
});
