/**
 * page.domain-random-part: a new page's domain is its name_slug (cut to fit a 63-character DNS label), a
 * hyphen and six random lowercase letters and digits, then the service's pages domain. Two pages made
 * one after the other, of names with the same slug base, show the parts side by side: the same pages
 * domain, different random parts. Sixteen made one after another show what two cannot: random parts
 * that are not random (random-names.ts: a character the same in all, so fewer than the 31 bits of six
 * letters and digits; parts rising with the order of their making, a counter or a time).
 *
 * The cut shows only on a name whose slug is longer than the label leaves room for: a short name, a
 * name of the longest length the contract allows in ASCII and one not in ASCII (whose slug is longer
 * than the name once transliterated) each get a first label of at most 63 characters, made of their
 * name_slug cut to fit, the hyphen and the random part, under one pages domain.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { longAsciiText, longestOf, longNonAsciiText } from '../long-texts.ts';
import { domainParts as parts } from '../page-domains.ts';
import { SAMPLES, unrandomValues } from '../random-names.ts';

forOperation('createPage', (test) => {
  test(`makes a domain of the name's slug, a random part and the pages domain, never the same twice, random over ${SAMPLES} pages`, { check: 'page_creation', rules: ['page.domain-random-part'], needs: ['input_reflection'] }, async (t: Kit) => {
    const name = t.names.name('Domain Page');
    const pages = [];
    // Three of one slug base, then more of names of their own, up to the samples the random parts are judged over.
    const suffixes = ['', '!', ' ?', ...Array.from({ length: SAMPLES - 3 }, (_, index) => ` ${index + 1}`)];
    for (const suffix of suffixes) {
      const { data, response } = await t.api.POST('/pages', { body: { name: `${name}${suffix}` } });
      t.ensure(data !== undefined, `answered ${response.status}; expected 201`, { evidence: response });
      const shape = parts(data.domain, data.name_slug);
      t.ensure(typeof shape !== 'string', typeof shape === 'string' ? shape : '', { evidence: response });
      pages.push({ ...shape, domain: data.domain, response });
    }
    const domains = new Set(pages.map((page) => page.domain));
    t.verify(domains.size === pages.length, `${pages.length} pages got the domains ${pages.map((page) => page.domain).join(', ')}; two pages never share one`);
    const randoms = new Set(pages.map((page) => page.random));
    t.verify(randoms.size === pages.length, `${pages.length} pages got the random parts ${pages.map((page) => page.random).join(', ')}; each is drawn anew`);
    t.verify(new Set(pages.map((page) => page.pagesDomain)).size === 1, `${pages.length} pages are under different pages domains: ${pages.map((page) => page.pagesDomain).join(', ')}`);
    // "six random lowercase letters and digits": 6 log2(36) bits, drawn anew for each page.
    for (const problem of unrandomValues(pages.map((page) => page.random), 6 * Math.log2(36), "pages' random parts")) t.verify(false, problem);
  });

  test("keeps the domain's first label within 63 characters for names at their longest, ASCII or not", { check: 'page_creation', rules: ['page.domain-random-part'], needs: ['input_reflection'] }, async (t: Kit) => {
    const longest = longestOf(t, 'createPage', 'name');
    const names: Record<string, string> = {
      'a short name': t.names.name('Domain Short'),
      [`an ASCII name of ${longest} characters`]: longAsciiText(t, 'Domain Ascii', longest),
      [`a name of ${longest} characters that is not ASCII`]: longNonAsciiText(t, 'Domain Accents', longest),
    };
    const pagesDomains = new Set<string>();
    for (const [what, name] of Object.entries(names)) {
      const { data, response } = await t.api.POST('/pages', { body: { name } });
      t.ensure(data !== undefined, `${what} answered ${response.status}; expected 201`, { evidence: response });
      const shape = parts(data.domain, data.name_slug);
      t.verify(typeof shape !== 'string', typeof shape === 'string' ? `${what} (name_slug of ${data.name_slug.length} characters): ${shape}` : '', { evidence: response });
      if (typeof shape !== 'string') pagesDomains.add(shape.pagesDomain);
    }
    t.verify(pagesDomains.size <= 1, `pages of short and long names are under different pages domains: ${[...pagesDomains].join(', ')}`);
  });
});
