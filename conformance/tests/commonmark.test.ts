/**
 * contract/commonmark.ts: two renderings of one Markdown compare equal when they mean the same HTML, and
 * differ where a reader would see a difference; the Markdown corpus renders alike with commonmark.js and
 * with markdown-it as the reference server sets it up (GitHub's extensions on), so the corpus judges
 * CommonMark alone.
 */
import MarkdownIt, { type MarkdownItOptions } from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../server/domain/markdown.ts';
import { commonMarkHtml, htmlDifference, htmlNormalForm } from '../contract/commonmark.ts';
import { dialectNormalForm, GITHUB_EXTENSION_BLOCKS } from '../contract/github-extensions.ts';
import { commonMarkCorpus, CR_LF, EVERY_LINE_END, MARKDOWN_CORPUS_BLOCKS, markdownCorpus, markdownDialectCorpus } from '../suite/markdown-corpus.ts';

const serverHtml = (markdown: string) => {
  const rendering = renderMarkdown(markdown);
  if (!('html' in rendering)) throw new Error(rendering.refused);
  return rendering.html;
};

describe('the normal form of rendered HTML', () => {
  it('takes void elements with or without their slash, attributes in any order and text however escaped as one', () => {
    expect(htmlNormalForm('<p>a<br />b <img src="/x" alt="y" /></p>\n')).toBe(htmlNormalForm('<p>a<br>b <img alt="y" src="/x"></p>'));
    expect(htmlNormalForm('<p>&copy; &#169; &quot;q&quot; &#x27;</p>')).toBe(htmlNormalForm('<p>© © "q" \'</p>'));
    expect(htmlDifference('<ul>\n<li>one</li>\n</ul>\n', '<ul><li>one</li></ul>')).toBeUndefined();
  });

  it('tells a tag from the same tag written as text, and keeps white space in pre', () => {
    expect(htmlDifference('<p>Hi <b>there</b></p>\n', '<p>Hi &lt;b&gt;there&lt;/b&gt;</p>\n')).toMatch(/&lt;b&gt;/);
    expect(htmlDifference('<pre><code>a\n  b\n</code></pre>', '<pre><code>a b\n</code></pre>')).toBeDefined();
    expect(htmlDifference('<p>a <em>b</em></p>', '<p>a <strong>b</strong></p>')).toBeDefined();
  });
});

describe('the Markdown corpus', () => {
  it.each(MARKDOWN_CORPUS_BLOCKS.map((block) => [block]))('renders %j as the reference server does', (block) => {
    expect(htmlDifference(commonMarkHtml(block), serverHtml(block))).toBeUndefined();
  });

  it('holds raw HTML that a renderer escaping it gets wrong', () => {
    const markdown = markdownCorpus('first line');
    expect(htmlDifference(commonMarkHtml(markdown), serverHtml(markdown.replace(/</g, '&lt;')))).toBeDefined();
  });
});

describe('renderer options that change the output', () => {
  // markdown-it as the reference server sets it up, but for one option: each option that changes what
  // a reader sees shows on the corpus alone (the CommonMark document markdown-rendered.test.ts sends
  // beside the whole dialect's). xhtmlOut changes only `<br>` to `<br />`, the same HTML; linkify shows on
  // GitHub's autolinks, after the corpus.
  const options: [string, MarkdownItOptions][] = [
    ['typographer (curly quotes, dashes, ellipsis, (c))', { html: true, typographer: true }],
    ['typographer with other quotes', { html: true, typographer: true, quotes: '«»‹›' }],
    ['breaks (a soft line break as <br>)', { html: true, breaks: true }],
    ['html off (raw HTML escaped)', { html: false }],
    ['another langPrefix', { html: true, langPrefix: 'lang-' }],
  ];
  it.each(options)('show %s on the CommonMark corpus', (_option, settings) => {
    const { markdown, html } = commonMarkCorpus('first line');
    expect(htmlDifference(html, new MarkdownIt(settings).render(markdown))).toBeDefined();
    expect(htmlDifference(html, new MarkdownIt({ html: true }).render(markdown))).toBeUndefined();
  });
});

describe("GitHub's extensions", () => {
  it.each(GITHUB_EXTENSION_BLOCKS.map((block) => [block.construct, block]))('renders %s as the GFM specification and the reference server do', (_construct, block) => {
    expect(htmlDifference(block.html, serverHtml(block.markdown), dialectNormalForm)).toBeUndefined();
    expect(htmlDifference(block.html, commonMarkHtml(block.markdown), dialectNormalForm)).toBeDefined();
  });

  it('takes <s> as <del> and a text-align style as align, and nothing else of the kind', () => {
    expect(dialectNormalForm('<p><s>a</s></p><th style="text-align:center">b</th>')).toBe(dialectNormalForm('<p><del>a</del></p><th align="center">b</th>'));
    expect(dialectNormalForm('<p><span>a</span></p>')).not.toBe(dialectNormalForm('<p><del>a</del></p>'));
  });

  it('render alike whatever line endings the documents have (CR LF, CR, LF; CommonMark section 2.1)', () => {
    for (const lineEnds of [CR_LF, EVERY_LINE_END]) {
      const corpus = commonMarkCorpus('first line', lineEnds);
      expect(corpus.markdown).toContain('\r');
      expect(htmlDifference(corpus.html, commonMarkHtml(corpus.markdown))).toBeUndefined();
      expect(htmlDifference(corpus.html, serverHtml(corpus.markdown))).toBeUndefined();
      const dialect = markdownDialectCorpus('first line', lineEnds);
      expect(htmlDifference(dialect.html, serverHtml(dialect.markdown), dialectNormalForm)).toBeUndefined();
      // Each CR and LF read as a line end of its own splits the paragraphs written with CR LF.
      expect(htmlDifference(corpus.html, serverHtml(corpus.markdown.replace(/[\r\n]/g, '\n')))).toBeDefined();
      expect(htmlDifference(dialect.html, serverHtml(dialect.markdown.replace(/[\r\n]/g, '\n')), dialectNormalForm)).toBeDefined();
    }
  });

  it('render, after the corpus in one document, as each does alone', () => {
    const { markdown, html } = markdownDialectCorpus('first line');
    expect(htmlDifference(html, serverHtml(markdown), dialectNormalForm)).toBeUndefined();
    expect(htmlDifference(html, commonMarkHtml(markdown), dialectNormalForm)).toBeDefined();
  });
});
