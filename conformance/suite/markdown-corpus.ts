import { commonMarkHtml } from '../contract/commonmark.ts';
import { GITHUB_EXTENSION_BLOCKS } from '../contract/github-extensions.ts';

/**
 * Markdown of every kind of CommonMark construct, for the tests of rule markdown.commonmark: each
 * operation that takes `content_md` is sent all of it at once, and its `content_html` must be what
 * CommonMark renders (contract/commonmark.ts). One document, blocks apart, costs one request and shows a
 * rendering that is wrong for any one construct; a failure quotes where the two part. Its lines may end
 * with any of CommonMark's line endings (withLineEnds), which render alike.
 *
 * Raw HTML comes in every form CommonMark passes through (inline tags with attributes, comments, HTML
 * blocks that end at a blank line and ones that end at their closing tag, a processing instruction), next
 * to the places where the same characters are text that must be escaped (code spans, fenced and indented
 * code, backslash escapes, a lone `<`). Nothing here is read otherwise by GitHub's tables,
 * strikethrough and autolinks, which the contract adds and the reference renderer lacks: no `|`, no `~`,
 * no bare URL, `www.` or address outside angle brackets, no word with a dot inside. Those three come after
 * it, each with the HTML GitHub's specification gives (markdownDialectCorpus). GitHub's extensions the
 * contract does not name (task lists, footnotes, alerts, emoji, the tag filter) are in the corpus, as
 * text CommonMark keeps: a renderer given one of them, on any operation, renders otherwise there.
 */

export const MARKDOWN_CORPUS_BLOCKS: readonly string[] = [
  // ATX and setext headings, with inline markup and raw HTML in them.
  '# Heading *one*',
  '### Heading <em>three</em> ###',
  'Setext heading\n==============',
  // Inline raw HTML: tags with attributes in both quotes, an end tag, a comment, a self-closed tag.
  'Hello <b>bold</b>, <span class="note" data-x=\'1\'>a span</span>, a comment <!-- kept as written --> and a break<br/>inside.',
  // HTML blocks: one that ends at a blank line (a known block tag), one of a tag of its own on a line
  // alone, a comment over lines, and a processing instruction.
  '<div class="box">\n  <p>Inside a <i>block</i>, *not emphasis*</p>\n</div>',
  '<custom-element data-kind="own">\n*still raw*\n</custom-element>',
  '<!-- a comment\nover two lines -->',
  '<?note kept as written ?>',
  // Emphasis of both kinds, nested, and the cases where a delimiter is text.
  'Emphasis: *em*, _em_, **strong**, __strong__, ***both***, *nested **strong** em*, snake_case_word, 2*3*4 and a lone * star.',
  // Code spans and code blocks: what looks like HTML in them is text.
  'Code: `<b>not a tag</b> & not &copy;` and `` a ` tick ``.',
  '```html\n<div class="x">escaped & kept</div>\n```',
  '    indented <code> block\n    second line',
  // Entities and the characters HTML escapes, in text.
  'Entities: &copy; &amp; &#35; &#x22; &frac34; &nbsp;&notanentity; AT&T, 5 < 6 > 4, "double" and \'single\' quotes.',
  // Backslash escapes and a hard break of each kind (two spaces, a backslash).
  'Escapes: \\*not em\\* \\<b\\> \\&copy; \\`tick\\`',
  'first line  \nsecond line\\\nthird line',
  // Links and images: inline with a title, by reference, an autolink, an image with markup in its text,
  // and destinations with characters a URL escapes.
  'Links: [inline](/path?a=1&b=2 "A title"), [by reference][ref], <https://example.com/x?y=1&z=2>, <mailto:someone@example.com>, ![an *image*](/image.png "Image title") and [spaces](<a path/with spaces> \'quoted\').',
  '[ref]: /reference-target "Reference title"',
  // Lists: tight and loose, nested, an ordered list that starts at 3, and a block quote holding one.
  '- one\n- two\n  - nested *item*\n  - nested <b>html</b>\n- three',
  '3. third\n4. fourth',
  '- loose item\n\n- another loose item',
  '> A quote with *emphasis*\n> - and a list\n>\n> > nested quote',
  // Text a renderer's options change and CommonMark keeps as written (markdown.commonmark: "all other
  // text escaped", nothing replaced): straight quotes, an apostrophe, dashes, an ellipsis and the marks
  // a typographer turns into curly quotes, en and em dashes, … and © ® ™ ±; and a paragraph of several
  // lines, whose soft line breaks CommonMark renders as line feeds, not `<br>` (a `breaks` option).
  'Typography as written: "double" and \'single\' quotes, it\'s, 1--2 -- and --- dashes, an ellipsis... and?.... !!!!, (c) (C) (r) (tm) (p) +- and ,, marks.',
  'A paragraph of three lines\nbroken softly, not hard,\nkeeps its line feeds.',
  // GitHub's extensions the contract does not name, which CommonMark keeps as text (markdown.commonmark
  // names "tables, strikethrough and autolinks" and no other): task-list items, unchecked, checked and
  // checked in capitals, in a bullet and an ordered list (no checkbox input); a footnote reference and
  // its definition; an alert's marker in a quote; emoji shortcodes, a mention, an issue reference and
  // math between dollars; and the tags GitHub's tagfilter escapes, passed through as any raw HTML.
  '- [ ] an open task\n- [x] a done task\n- [X] a done task in capitals',
  '1. [ ] an ordered open task\n2. [x] an ordered done task',
  'A footnote reference[^note] and a footnote marker [^1].',
  '[^note]: The footnote\'s own text',
  '> [!NOTE]\n> An alert of GitHub, a quote to CommonMark.',
  'Emoji :tada: :+1:, a mention @octocat, an issue #123 and math $x^2$ and $$y$$ as written.',
  'Tags a tag filter escapes: <title>a title</title>, <textarea>text</textarea>, <style>b{}</style>, <iframe src="/frame"></iframe>, <xmp>x</xmp>, <noembed>n</noembed> and <noframes>f</noframes>.',
  // A thematic break, then text beyond ASCII, in text and in a link.
  '***',
  'Non-ASCII: Café Ünïcødé — Ελληνικά 東京 🙂 Straße, [café](/café "thé").',
];

