/**
 * GitHub's autolinks (domain/markdown.ts), rule by rule of the GFM specification's section "Autolinks
 * (extension)" (0.29-gfm), with cmark-gfm's behaviour where the specification says nothing; and, on random
 * texts made of pieces of links, that no character is lost or added and every link made has the form the
 * rules give it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../domain/markdown.ts';

const html = (markdown: string) => {
  const rendering = renderMarkdown(markdown);
  if (!('html' in rendering)) throw new Error(rendering.refused);
  return rendering.html;
};
const p = (inner: string) => `<p>${inner}</p>\n`;
const a = (href: string, text = href) => `<a href="${href}">${text}</a>`;
const www = (text: string) => a(`http://${text}`, text);

const cases: Array<[rule: string, markdown: string, expected: string]> = [
  // The three examples the renderer got wrong with linkify-it.
  ['an unbalanced ) inside a link is kept (example 625)', 'www.google.com/search?q=(business))+ok', p(www('www.google.com/search?q=(business))+ok'))],
  ['an entity-like ending is left out (example 626)', 'www.google.com/search?q=commonmark&hl;', p(`${www('www.google.com/search?q=commonmark')}&amp;hl;`)],
  [
    'an address with + in its domain stays text (example 630)',
    "hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.",
    p(`hello@mail+xyz.example isn't valid, but ${a('mailto:hello+xyz@mail.example', 'hello+xyz@mail.example')} is.`),
  ],
  // Where www. and scheme:// links start.
  ['at the start, after white space, *, _, ~ and (', 'www.a.b x\twww.c.d (www.e.f) ~~www.g.h~~', p(`${www('www.a.b')} x\t${www('www.c.d')} (${www('www.e.f')}) <s>${www('www.g.h')}</s>`)],
  ['after * and _ of emphasis', '*www.a.b* _http://c.d/e_ **https://e.f**', p(`<em>${www('www.a.b')}</em> <em>${a('http://c.d/e')}</em> <strong>${a('https://e.f')}</strong>`)],
  ['_ after a domain is the domain\'s: _www.a.b_ has _ in its last segment', '_www.a.b_ x', p('<em>www.a.b</em> x')],
  ['after a line break', 'x\nwww.a.b\nhttp://c.d', p(`x\n${www('www.a.b')}\n${a('http://c.d')}`)],
  ['www. not after another character', 'xwww.a.b x.www.a.b "www.a.b" [www.a.b] `c`www.a.b', p('xwww.a.b x.www.a.b &quot;www.a.b&quot; [www.a.b] <code>c</code>www.a.b')],
  ['scheme:// after any character but a letter, as cmark-gfm and GitHub link it', ':http://a.b 1http://a.b "http://a.b" xhttp://a.b', p(`:${a('http://a.b')} 1${a('http://a.b')} &quot;${a('http://a.b')}&quot; xhttp://a.b`)],
  ['http, https and ftp, in any case, and no other scheme', 'HTTP://A.B Https://a.b FTP://a.b mailto://a.b file://a.b', p(`${a('HTTP://A.B')} ${a('Https://a.b')} ${a('FTP://a.b')} mailto://a.b file://a.b`)],
  // The valid domain.
  ['www. needs a domain after it; www alone, www. and wwwexample.com are text', 'www www. x www.. www.com wwwexample.com WWW.A.B', p(`www www. x www.. ${www('www.com')} wwwexample.com WWW.A.B`)],
  ['a scheme link needs no period, but a domain after its ://', 'http://localhost:8080/x http://_a.b http:// x http://-a.b', p(`${a('http://localhost:8080/x')} http://_a.b http:// x http://-a.b`)],
  ['no _ in the last two segments of a domain; elsewhere it may be', 'www.a_b.c www.a.b_c http://a_b.c www.a_b.c.d http://a.b.c/d_e', p(`www.a_b.c www.a.b_c http://a_b.c ${www('www.a_b.c.d')} ${a('http://a.b.c/d_e')}`)],
  ['a domain of letters of any script, digits and symbols, not punctuation', 'http://🍄.ga/ www.bücher.de http://!a.b www.!a.b', p(`${a('http://xn--ei8h.ga/', 'http://🍄.ga/')} ${a('http://www.xn--bcher-kva.de', 'www.bücher.de')} http://!a.b www.!a.b`)],
  ['a path after the domain takes any character but white space and <', 'http://a!b.c www.a.b#[x](y)', p(`${a('http://a!b.c')} ${a('http://www.a.b#%5Bx%5D(y)', 'www.a.b#[x](y)')}`)],
  // Where they end, and extended autolink path validation.
  ['at white space or <', 'www.a.b/c<d http://a.b/c\u00a0d', p(`${www('www.a.b/c')}&lt;d ${a('http://a.b/c%C2%A0d', 'http://a.b/c\u00a0d')}`)],
  ['trailing ?!.,:*_~ left out, inside kept', 'www.a.b/c.d?e!f,g:h*i_j~k.?!,:*_~ x', p(`${www('www.a.b/c.d?e!f,g:h*i_j~k')}.?!,:*_~ x`)],
  ['trailing quotes left out, as cmark-gfm does', `see www.a.b/'c' and http://a.b/"c".`, p(`see ${www("www.a.b/'c")}' and ${a('http://a.b/%22c', 'http://a.b/&quot;c')}&quot;.`)],
  ['a trailing ) left out only while the link has more ) than (', 'www.a.b/(c)) www.a.b/((c)) (http://a.b/c)', p(`${www('www.a.b/(c)')}) ${www('www.a.b/((c))')} (${a('http://a.b/c')})`)],
  ['an & with alphanumerics and ; at the end left out, again and again', 'www.a.b/c&x1;&amp;. www.a.b/c;', p(`${www('www.a.b/c')}&amp;x1;&amp;. ${www('www.a.b/c')};`)],
  ['what is in a link is the link, not emphasis', 'www.a.b/_c_ d http://a.b/*c*d', p(`${www('www.a.b/_c')}_ d ${a('http://a.b/*c*d')}`)],
  ['not inside another link', '[www.a.b](http://x.y) <http://a.b> <a href="x"> www.a.b a@b.cd</a>', p(`${a('http://x.y', 'www.a.b')} ${a('http://a.b')} <a href="x"> www.a.b a@b.cd</a>`)],
  // Addresses.
  ['an address: alphanumerics and .-_+ before @, alphanumerics -_ and . after', 'a.b-c_d+e@f-g_h.i.j x', p(`${a('mailto:a.b-c_d+e@f-g_h.i.j', 'a.b-c_d+e@f-g_h.i.j')} x`)],
  ['an address needs a period after @, and no - or _ at its end; a full stop at its end is left out', 'a@b a@b.c- a@b.c_ a@b.c. a@b.c1', p(`a@b a@b.c- a@b.c_ ${a('mailto:a@b.c', 'a@b.c')}. ${a('mailto:a@b.c1', 'a@b.c1')}`)],
  ['an address after a / is a path', 'x/a@b.c', p('x/a@b.c')],
  ['one @ only: the second address of a@b@c.d', 'a@b@c.d', p(`a@${a('mailto:b@c.d', 'b@c.d')}`)],
  ['mailto: is not an address of its own in 0.29-gfm: the address after it is', 'mailto:a@b.c', p(`mailto:${a('mailto:a@b.c', 'a@b.c')}`)],
  ['an escaped character is text of the address', 'a\\_b@c.d', p(a('mailto:a_b@c.d', 'a_b@c.d'))],
  // What GitHub leaves text.
  ['bare domains, ftp. and // without a scheme', 'example.com example.com/a ftp.example.com //example.com', p('example.com example.com/a ftp.example.com //example.com')],
];

describe("GitHub's autolinks", () => {
  it.each(cases)('%s', (_rule, markdown, expected) => {
    expect(html(markdown)).toBe(expected);
  });
});

const pieces = [
  'www.', 'http://', 'https://', 'ftp://', 'HTTP://', 'example', 'a', 'b1', 'é', '😀', '.', '-', '_', '+', '@', '/', '?', '!', ',', ':',
  '(', ')', '&x', ';', "'", ' ', '\t', '%20', '<', '*', '~',
];
const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const TAG = /<\/?(?:a|em|strong|s|p)(?: href="[^"]*")?>/g;
const LINK = /<a href="([^"]*)">([^<]*)<\/a>/g;

describe('autolinks on random texts', () => {
  it('lose no character, add none, and each is a link the rules make', () => {
    // One line, framed so that no piece makes a list, a heading or trailing white space.
    const text = fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((parts) => `x ${parts.join('')} x`);
    fc.assert(
      fc.property(text, (markdown) => {
        const rendered = html(markdown);
        const links = [...rendered.matchAll(LINK)];
        // Emphasis takes its delimiters: compare only when none was made.
        if (!/<(?:em|strong|s)>/.test(rendered)) expect(unescape(rendered.replace(TAG, ''))).toBe(`${markdown}\n`);
        for (const [, , linkText] of links) {
          const text = unescape(linkText!);
          expect(text).toMatch(/^(?:www\.|(?:https?|ftp):\/\/|[A-Za-z0-9.+_-]+@[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)+$)/i);
          expect(text).not.toMatch(/[\s<]/);
          expect(text).not.toMatch(/[?!.,:*_~'"]$/);
          expect(text).not.toMatch(/&[A-Za-z0-9]+;$/);
          if (text.endsWith(')')) expect(text.split(')').length).toBeLessThanOrEqual(text.split('(').length);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
