/**
 * A derived slug is made unique on the slug, not on the text it comes from (the introduction's Slugs:
 * a suffix where the derived slug is taken). Two different texts with one slug, `… Cafe` and `… Café`,
 * made in that order under one parent: the second gets the first's slug with `-1`, for every operation
 * that derives a slug made unique with a suffix (a post's, a category's and an email's `slug`, a page's
 * `slug` and `name_slug`, a newsletter's `name_slug`). A server that looks for the text instead (the
 * same title means a suffix) passes every test that makes the same text twice, and collides on the
 * slug (a 500, or a slug shared by two) here. And the other way: a slug that only begins a taken one
 * (`hello` beside `hello-world`) is free, and gets no suffix. And a text with no Latin letter at all
 * (Cyrillic, Greek) is transliterated: its slug has a Latin letter for each of its letters. And a text
 * of digits with no letter (digits alone, with punctuation, beside full-width digits) derives its slug
 * from its digits, not the fallback a text with neither letter nor digit gets.
 */
import type { CheckName } from '../../checks/catalog.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { expectedSlug } from '../slugs.ts';

type Made = Record<string, unknown> & { id: number };

/** Scripts with no Latin letter, and the letters a text of each is made of. */
const OTHER_SCRIPTS: [string, string][] = [
  ['Cyrillic', 'абвгдежзийклмнопрстуфхцчшщыэюя'],
  ['Greek', 'αβγδεζηθικλμνξοπρστυφχψω'],
];
/** The Cyrillic hard and soft signs, which some transliterations drop. */
const SILENT = 'ъьЪЬ';

/**
 * Two words of the script, unique to the test (names must be unique in the workspace): the run's name and
 * counter spelled in the script's letters, so no Latin letter or digit is in the text.
 */
function otherScriptText(t: Kit, letters: string): string {
  // The name's end (run id, counter, random part) makes it unique; 16 letters keep the slug under the
  // cut of 90 however many Latin letters one of them gives (щ: shch).
  const unique = t.names.name('x').toLowerCase().replace(/[^a-z0-9]/g, '').slice(-16);
  const spelled = [...unique].map((character) => letters[parseInt(character, 36) % letters.length]).join('');
  return `${spelled.slice(0, 8)} ${spelled.slice(8)}`;
}

/**
 * Digits unique to the test (names must be unique in the workspace): the run's name and counter, each
 * character read as a digit, so no letter is in the text.
 */
function uniqueDigits(t: Kit, count: number): string {
  const unique = t.names.name('x').toLowerCase().replace(/[^a-z0-9]/g, '').slice(-count);
  return [...unique].map((character) => String(parseInt(character, 36) % 10)).join('');
}

/** Full-width digits (U+FF10...), whose compatibility decomposition is their ASCII digits. */
const fullWidth = (digits: string) => [...digits].map((digit) => String.fromCodePoint(0xff10 + Number(digit))).join('');

/**
 * Texts with digits and no letter, in each form the Slugs section derives a slug from: digits alone
 * (`2024`), digits parted by punctuation (`10:30`, `1.000–2`), and ASCII beside full-width digits
 * (`12 ３４`, whose compatibility decomposition "transliterated to ASCII" gives `12-34`).
 */
function digitTexts(t: Kit): string[] {
  const [alone, parted, wide] = [uniqueDigits(t, 14), uniqueDigits(t, 14), uniqueDigits(t, 14)];
  return [alone, `${parted.slice(0, 2)}:${parted.slice(2, 4)} ${parted.slice(4, 5)}.${parted.slice(5, 8)}–${parted.slice(8)}`, `${wide.slice(0, 7)} ${fullWidth(wide.slice(7))}`];
}

/** Each operation: the fields it derives, and how to make one under a parent shared by both makes. */
const DERIVING: Record<string, { fields: string[]; check: CheckName; rules: string[]; maker: (t: Kit) => Promise<(text: string) => Promise<Made>> }> = {
  createPost: {
    check: 'post_slug',
    rules: ['post.slug-unique-in-page'],
    fields: ['slug'],
    maker: async (t) => {
      const resources = new Resources(t);
      const page = await resources.page('same-slug');
      return async (title) => (await resources.post(page.id, { title })) as unknown as Made;
    },
  },
  createCategory: {
    check: 'category_slug',
    rules: ['category.slug-derived'],
    fields: ['slug'],
    maker: async (t) => {
      const resources = new Resources(t);
      const page = await resources.page('same-slug');
      return async (name) => (await resources.category(page.id, { name })) as unknown as Made;
    },
  },
  createEmail: {
    check: 'crud_agreement',
    rules: ['email.created-draft'],
    fields: ['slug'],
    maker: async (t) => {
      const resources = new Resources(t);
      const newsletter = await resources.newsletter('same-slug');
      return async (subject) => (await resources.email(newsletter.id, { subject })) as unknown as Made;
    },
  },
  createPage: {
    check: 'page_creation',
    rules: ['page.slug-from-name'],
    fields: ['slug', 'name_slug'],
    maker: async (t: Kit) => async (name: string) => {
      const { data, response } = await t.api.POST('/pages', { body: { name } });
      t.ensure(response.status === 201 && data !== undefined, `createPage of ${JSON.stringify(name)} answered ${response.status}; expected 201`, { evidence: response });
      return data as unknown as Made;
    },
  },
  createNewsletter: {
    check: 'crud_agreement',
    rules: ['newsletter.name-slug-derived'],
    fields: ['name_slug'],
    maker: async (t: Kit) => async (name: string) => {
      const { data, response } = await t.api.POST('/newsletters', { body: { name } });
      t.ensure(response.status === 201 && data !== undefined, `createNewsletter of ${JSON.stringify(name)} answered ${response.status}; expected 201`, { evidence: response });
      return data as unknown as Made;
    },
  },
};

