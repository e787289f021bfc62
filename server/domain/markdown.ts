/**
 * Markdown to HTML, for `content_md` given without `content_html`: CommonMark with GitHub's tables,
 * strikethrough and autolinks, rendered by markdown-it. Raw HTML in the Markdown passes through as
 * CommonMark says it does (a post's `content_html` is accepted as raw HTML anyway); the rest is
 * escaped.
 *
 * Why markdown-it: its cost grows linearly with the input on every pathological CommonMark input
 * tried (cmark's list and more), and its block nesting is bounded (`maxNesting`), so nothing
 * recurses without limit. Measured on a busy 2-core machine, each input at or near the 500,000
 * characters `content_md` allows, cold process (ms; marked, the renderer before it, in brackets):
 *
 *   a list nested 700 levels (490 KB)    40  (heap out of memory: the process died)
 *   `*a` x 100,000 / x 250,000          690 / 2,060  (18,000 for x 100,000)
 *   `>` x 100,000 / x 500,000             5 / 15
 *   `[` x 500,000                     3,020
 *   `[a` / `[ a_` / `![` repeated     2,700 / 2,880 / 2,550
 *   nested strong emphasis (cmark's)  1,890
 *   `<` x 500,000 / unclosed `<!--`     460 / 150
 *   a table header of 20,000 cells      880
 *   `www.a.com ` to the limit          2,820  (GitHub's www autolinks; 2 MB of HTML, refused)
 *
 * Scaling the worst of them from 50,000 to 500,000 characters multiplies the time by about ten:
 * linear. commonmark.js took over 20 s on four of the 45 inputs tried (`[a](b`, `![[]()`, unclosed
 * `<!--`, `- ` on one line) and crashed on `>` x 500,000; micromark with its GFM extension took over
 * 20 s on nine of the first ten. Linear is still seconds for the worst half-megabyte, so rendering
 * never runs on the event loop: see markdown-pool.ts.
 *
 * Two limits make what is stored bounded and readable back:
 * - Lists and block quotes nest at most MARKDOWN_MAX_DEPTH levels; deeper Markdown is refused
 *   rather than silently cut (markdown-it drops what lies past `maxNesting`).
 * - The HTML is at most RENDERED_HTML_MAX_LENGTH characters. Markdown expands by a small factor
 *   (`"` becomes `&quot;`, a one-letter table row a dozen characters), but a reference link
 *   defined once and used many times expands without bound.
 */
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

/** How deep lists and block quotes may nest. */
export const MARKDOWN_MAX_DEPTH = 50;
/** The longest HTML Markdown may render to: twice the longest Markdown. */
export const RENDERED_HTML_MAX_LENGTH = 1_000_000;

// Every list, list item and block quote is one level of markdown-it's nesting, and a table inside
// the deepest list adds five more; past this markdown-it stops parsing the rest of the container.
const PARSER_MAX_NESTING = 2 * MARKDOWN_MAX_DEPTH + 10;

/**
 * The control characters HTML may not hold (the contract's pattern of `content_html`): all of
 * U+0000 to U+001F but tab, line feed and carriage return, and U+007F. `content_md` cannot hold
 * them either, but a character reference can name one: markdown-it decodes `&#12;` (form feed) to
 * the character itself, in text and in attributes. Each becomes U+FFFD, as markdown-it does with NUL.
 */
const CONTROLS_OUTSIDE_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

const markdownIt = new MarkdownIt({ html: true, linkify: true, maxNesting: PARSER_MAX_NESTING });
withGitHubWwwAutolinks(markdownIt.linkify);

/**
 * Whether a text may hold a domain: a fuzzy link's host ends in `.` and a top-level domain, which
 * starts with a letter (`com`, `de`, `рф`, `xn--...`). Any character after a `.` but white space,
 * digits and ASCII punctuation counts, so every text that holds one is let through, and more.
 */
