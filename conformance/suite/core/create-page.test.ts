/**
 * createPage (core): 201 with the page; slug and name_slug derived from the name (an explicit slug
 * normalised, `/` removed), made unique in the workspace with -1, -2; a lowercase domain; the caller's
 * workspace. A name already used in the workspace, in any letter case, is a 409, and so is an explicit
 * slug already used. Pages cannot be deleted: every page made here stays, named after the run.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { expectedSlug, SLUG_SAMPLE, UNDECOMPOSED_SAMPLE } from '../slugs.ts';
import { verifyConflictType } from '../conflicts.ts';

async function create(t: Kit, body: { name: string; slug?: string | null }) {
  return t.api.POST('/pages', { body });
}

forOperation('createPage', (test) => {
  test('creates a page whose slug and name_slug come from its name, with a lowercase domain', { check: 'page_creation', rules: ['page.slug-from-name'], needs: ['input_reflection'] }, async (t: Kit) => {
    // Words in mixed case, punctuation inside words (apostrophes, &, a dot...), letters that do not
    // decompose: one word each whatever the case, one hyphen for each mark (Slugs; page.slug-from-name).
    const name = `${t.names.name('Page')} ${SLUG_SAMPLE}`;
    const { data, response } = await create(t, { name });
    t.ensure(data !== undefined, `answered ${response.status}; expected 201`, { evidence: response });
    t.verify(response.status === 201, `answered ${response.status}; expected 201`, { evidence: response });
    t.verify(data.name === name, `name is ${JSON.stringify(data.name)}; expected ${JSON.stringify(name)}`, { evidence: response });
    t.verify(data.slug === expectedSlug(name, { removeSlash: true }), `slug is ${data.slug}; expected ${expectedSlug(name, { removeSlash: true })}`, { evidence: response });
    t.verify(data.name_slug === expectedSlug(name, { removeSlash: true }), `name_slug is ${data.name_slug}; expected ${expectedSlug(name, { removeSlash: true })}`, { evidence: response });
    t.verify(data.domain === data.domain.toLowerCase(), `domain ${data.domain} is not lowercase`, { evidence: response });
  });

  test("creates the page in the caller's workspace", { check: 'page_creation', rules: ['page.slug-from-name'], needs: ['state'] }, async (t: Kit) => {
    const shared = await t.api.GET('/pages/{id}', { params: { path: { id: new Resources(t).sharedPageId() } } });
    t.ensure(shared.data !== undefined, `getPage of the run's page answered ${shared.response.status}`, { evidence: shared.response });
    const page = await new Resources(t).page();
    t.verify(page.workspace_id === shared.data.workspace_id, `workspace_id is ${page.workspace_id}; the token's workspace is ${shared.data.workspace_id}`);
  });

  test('normalises an explicit slug, removing /', { check: 'page_creation', rules: ['page.slug-from-name'], needs: ['input_reflection'] }, async (t: Kit) => {
    const slug = `${t.names.name('Docs')} ${SLUG_SAMPLE}`;
    const { data, response } = await create(t, { name: t.names.name('explicit-slug'), slug });
    t.ensure(data !== undefined, `answered ${response.status}; expected 201`, { evidence: response });
    t.verify(data.slug === expectedSlug(slug, { removeSlash: true }), `slug ${JSON.stringify(slug)} was stored as ${data.slug}; expected ${expectedSlug(slug, { removeSlash: true })}`, { evidence: response });
  });

  test('suffixes -1 to a derived slug and name_slug already used in the workspace', { check: 'page_creation', rules: ['page.slug-from-name'], needs: ['state'] }, async (t: Kit) => {
    const base = t.names.name('same');
    // Two different names, one slug: "x Straße..." and "x-Straße..." both become "x-strasse...", letters
    // that do not decompose transliterated in both.
    const first = await create(t, { name: `${base} ${UNDECOMPOSED_SAMPLE}` });
    const second = await create(t, { name: `${base}-${UNDECOMPOSED_SAMPLE}` });
    t.ensure(first.data !== undefined && second.data !== undefined, `answered ${first.response.status} and ${second.response.status}; expected 201`, { evidence: second.response });
    const slug = expectedSlug(`${base} ${UNDECOMPOSED_SAMPLE}`, { removeSlash: true });
    t.verify(first.data.slug === slug && second.data.slug === `${slug}-1`, `slugs are ${first.data.slug} and ${second.data.slug}; expected ${slug} and ${slug}-1`, { evidence: second.response });
    t.verify(second.data.name_slug === `${slug}-1`, `the second name_slug is ${second.data.name_slug}; expected ${slug}-1`, { evidence: second.response });
  });

  test('refuses a name already used in the workspace, in other letter case, with 409', { check: 'page_creation', rules: ['names.unique-any-case'], needs: ['state'] }, async (t: Kit) => {
    const name = t.names.name('Unique');
    await new Resources(t).page();
    const first = await create(t, { name });
    t.ensure(first.data !== undefined, `answered ${first.response.status}; expected 201`, { evidence: first.response });
    const again = await create(t, { name: name.toUpperCase() });
    t.verify(again.response.status === 409, `the same name in upper case answered ${again.response.status}; expected 409`, { evidence: again.response });
    verifyConflictType(t, again.response, 'name-taken', 'the same name in upper case');
  });

  test('refuses an explicit slug already used in the workspace with 409', { check: 'page_creation', rules: ['page.slug-taken'], needs: ['state'] }, async (t: Kit) => {
    const slug = t.names.name('slug-taken');
    const first = await create(t, { name: t.names.name('first'), slug });
    t.ensure(first.data !== undefined, `answered ${first.response.status}; expected 201`, { evidence: first.response });
    const again = await create(t, { name: t.names.name('second'), slug });
    t.verify(again.response.status === 409, `a second page with slug ${slug} answered ${again.response.status}; expected 409`, { evidence: again.response });
    verifyConflictType(t, again.response, 'slug-taken', `a second page with slug ${slug}`);
  });
});
