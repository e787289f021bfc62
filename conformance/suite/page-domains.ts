/**
 * page.domain-random-part: a new page's domain is "its name_slug (cut to fit a 63-character DNS label), a
 * hyphen and six random lowercase letters and digits", then the service's pages domain. The cut is the
 * Slugs section's: after the 56th character (63, less the hyphen and the six random ones), "a hyphen left
 * at the end of the cut is dropped".
 */

export const LABEL_MAX = 63;
const RANDOM_PART = /^[a-z0-9]{6}$/;

/** The name_slug as the domain's first label holds it: cut to 56 characters, a hyphen left at the end dropped. */
export const domainNamePart = (nameSlug: string): string => nameSlug.slice(0, LABEL_MAX - 7).replace(/-+$/, '');

/** The parts of a domain, or why it has none of the stated shape. */
export function domainParts(domain: string, nameSlug: string): { random: string; pagesDomain: string } | string {
  const dot = domain.indexOf('.');
  if (dot < 0) return `domain ${domain} has no pages domain after its first label`;
  const label = domain.slice(0, dot);
  const pagesDomain = domain.slice(dot + 1);
  if (label.length > LABEL_MAX) return `the first label of ${domain} is ${label.length} characters; a DNS label has at most ${LABEL_MAX}`;
  const hyphen = label.lastIndexOf('-');
  const random = label.slice(hyphen + 1);
  const base = hyphen < 0 ? '' : label.slice(0, hyphen);
  if (hyphen < 0 || !RANDOM_PART.test(random)) return `domain ${domain} does not end its first label in a hyphen and six random lowercase letters and digits`;
  const cut = domainNamePart(nameSlug);
  if (base !== cut) return `domain ${domain} starts with ${JSON.stringify(base)}; the page's name_slug (cut to fit the label) is ${JSON.stringify(cut)}`;
  return { random, pagesDomain };
}
