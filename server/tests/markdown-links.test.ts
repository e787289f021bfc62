/**
 * Autolinks found without the fuzzy-link search where a text cannot hold a domain (domain/markdown.ts)
 * are the links the search would have found: random texts made of pieces of links, addresses, domains
 * and prose render to the same HTML as with every text searched for fuzzy links.
 */
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../domain/markdown.ts';

/** The renderer as it was: every text searched for fuzzy links, those without `www.` dropped. */
function alwaysSearched() {
  const markdownIt = new MarkdownIt({ html: true, linkify: true, maxNesting: 110 });
  markdownIt.linkify.set({ fuzzyLink: true });
  const match = markdownIt.linkify.match.bind(markdownIt.linkify);
  markdownIt.linkify.match = (text) => (match(text) ?? []).filter((link) => link.schema !== '' || /^www\./i.test(link.raw));
  return markdownIt;
}

const CONTROLS_OUTSIDE_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

const pieces = [
  'www.', 'WWW.', 'example', '.com', '.COM', '.рф', '.РФ', '.xn--p1ai', '.de', '.io', 'notes.md', 'e.g.', '.5', '..', '.', '.-',
  'http://', 'https://', 'ftp://', 'mailto:', '//', 'a@b.co', 'ada@localhost', '@', 'localhost', ':8080', '/', '?', '#', ':',
  ' ', '\n', '\n\n', 'foo', 'Bar', 'é', 'ж', '😀', '\u00A0', '(', ')', '[', ']', '*', '_', '`', '<', '>', '-', '\\',
  '[x](http://a.b)', '<a href="x">', '</a>',
];

describe('autolinks', () => {
  it('are the same whether or not a text that cannot hold a domain is searched for fuzzy links', () => {
    const reference = alwaysSearched();
    const text = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (markdown) => {
        expect(renderMarkdown(markdown)).toEqual({ html: reference.render(markdown).replace(CONTROLS_OUTSIDE_LINES, '\uFFFD') });
      }),
      { numRuns: 5000 },
    );
  });
});
