/**
 * slugs.cut-to-fit's order, for every operation that derives a slug made unique with a `-1` suffix (a
 * post's, a category's and an email's slug, a page's slug and name_slug, a newsletter's name_slug): the
 * same long text twice, ASCII and not ASCII, gives the first the slug cut after its 90th character and
 * the second that same cut slug followed by `-1` ("appended after the cut", as the Slugs example of two
 * categories of 255 `a`s shows). A server that cuts shorter to make room for the suffix gives the second
 * a shorter base, which no short text can show.
 *
 * Page and newsletter names are unique in a workspace, so their second text differs from the first in
 * its last letter only, far past what the slug keeps: the two derive the same cut slug.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { longAsciiText, longestOf, longNonAsciiText } from '../long-texts.ts';
import type { CheckName } from '../../checks/catalog.ts';
import { expectedSlug } from '../slugs.ts';
import { Resources } from '../resources.ts';
import { UNIQUELY_NAMED } from './unique-named.ts';

type Json = Record<string, unknown>;

interface SuffixedSlugs {
  /** The body field the slug is derived from. */
  text: string;
  /** The fields derived from it and made unique with a suffix. */
  slugs: string[];
  /** Whether `/` is removed from the text rather than read as a separator (page.slug-from-name). */
  removeSlash?: boolean;
  check: CheckName;
  rules: string[];
  /** Creates one with this text: its answer. */
  create: (t: Kit, text: string) => Promise<Json>;
}

/** A create without clean-up: pages and newsletters cannot be deleted (they stay, named after the run). */
async function createKept(t: Kit, operationId: string, body: Json): Promise<Json> {
  const { status, json, exchange } = await t.call(t.contract.operation(operationId), { ids: {}, body });
  t.ensure(status === 201, `${operationId} ${JSON.stringify(body)} answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
  return json as Json;
}

const SUFFIXED: Record<string, SuffixedSlugs> = {
  createPost: {
    text: 'title',
    slugs: ['slug'],
    check: 'post_slug',
    rules: ['slugs.cut-to-fit', 'post.slug-unique-in-page'],
    create: async (t, title) => {
      const resources = new Resources(t);
      return (await resources.post(resources.sharedPageId(), { title })) as unknown as Json;
    },
  },
  createCategory: {
    text: 'name',
    slugs: ['slug'],
    check: 'category_slug',
    rules: ['slugs.cut-to-fit', 'category.slug-derived'],
    create: async (t, name) => {
      const resources = new Resources(t);
      return (await resources.category(resources.sharedPageId(), { name })) as unknown as Json;
    },
  },
  createEmail: {
    text: 'subject',
    slugs: ['slug'],
    check: 'crud_agreement',
    rules: ['slugs.cut-to-fit', 'email.created-draft'],
    create: async (t, subject) => {
      const resources = new Resources(t);
      return (await resources.email(resources.sharedNewsletterId(), { subject })) as unknown as Json;
    },
  },
  createPage: {
    text: 'name',
    slugs: ['slug', 'name_slug'],
    removeSlash: true,
    check: 'page_creation',
    rules: ['slugs.cut-to-fit', 'page.slug-from-name'],
    create: (t, name) => createKept(t, 'createPage', { name }),
  },
  createNewsletter: {
    text: 'name',
    slugs: ['name_slug'],
    check: 'crud_agreement',
    rules: ['slugs.cut-to-fit', 'newsletter.name-slug-derived'],
    create: (t, name) => createKept(t, 'createNewsletter', { name }),
  },
};

/** The text a second resource is made with: the same, or for a unique name the same but its last letter. */
function secondText(operationId: string, text: string): string {
  if (!UNIQUELY_NAMED.some(({ create }) => create === operationId)) return text;
  return text.slice(0, -1) + (text.endsWith('x') ? 'y' : 'x');
}

for (const [operationId, subject] of Object.entries(SUFFIXED)) {
  forOperation(operationId, (test) => {
    for (const [kind, longText] of [['ASCII', longAsciiText], ['not ASCII', longNonAsciiText]] as const) {
      test(`gives a second long text (${kind}) of the same slug the first one's cut slug followed by -1`, { check: subject.check, rules: subject.rules, needs: ['input_reflection', 'state'] }, async (t: Kit) => {
        const text = longText(t, 'Twice', longestOf(t, operationId, subject.text));
        const cut = expectedSlug(text, { removeSlash: subject.removeSlash });
        const first = await subject.create(t, text);
        const second = await subject.create(t, secondText(operationId, text));
        for (const field of subject.slugs) {
          t.verify(first[field] === cut, `${field} of the first of two ${[...text].length}-character texts (${kind}) is ${JSON.stringify(first[field])}; expected ${cut} (cut after its 90th character)`);
          const expected = `${cut}-1`;
          t.verify(
            second[field] === expected,
            `${field} of the second is ${JSON.stringify(second[field])} (${String(second[field] ?? '').length} characters); expected ${expected} (${expected.length} characters: the first's cut slug, then -1 appended after the cut)`,
          );
        }
      });
    }
  });
}
