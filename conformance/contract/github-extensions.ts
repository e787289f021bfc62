/**
 * GitHub's three extensions the contract adds to CommonMark: `content_md` is "CommonMark with GitHub's
 * tables, strikethrough and autolinks ... alike by every operation that takes it" (rule
 * markdown.commonmark; PostCreate, PostUpdate, EmailCreate, EmailUpdate). The reference renderer of
 * contract/commonmark.ts has none of them, so each construct here comes with the HTML the GitHub Flavored
 * Markdown specification (0.29-gfm) gives for it, written out: a table with each alignment, a short row
 * and an escaped pipe (its section Tables), strikethrough around other inline markup (Strikethrough), and
 * the extended autolinks, `www.`, a URL with its scheme and an e-mail address, trailing punctuation left
 * out (Autolinks (extension)).
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