for (const [operationId, { fields, check, rules, maker }] of Object.entries(DERIVING)) {
  forOperation(operationId, (test) => {
    test(`suffixes a second text with the same slug as a first, different as the texts are (Cafe, then Café)`, { check, rules, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const make = await maker(t);
      const base = t.names.name('Same slug');
      const [plain, accented] = [`${base} Cafe`, `${base} Café`];
      const slug = expectedSlug(plain);
      const first = await make(plain);
      const second = await make(accented);
      for (const field of fields) {
        t.ensure(first[field] === slug, `${JSON.stringify(plain)} got ${field} ${JSON.stringify(first[field])}; expected ${slug}`);
        t.verify(second[field] === `${slug}-1`, `${JSON.stringify(accented)}, made after ${JSON.stringify(plain)} (${field} ${slug}), got ${field} ${JSON.stringify(second[field])}; expected ${slug}-1: the slug is taken, whatever text it came from`);
      }
    });

    test('transliterates a text with no Latin letter at all (Cyrillic, Greek): a letter of the slug for every letter of the text', { check, rules, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      // "transliterated to ASCII": every Cyrillic and Greek letter (but the Cyrillic hard and soft signs)
      // gives at least one Latin letter. A server that decides there is nothing to make a slug of with an
      // ASCII test, before it transliterates, gives such a text a fallback slug, which no Latin text shows.
      const make = await maker(t);
      for (const [script, letters] of OTHER_SCRIPTS) {
        const text = otherScriptText(t, letters);
        const counted = [...text].filter((character) => letters.includes(character) && !SILENT.includes(character)).length;
        const made = await make(text);
        for (const field of fields) {
          const slug = String(made[field] ?? '');
          const slugLetters = slug.replace(/-\d+$/, '').replace(/[^a-z]/g, '').length;
          t.verify(/^[a-z0-9-]+$/.test(slug) && slugLetters >= counted, `${JSON.stringify(text)} (${script}, ${counted} letters) got ${field} ${JSON.stringify(slug)}, ${slugLetters} Latin letters; expected an ASCII slug with a letter for each of the text's`);
        }
      }
    });

    test('derives the slug of a text of digits and no letter from its digits (2024, 10:30, full-width digits): no fallback slug', { check, rules, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      // The Slugs section: "every run of other characters turned into one hyphen", so digits are kept as
      // letters are; the fallback (the Email schema's slug: "`email` when the subject has no letters or
      // digits") is only for a text with neither. A server that tests a text for letters alone before
      // deriving gives a text of digits the fallback, which no text with a letter shows. All at once.
      const make = await maker(t);
      const texts = digitTexts(t);
      const made = await Promise.all(texts.map((text) => make(text)));
      texts.forEach((text, index) => {
        const slug = expectedSlug(text);
        for (const field of fields) {
          t.verify(made[index]![field] === slug, `${JSON.stringify(text)} (digits and no letter) got ${field} ${JSON.stringify(made[index]![field])}; expected ${slug}: a slug is derived from digits as from letters, the fallback is for a text with neither`);
        }
      });
    });

    test('gives a text whose slug only begins a taken one its slug without a suffix (Hello World, then Hello)', { check, rules, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      // A server that counts the slugs starting with the base (a LIKE 'base%' query) suffixes a free slug.
      const make = await maker(t);
      const base = t.names.name('Prefix slug');
      const [longer, shorter] = [`${base} Hello World`, `${base} Hello`];
      await make(longer);
      const made = await make(shorter);
      const slug = expectedSlug(shorter);
      for (const field of fields) {
        t.verify(made[field] === slug, `${JSON.stringify(shorter)}, made after ${JSON.stringify(longer)} (${expectedSlug(longer)}), got ${field} ${JSON.stringify(made[field])}; expected ${slug}: no resource has that slug, so no suffix is needed`);
      }
    });
  });
}
