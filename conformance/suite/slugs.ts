/**
 * The slug the contract derives from a name, for the inputs the suite uses: lowercase, accents dropped,
 * `/` removed where the contract says so, every other run of characters that are not letters or digits
 * turned into one hyphen. The suite only asks this of names where every reading of the rule agrees
 * (plain letters, digits, spaces, punctuation and accented Latin letters).
 */
export function expectedSlug(text: string, options: { removeSlash?: boolean } = {}): string {
  let slug = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  if (options.removeSlash) slug = slug.replace(/\//g, '');
  return slug.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}
