/**
 * Faults in how a derived slug treats a separator mark beside accented letters and digits, each in one
 * operation: a category's slug that drops the marks between two accented letters (a transliteration of
 * runs of non-ASCII text that keeps only their letters), and a newsletter's name_slug that joins a digit
 * and the accented letter after it across a mark (a rule for ordinals such as 1.ª and 2.º). Marks between
 * ASCII letters and between digits are right in both, and so is every other operation's slug. Each
 * breaks the Slugs section: "every run of other characters turned into one hyphen", whatever stands
 * beside it.
 */
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import type { FaultSet } from './fault-set.ts';

/** A run of characters outside ASCII: accented letters, and the marks beside them. */
const NON_ASCII_RUN = /[^\u0000-\u007F]+/g;

/** Punctuation between a digit and a letter outside ASCII, as in the ordinals 1.ª, 2.º, 1·er. */
const ORDINAL_MARK = /(\d)[\p{P}\p{S}](?=[^\u0000-\u007F])/gu;

export function breakSeparatorsBetweenNeighboursParts(on: FaultSet, { stores, services }: ServerParts): void {
  if (on('category-slug-accented-marks-dropped')) {
    // createCategory transliterates each run of non-ASCII characters with its own table before the
    // slug library sees the name (a table of accented letters written for the editors' languages), and
    // keeps only the letters and digits of a run that holds a letter, "so a word stays a word": a mark
    // outside ASCII between two accented letters (é—è, à«ê, ç·í) is dropped with the run's other
    // unknowns, and the letters join (ee, not e-e). A run of marks alone is left for the library, so a
    // non-ASCII mark between ASCII letters or digits is a hyphen as it should be; ASCII marks are right
    // everywhere, and so are the other operations. Breaks the Slugs section ("every run of other
    // characters turned into one hyphen") and category.slug-derived.
    const create = services.categories.create.bind(services.categories);
    services.categories.create = (workspaceId, pageId, input) => {
      const category = create(workspaceId, pageId, input);
      if (input.slug != null) return category;
      const joined = input.name.replace(NON_ASCII_RUN, (run) => (/\p{L}/u.test(run) ? run.replace(/[^\p{L}\p{N}]/gu, '') : run));
      const base = slugOr(joined, 'category');
      if (base === slugOr(input.name, 'category')) return category;
      const slug = nextFreeSlug(base, stores.categories.slugsFrom(pageId, base));
      stores.categories.update(category.id, { slug });
      return stores.categories.get(pageId, category.id) ?? category;
    };
  }
  if (on('newsletter-name-slug-digit-accented-joined')) {
    // createNewsletter keeps ordinals whole before it derives the name_slug (`/(\d)[\p{P}\p{S}](?=[^\x00-\x7F])/`,
    // written so that "The 1.ª Edición" would not give 1-a): a mark between a digit and the letter
    // outside ASCII after it is removed, so 2.é gives 2e and 5—ô gives 5o instead of 2-e and 5-o. Marks
    // between letters, between digits, and before an ASCII letter are right, and so is a rename.
    // Breaks the Slugs section ("every run of other characters turned into one hyphen") and
    // newsletter.name-slug-derived.
    const create = services.newsletters.create.bind(services.newsletters);
    services.newsletters.create = (workspaceId, input) => {
      const newsletter = create(workspaceId, input);
      const base = slugOr(input.name.replace(ORDINAL_MARK, '$1'), 'newsletter');
      if (base === slugOr(input.name, 'newsletter')) return newsletter;
      const nameSlug = nextFreeSlug(base, stores.newsletters.nameSlugsFrom(workspaceId, base));
      stores.newsletters.update(newsletter.id, { name_slug: nameSlug });
      return stores.newsletters.get(workspaceId, newsletter.id) ?? newsletter;
    };
  }
}
