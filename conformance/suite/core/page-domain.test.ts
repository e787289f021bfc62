/**
 * page.domain-random-part: a new page's domain is its name_slug (cut to fit a 63-character DNS label), a
 * hyphen and six random lowercase letters and digits, then the service's pages domain. Two pages made
 * one after the other, of names with the same slug base, show the parts side by side: the same pages
 * domain, different random parts.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';

const LABEL_MAX = 63;
const RANDOM_PART = /^[a-z0-9]{6}$/;

/** The parts of a domain, or why it has none of the stated shape. */
function parts(domain: string, nameSlug: string): { random: string; pagesDomain: string } | string {
  const dot = domain.indexOf('.');
  if (dot < 0) return `domain ${domain} has no pages domain after its first label`;
  const label = domain.slice(0, dot);
  const pagesDomain = domain.slice(dot + 1);
  if (label.length > LABEL_MAX) return `the first label of ${domain} is ${label.length} characters; a DNS label has at most ${LABEL_MAX}`;
  const hyphen = label.lastIndexOf('-');
  const random = label.slice(hyphen + 1);
  const base = hyphen < 0 ? '' : label.slice(0, hyphen);
  if (hyphen < 0 || !RANDOM_PART.test(random)) return `domain ${domain} does not end its first label in a hyphen and six random lowercase letters and digits`;
  const cut = nameSlug.slice(0, LABEL_MAX - 7).replace(/-+$/, '');
  if (base !== cut) return `domain ${domain} starts with ${JSON.stringify(base)}; the page's name_slug (cut to fit the label) is ${JSON.stringify(cut)}`;
  return { random, pagesDomain };
}

forOperation('createPage', (test) => {
  test("makes a domain of the name's slug, a random part and the pages domain, never the same twice", { check: 'page_creation', rules: ['page.domain-random-part'], needs: ['input_reflection'] }, async (t: Kit) => {
    const name = t.names.name('Domain Page');
    const pages = [];
    for (const suffix of ['', '!', ' ?']) {
      const { data, response } = await t.api.POST('/pages', { body: { name: `${name}${suffix}` } });
      t.ensure(data !== undefined, `answered ${response.status}; expected 201`, { evidence: response });
      const shape = parts(data.domain, data.name_slug);
      t.ensure(typeof shape !== 'string', typeof shape === 'string' ? shape : '', { evidence: response });
      pages.push({ ...shape, domain: data.domain, response });
    }
    const domains = new Set(pages.map((page) => page.domain));
    t.verify(domains.size === pages.length, `three pages got the domains ${pages.map((page) => page.domain).join(', ')}; two pages never share one`);
    const randoms = new Set(pages.map((page) => page.random));
    t.verify(randoms.size === pages.length, `three pages got the random parts ${pages.map((page) => page.random).join(', ')}; each is drawn anew`);
    t.verify(new Set(pages.map((page) => page.pagesDomain)).size === 1, `three pages are under different pages domains: ${pages.map((page) => page.pagesDomain).join(', ')}`);
  });
});
