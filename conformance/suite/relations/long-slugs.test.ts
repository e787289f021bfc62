/**
 * slugs.cut-to-fit on text that is not ASCII, for every operation that derives a slug from a name, title
 * or subject: the cut is made on the slug, so after transliteration, at its 90th character, with a hyphen
 * left at the end dropped. A server that cuts the text first (to a number of bytes, or of characters
 * before `ß` becomes `ss`) gives a shorter slug, which an ASCII name cannot show: its letters, bytes and
 * slug characters are one for one.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { longNonAsciiText as longNonAsciiTextOf } from '../long-texts.ts';
import { Resources } from '../resources.ts';
import { expectedSlug } from '../slugs.ts';

/** The longest name, title or subject (schema Name, EmailCreate.subject). */
const TEXT_LENGTH = 255;
/** A name of the run followed by words that are not ASCII, to the longest text the schemas allow. */
function longNonAsciiText(t: Kit, label: string): string {
  return longNonAsciiTextOf(t, label, TEXT_LENGTH);
}

function verdict(field: string, text: string, got: unknown, expected: string): string {
  return `${field} of a ${[...text].length}-character text that is not ASCII is ${JSON.stringify(got)} (${String(got ?? '').length} characters); expected ${expected} (${expected.length} characters: cut after the slug's 90th character, not the text's)`;
}

forOperation('createPage', (test) => {
  test('cuts slug and name_slug of a long name that is not ASCII after their 90th character once transliterated', { check: 'page_creation', rules: ['slugs.cut-to-fit', 'page.slug-from-name'], needs: ['input_reflection'] }, async (t: Kit) => {
    const name = longNonAsciiText(t, 'Page');
    const { data, response } = await t.api.POST('/pages', { body: { name } });
    t.ensure(response.status === 201 && data !== undefined, `createPage answered ${response.status}; expected 201`, { evidence: response });
    const expected = expectedSlug(name, { removeSlash: true });
    t.verify(data.slug === expected, verdict('slug', name, data.slug, expected), { evidence: response });
    t.verify(data.name_slug === expected, verdict('name_slug', name, data.name_slug, expected), { evidence: response });
  });
});

forOperation('updatePage', (test) => {
  test('moves name_slug to a long new name that is not ASCII, cut after its 90th character once transliterated', { check: 'crud_agreement', rules: ['slugs.cut-to-fit', 'page.rename-keeps-slug'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const page = await new Resources(t).page('renamed');
    const name = longNonAsciiText(t, 'Renamed');
    const { data, response } = await t.api.PATCH('/pages/{id}', { params: { path: { id: page.id } }, body: { name } });
    t.ensure(response.status === 200 && data !== undefined, `updatePage answered ${response.status}; expected 200`, { evidence: response });
    const expected = expectedSlug(name, { removeSlash: true });
    t.verify(data.name_slug === expected, verdict('name_slug', name, data.name_slug, expected), { evidence: response });
    // page.rename-keeps-slug: the domain never changes, however long the new name's slug.
    t.verify(data.domain === page.domain, `domain ${data.domain} changed with a long new name (was ${page.domain}); a page's domain never changes`, { evidence: response });
  });
});

forOperation('createPost', (test) => {
  test('cuts the slug of a long title that is not ASCII after its 90th character once transliterated', { check: 'post_slug', rules: ['slugs.cut-to-fit', 'post.slug-unique-in-page'], needs: ['input_reflection'] }, async (t: Kit) => {
    const title = longNonAsciiText(t, 'Post');
    const post = await new Resources(t).post(new Resources(t).sharedPageId(), { title });
    const expected = expectedSlug(title);
    t.verify(post.slug === expected, verdict('slug', title, post.slug, expected));
  });
});

forOperation('createCategory', (test) => {
  test('cuts the slug of a long name that is not ASCII after its 90th character once transliterated', { check: 'category_slug', rules: ['slugs.cut-to-fit', 'category.slug-derived'], needs: ['input_reflection'] }, async (t: Kit) => {
    const name = longNonAsciiText(t, 'Category');
    const category = await new Resources(t).category(new Resources(t).sharedPageId(), { name });
    const expected = expectedSlug(name);
    t.verify(category.slug === expected, verdict('slug', name, category.slug, expected));
  });
});

forOperation('createNewsletter', (test) => {
  test('cuts name_slug of a long name that is not ASCII after its 90th character once transliterated', { check: 'crud_agreement', rules: ['slugs.cut-to-fit', 'newsletter.name-slug-derived'], needs: ['input_reflection'] }, async (t: Kit) => {
    const name = longNonAsciiText(t, 'Letter');
    const { data, response } = await t.api.POST('/newsletters', { body: { name } });
    t.ensure(response.status === 201 && data !== undefined, `createNewsletter answered ${response.status}; expected 201`, { evidence: response });
    const expected = expectedSlug(name);
    t.verify(data.name_slug === expected, verdict('name_slug', name, data.name_slug, expected), { evidence: response });
  });
});

forOperation('updateNewsletter', (test) => {
  test('moves name_slug to a long new name that is not ASCII, cut after its 90th character once transliterated', { check: 'newsletter_update', rules: ['slugs.cut-to-fit', 'newsletter.rename-moves-name-slug'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const newsletter = await new Resources(t).newsletter('renamed');
    const name = longNonAsciiText(t, 'Renamed');
    const { data, response } = await t.api.PATCH('/newsletters/{id}', { params: { path: { id: newsletter.id } }, body: { name } });
    t.ensure(response.status === 200 && data !== undefined, `updateNewsletter answered ${response.status}; expected 200`, { evidence: response });
    const expected = expectedSlug(name);
    t.verify(data.name_slug === expected, verdict('name_slug', name, data.name_slug, expected), { evidence: response });
  });
});

forOperation('createEmail', (test) => {
  test('cuts the slug of a long subject that is not ASCII after its 90th character once transliterated', { check: 'crud_agreement', rules: ['slugs.cut-to-fit', 'email.created-draft'], needs: ['input_reflection'] }, async (t: Kit) => {
    const subject = longNonAsciiText(t, 'Issue');
    const email = await new Resources(t).email(new Resources(t).sharedNewsletterId(), { subject });
    const expected = expectedSlug(subject);
    t.verify(email.slug === expected, verdict('slug', subject, email.slug, expected));
  });
});
