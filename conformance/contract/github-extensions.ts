/**
 * GitHub's three extensions the contract adds to CommonMark: `content_md` is "CommonMark with GitHub's
 * tables, strikethrough and autolinks ... alike by every operation that takes it" (rule
 * markdown.commonmark; PostCreate, PostUpdate, EmailCreate, EmailUpdate). The reference renderer of
 * contract/commonmark.ts has none of them, so each construct here comes with the HTML the GitHub Flavored
 * Markdown specification (0.29-gfm) gives for it, written out: a table with each alignment, a short row
 * and an escaped pipe (its section Tables), strikethrough around other inline markup (Strikethrough), and
 * the extended autolinks, `www.`, a URL with its scheme and an e-mail address, trailing punctuation left
 * out (Autolinks (extension)). The autolinks come in full: every example of that section, 621 to 631,
 * word for word (`www.` links with a path and trailing punctuation, parentheses balanced and not, an
 * unbalanced `)` inside a link kept, a link ended by `<`, an `&` in a query kept and an entity-like
 * `&hl;` at the end left out, `http://`, `https://` and `ftp://` links, addresses with `.`, `-`, `_` and
 * `+`, and the ones left text, `+` after the `@` among them), more built from its rules, and the
 * look-alikes GitHub leaves text (a bare domain, with or without a path, `ftp.` without a scheme, `www`
 * without its dot): a renderer that links more or less than GitHub (linkify's fuzzy links on, the `www.`
 * form off, linkify-it's ends of links) fails on the operation it renders for.
 *
 * Renderers spell two of these otherwise with the same meaning for a reader, which a comparison takes as
 * one: a struck text as `<s>` or `<del>`, a cell's alignment as `align="center"` or
 * `style="text-align:center"`. Single tildes (`~a~`, struck for GitHub, text for some renderers) are left
 * out, as the contract's words do not tell them apart.
 */
import { htmlNormalForm } from './commonmark.ts';

export interface ExtensionBlock {
  /** What the construct is, for a failure's message. */
  construct: string;
  markdown: string;
  /** Its HTML as the GFM specification renders it. */
  html: string;
}