/** The corpus as one Markdown document, its blocks apart, beginning with a line of the test's own. */
export function markdownCorpus(firstLine: string): string {
  return [firstLine, ...MARKDOWN_CORPUS_BLOCKS].join('\n\n');
}

/**
 * The line endings CommonMark reads (0.31, section 2.1: "a line ending is a line feed, a carriage return
 * not followed by a line feed, or a carriage return and a following line feed"), each the same line
 * end to a renderer: Markdown from a Windows editor or a browser's textarea has CR LF, old Mac text CR.
 */
export const CR_LF = ['\r\n'];
/**
 * Every line ending in turn, CR LF, LF, then CR: a carriage return is never written right before a
 * line feed of the next line end (CR then LF would be one CR LF, a blank line lost).
 */
export const EVERY_LINE_END = ['\r\n', '\n', '\r'];

/** The Markdown with each line feed written as the next of `lineEnds`, in turn: the same document to CommonMark. */
export function withLineEnds(markdown: string, lineEnds: readonly string[]): string {
  let next = 0;
  return markdown.replace(/\n/g, () => lineEnds[next++ % lineEnds.length]!);
}

/**
 * The corpus alone, CommonMark without GitHub's extensions, with the HTML it renders to: a renderer
 * whose output depends on the document (a plain CommonMark one for Markdown without an extension, an
 * option set for one kind of document) is judged on this document beside the whole dialect's. Its
 * lines end with `lineEnds` (line feeds by default); the HTML is the same whatever they are.
 */
export function commonMarkCorpus(firstLine: string, lineEnds: readonly string[] = ['\n']): { markdown: string; html: string } {
  const markdown = markdownCorpus(firstLine);
  return { markdown: withLineEnds(markdown, lineEnds), html: commonMarkHtml(markdown) };
}

/**
 * The whole dialect the contract names in one document: the corpus, then each of GitHub's extensions
 * (contract/github-extensions.ts: a table, strikethrough, autolinks), with the HTML it must render to,
 * CommonMark's rendering of the corpus followed by the specification's of each extension. Blocks apart,
 * none reads into another: one request judges every construct.
 */
export function markdownDialectCorpus(firstLine: string, lineEnds: readonly string[] = ['\n']): { markdown: string; html: string } {
  const corpus = markdownCorpus(firstLine);
  return {
    markdown: withLineEnds([corpus, ...GITHUB_EXTENSION_BLOCKS.map((block) => block.markdown)].join('\n\n'), lineEnds),
    html: [commonMarkHtml(corpus), ...GITHUB_EXTENSION_BLOCKS.map((block) => block.html)].join(''),
  };
}