const MAY_HOLD_DOMAIN = /\.[^\s\d.,;:!?'"()[\]{}<>/\\-]/;

/**
 * GitHub's autolinks ("extended autolinks" of GitHub Flavored Markdown) are a URL with `http://` or
 * `https://`, an address, and a domain that starts with `www.`, linked as `http://`. linkify-it 6, which
 * markdown-it 15 uses, finds a link without a scheme only with `fuzzyLink`, off by default since 6.0 (so
 * `www.commonmark.org` was left text), and with it finds any domain (`example.com`, `notes.md`), which
 * GitHub leaves text: so fuzzy links are found, and those that do not start with `www.` dropped.
 *
 * The search for fuzzy links is one large regular expression tried at every position of a text, which
 * markdown-it runs over each paragraph and each piece of its text: 15 to 40 % of a rendering. A text
 * with no `.` before a letter holds no domain, so that search cannot find anything in it, and such a
 * text is searched as without `fuzzyLink` (a linkify-it of the same class and defaults): the same links,
 * found without it.
 */
function withGitHubWwwAutolinks(linkify: typeof markdownIt.linkify): void {
  const withoutFuzzyLinks = new (linkify.constructor as new () => typeof linkify)();
  linkify.set({ fuzzyLink: true });
  const test = linkify.test.bind(linkify);
  const match = linkify.match.bind(linkify);
  linkify.test = (text) => (MAY_HOLD_DOMAIN.test(text) ? test(text) : withoutFuzzyLinks.test(text));
  linkify.match = (text) =>
    MAY_HOLD_DOMAIN.test(text)
      ? (match(text) ?? []).filter((link) => link.schema !== '' || /^www\./i.test(link.raw))
      : (withoutFuzzyLinks.match(text) ?? []);
}

export type Rendering = { html: string } | { refused: string };

/** How deep lists and block quotes nest in a parsed document. */
function containerDepth(tokens: readonly Token[]): number {
  let depth = 0;
  let deepest = 0;
  for (const token of tokens) {
    if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open' || token.type === 'blockquote_open') {
      depth += 1;
      deepest = Math.max(deepest, depth);
    } else if (token.type === 'bullet_list_close' || token.type === 'ordered_list_close' || token.type === 'blockquote_close') {
      depth -= 1;
    }
  }
  return deepest;
}

/**
 * The characters of a text, as the contract counts the HTML's limit ("at most 1,000,000 characters",
 * as JSON Schema's maxLength counts): a character outside the Basic Multilingual Plane is one, though
 * JavaScript's `length` counts its two UTF-16 code units. Counted only for a text whose code units are
 * over the limit.
 */
function characterCount(text: string): number {
  if (text.length <= RENDERED_HTML_MAX_LENGTH) return text.length;
  let lowSurrogates = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xdc00 && unit <= 0xdfff && index > 0 && (text.charCodeAt(index - 1) & 0xfc00) === 0xd800) lowSurrogates += 1;
  }
  return text.length - lowSurrogates;
}

/** The HTML of `markdown`, or why it is refused. Synchronous and CPU-bound: call it off the event loop. */
export function renderMarkdown(markdown: string): Rendering {
  const tokens = markdownIt.parse(markdown, {});
  if (containerDepth(tokens) > MARKDOWN_MAX_DEPTH) {
    return { refused: `must not nest lists and block quotes more than ${MARKDOWN_MAX_DEPTH} levels deep` };
  }
  const tooLong = { refused: `must render to at most ${RENDERED_HTML_MAX_LENGTH.toLocaleString('en')} characters of HTML` };
  let html: string;
  try {
    html = markdownIt.renderer.render(tokens, markdownIt.options, {});
  } catch (error) {
    // Past V8's longest string: only repeated reference links get there.
    if (error instanceof RangeError) return tooLong;
    throw error;
  }
  if (characterCount(html) > RENDERED_HTML_MAX_LENGTH) return tooLong;
  return { html: html.replace(CONTROLS_OUTSIDE_LINES, '\uFFFD') };
}