export const GITHUB_EXTENSION_BLOCKS: readonly ExtensionBlock[] = [
  {
    construct: 'a table (alignments, a short row, an escaped pipe, inline markup in cells)',
    markdown: '| Left | Centre | Right | None |\n| :--- | :----: | ----: | --- |\n| *a* | `b` | c \\| d | <b>e</b> |\n| f |',
    html:
      '<table><thead><tr><th align="left">Left</th><th align="center">Centre</th><th align="right">Right</th><th>None</th></tr></thead>' +
      '<tbody><tr><td align="left"><em>a</em></td><td align="center"><code>b</code></td><td align="right">c | d</td><td><b>e</b></td></tr>' +
      '<tr><td align="left">f</td><td align="center"></td><td align="right"></td><td></td></tr></tbody></table>\n',
  },
  {
    construct: 'strikethrough',
    markdown: 'Struck: ~~gone **bold**~~ kept.',
    html: '<p>Struck: <del>gone <strong>bold</strong></del> kept.</p>\n',
  },
  {
    construct: 'autolinks (www., a URL, an e-mail address)',
    markdown: 'Autolinks: www.commonmark.org/help, https://example.com/a?b=1 and foo@bar.example.com.',
    html:
      '<p>Autolinks: <a href="http://www.commonmark.org/help">www.commonmark.org/help</a>, <a href="https://example.com/a?b=1">https://example.com/a?b=1</a> ' +
      'and <a href="mailto:foo@bar.example.com">foo@bar.example.com</a>.</p>\n',
  },
  // The rest of GitHub's autolink extension: the specification's examples (section "Autolinks
  // (extension)", 621 to 631, each word for word) and cases built from its rules: where a `www.` or
  // `scheme://` link ends, what an address takes, and what stays text.
  {
    construct: 'www. autolinks: a path, trailing punctuation left out, a dot inside the path kept',
    markdown:
      'www.commonmark.org\n\nVisit www.commonmark.org/help for more information.\n\nVisit www.commonmark.org.\n\nVisit www.commonmark.org/a.b.\n\n' +
      'Visit www.commonmark.org/help for more, www.commonmark.org. and www.commonmark.org/a.b. or www.example.com, www.example.com; www.example.com: www.example.com! www.example.com? www.example.com* now.',
    html:
      '<p><a href="http://www.commonmark.org">www.commonmark.org</a></p>\n' +
      '<p>Visit <a href="http://www.commonmark.org/help">www.commonmark.org/help</a> for more information.</p>\n' +
      '<p>Visit <a href="http://www.commonmark.org">www.commonmark.org</a>.</p>\n' +
      '<p>Visit <a href="http://www.commonmark.org/a.b">www.commonmark.org/a.b</a>.</p>\n' +
      '<p>Visit <a href="http://www.commonmark.org/help">www.commonmark.org/help</a> for more, <a href="http://www.commonmark.org">www.commonmark.org</a>. ' +
      'and <a href="http://www.commonmark.org/a.b">www.commonmark.org/a.b</a>. or <a href="http://www.example.com">www.example.com</a>, ' +
      '<a href="http://www.example.com">www.example.com</a>; <a href="http://www.example.com">www.example.com</a>: <a href="http://www.example.com">www.example.com</a>! ' +
      '<a href="http://www.example.com">www.example.com</a>? <a href="http://www.example.com">www.example.com</a>* now.</p>\n',
  },
  {
    construct: 'autolinks with parentheses: balanced ones kept, an unbalanced closing one at the end left out, one inside kept',
    markdown:
      'www.google.com/search?q=Markup+(business)\n\nwww.google.com/search?q=Markup+(business)))\n\n(www.google.com/search?q=Markup+(business))\n\n(www.google.com/search?q=Markup+(business)\n\n' +
      'www.google.com/search?q=(business))+ok',
    html:
      '<p><a href="http://www.google.com/search?q=Markup+(business)">www.google.com/search?q=Markup+(business)</a></p>\n' +
      '<p><a href="http://www.google.com/search?q=Markup+(business)">www.google.com/search?q=Markup+(business)</a>))</p>\n' +
      '<p>(<a href="http://www.google.com/search?q=Markup+(business)">www.google.com/search?q=Markup+(business)</a>)</p>\n' +
      '<p>(<a href="http://www.google.com/search?q=Markup+(business)">www.google.com/search?q=Markup+(business)</a></p>\n' +
      '<p><a href="http://www.google.com/search?q=(business))+ok">www.google.com/search?q=(business))+ok</a></p>\n',
  },
  {
    construct: 'autolinks ending at <, keeping an & in the query and leaving out an entity-like ending',
    markdown: 'www.google.com/search?q=commonmark&hl=en\n\nwww.google.com/search?q=commonmark&hl;\n\nwww.commonmark.org/he<lp',
    html:
      '<p><a href="http://www.google.com/search?q=commonmark&amp;hl=en">www.google.com/search?q=commonmark&amp;hl=en</a></p>\n' +
      '<p><a href="http://www.google.com/search?q=commonmark">www.google.com/search?q=commonmark</a>&amp;hl;</p>\n' +
      '<p><a href="http://www.commonmark.org/he">www.commonmark.org/he</a>&lt;lp</p>\n',
  },
  {
    construct: 'autolinks with a scheme: http, https inside parentheses, ftp before a full stop',
    markdown: 'http://commonmark.org\n\n(Visit https://encrypted.google.com/search?q=Markup+(business))\n\nAnonymous FTP is available at ftp://foo.bar.baz.',
    html:
      '<p><a href="http://commonmark.org">http://commonmark.org</a></p>\n' +
      '<p>(Visit <a href="https://encrypted.google.com/search?q=Markup+(business)">https://encrypted.google.com/search?q=Markup+(business)</a>)</p>\n' +
      '<p>Anonymous FTP is available at <a href="ftp://foo.bar.baz">ftp://foo.bar.baz</a>.</p>\n',
  },
  {
    construct: 'e-mail autolinks: ., -, _ and + in the local part, + in the domain left text, a trailing full stop left out, a domain ending in - or _ left text',
    markdown:
      "foo@bar.baz\n\nhello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.\n\n" +
      'foo@bar.baz and hello+xyz@mail.example\n\na.b-c_d@a.b\n\na.b-c_d@a.b.\n\na.b-c_d@a.b-\n\na.b-c_d@a.b_',
    html:
      '<p><a href="mailto:foo@bar.baz">foo@bar.baz</a></p>\n' +
      '<p>hello@mail+xyz.example isn\'t valid, but <a href="mailto:hello+xyz@mail.example">hello+xyz@mail.example</a> is.</p>\n' +
      '<p><a href="mailto:foo@bar.baz">foo@bar.baz</a> and <a href="mailto:hello+xyz@mail.example">hello+xyz@mail.example</a></p>\n' +
      '<p><a href="mailto:a.b-c_d@a.b">a.b-c_d@a.b</a></p>\n<p><a href="mailto:a.b-c_d@a.b">a.b-c_d@a.b</a>.</p>\n<p>a.b-c_d@a.b-</p>\n<p>a.b-c_d@a.b_</p>\n',
  },
  {
    construct: 'look-alikes GitHub leaves text (bare domains with and without a path, ftp. without a scheme, www without its dot) beside a www. link',
    markdown: 'Bare example.com, example.com/news, news.example.org/a?b=1, ftp.example.com and wwwexample.com stay text, as does www alone; www.example.com does not.',
    html: '<p>Bare example.com, example.com/news, news.example.org/a?b=1, ftp.example.com and wwwexample.com stay text, as does www alone; <a href="http://www.example.com">www.example.com</a> does not.</p>\n',
  },
];

/** The spellings of one meaning taken as one: `<s>` as `<del>`, a `text-align` style as `align`. */
function sameSpellings(html: string): string {
  return html
    .replace(/<(\/?)s(?=[\s>])/gi, '<$1del')
    .replace(/\sstyle\s*=\s*"\s*text-align\s*:\s*(left|center|right)\s*;?\s*"/gi, ' align="$1"')
    .replace(/\sstyle\s*=\s*'\s*text-align\s*:\s*(left|center|right)\s*;?\s*'/gi, ' align="$1"');
}

/** The HTML in the form two renderings of the same Markdown with GitHub's extensions share. */
export function dialectNormalForm(html: string): string {
  return htmlNormalForm(sameSpellings(html));
}
