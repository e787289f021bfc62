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
 * GitHub's autolinks, since found by the rules below rather than linkify-it, measured against it in the
 * same runs at a less busy hour (median of three, ms; linkify-it in brackets):
 *
 *   `www.a.com ` to the limit            770  (990; 2 MB of HTML, refused)
 *   `a@b.co ` / `http://a.b ` to it    1,020 / 1,140  (1,680 / 2,020; refused)
 *   `http://a.b/(` then `)` to it        120  (60: one link now, all its `)` taken off one by one)
 *   `www.a.b/` then `&a` to it, `;`      340  (530)
 *   `(` x 500,000                        110  (70)
 *   `http://_` / `www._` repeated        590 / 1,270  (720 / 1,380)
 *   a 500 KB post, a link on each line   610  (1,000)
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
import type { StateCore, StateInline, Token } from 'markdown-it';

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

/*
 * GitHub's autolinks ("Autolinks (extension)" of the GFM specification 0.29-gfm), found by rules of
 * their own rather than by linkify-it: linkify-it's links end elsewhere (it stops a link at an unbalanced
 * `)`, keeps `&hl` of `&hl;`, takes `+` in an address's domain) and, with the fuzzy links `www.` needs,
 * finds bare domains too. The rules follow the specification's words; where it says nothing they follow
 * cmark-gfm's extensions/autolink.c, its reference implementation, as GitHub renders:
 * - `www.` and `http://`, `https://`, `ftp://` links are found while inline Markdown is parsed, as
 *   cmark-gfm finds them, so that what is inside (`_`, `*`, `\`) is the link's, not emphasis or an escape.
 *   They start at the start of the text, after white space or after `*`, `_`, `~`, `(` (the
 *   specification's words; cmark-gfm checks this for `www.` only), run to white space or `<`, and lose
 *   what extended autolink path validation takes off their end.
 * - Addresses are found afterwards in the text left, as cmark-gfm does, where escapes and entities are
 *   already text (`a\_b@c.d` is one address).
 * Every scan below looks at each character a bounded number of times, so rendering stays linear.
 */

const WHITE_SPACE = new Set([0x20, 0x09, 0x0a, 0x0b, 0x0c, 0x0d]); // cmark's, ASCII only
/**
 * Where a `www.` link may start: after these, white space, or at the start. A `scheme://` link starts
 * after any character but a letter, as in cmark-gfm (and so on GitHub: `"http://a.b"` is a link); the
 * specification's sentence on where "such" links start is read there as about `www.` links alone.
 */
const BEFORE_LINK = new Set([...'*_~('].map((c) => c.charCodeAt(0)));
/** Punctuation (ASCII or Unicode) and white space: what a domain is not made of, but for `.`, `-`, `_`. */
const NOT_HOST = /[\t\n\f\r\p{Zs}!-/:-@[-`{-~\p{P}]/u;
/** Taken off a link's end (the specification names `?!.,:*_~`; cmark-gfm, and so GitHub, quotes too). */
const TRAILING = new Set([...'?!.,:*_~\'"'].map((c) => c.charCodeAt(0)));
const isAlphanumeric = (c: number) => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
/** An address's local part: alphanumerics and `.`, `-`, `_`, `+`. */
const isLocal = (c: number) => isAlphanumeric(c) || c === 0x2e || c === 0x2d || c === 0x5f || c === 0x2b;

function mayStartLink(src: string, pos: number): boolean {
  const before = src.charCodeAt(pos - 1);
  return pos === 0 || WHITE_SPACE.has(before) || BEFORE_LINK.has(before);
}

/**
 * The last domain scanned. A scan from inside it ends where it ended, as all between is a domain's: the
 * domain of `www._www._www.` ... is scanned once, not once for each `www.` in it.
 */
let lastDomain = { src: '', max: 0, start: 0, end: 0, secondLastDot: -1, lastUnderscore: -1 };

/**
 * The end of the valid domain at `start`: segments of alphanumerics (any letter, as cmark-gfm takes
 * `🍄.ga` and `é.fr`), `-` and `_` separated by `.`, with no `_` in the last two; -1 when not valid.
 */
function domainEnd(src: string, start: number, max: number): number {
  let domain = lastDomain;
  if (domain.src !== src || domain.max !== max || start < domain.start || start >= domain.end) {
    let end = start;
    let lastDot = -1;
    let secondLastDot = -1;
    let lastUnderscore = -1;
    for (; end < max; end += 1) {
      const c = src.charCodeAt(end);
      if (c === 0x2e) [secondLastDot, lastDot] = [lastDot, end];
      else if (c === 0x5f) lastUnderscore = end;
      else if (!isAlphanumeric(c) && c !== 0x2d && NOT_HOST.test(src[end]!)) break;
    }
    domain = lastDomain = { src, max, start, end, secondLastDot, lastUnderscore };
  }
  const lastTwoSegments = domain.secondLastDot >= start ? domain.secondLastDot + 1 : start;
  return domain.end > start && domain.lastUnderscore < lastTwoSegments ? domain.end : -1;
}

/**
 * Where a link found from `start` ends: at white space or `<` (from `from`, the end of its domain), less
 * what extended autolink path validation takes off: trailing `?!.,:*_~`, a trailing `)` while the link
 * has more `)` than `(` (counted once, not for each `)` taken off as cmark-gfm does: `(` and `))))...`
 * would be quadratic), and an entity-like `&` + alphanumerics + `;`.
 */
function linkEnd(src: string, start: number, from: number, max: number): number {
  let end = from;
  let opening = 0;
  let closing = 0;
  for (; end < max; end += 1) {
    const c = src.charCodeAt(end);
    if (WHITE_SPACE.has(c) || c === 0x3c) break;
    if (c === 0x28) opening += 1;
    else if (c === 0x29) closing += 1;
  }
  while (end > start) {
    const c = src.charCodeAt(end - 1);
    if (TRAILING.has(c)) end -= 1;
    else if (c === 0x3b) {
      let name = end - 1;
      while (name > start && isAlphanumeric(src.charCodeAt(name - 1))) name -= 1;
      end = name < end - 1 && src.charCodeAt(name - 1) === 0x26 ? name - 1 : end - 1;
    } else if (c === 0x29 && closing > opening) {
      closing -= 1;
      end -= 1;
    } else break;
  }
  return end;
}

/** A `www.` or `http://`, `https://`, `ftp://` link at the parser's position, made while inline Markdown is parsed. */
function extendedAutolink(state: StateInline, silent: boolean): boolean {
  if (state.linkLevel > 0) return false;
  const { src, pos, posMax: max } = state;
  let start = pos;
  let hostStart: number;
  const www = src.startsWith('www.', pos);
  if (www) {
    // `www.` then a domain of at least one more segment: `www.` before a space or `.` is text (cmark-gfm
    // links `www` of it, its issue 279).
    hostStart = pos;
    if (pos + 4 >= max || src.charCodeAt(pos + 4) === 0x2e) return false;
  } else if (src.startsWith('://', pos)) {
    // The scheme is the letters before `:`, still pending text; its first character must not be punctuation.
    const scheme = /(?:^|[^A-Za-z])(https?|ftp)$/i.exec(state.pending.slice(-6));
    if (!scheme || pos + 3 >= max || NOT_HOST.test(src[pos + 3]!)) return false;
    start = pos - scheme[1]!.length;
    hostStart = pos + 3;
  } else return false;
  if (www && !mayStartLink(src, start)) return false;
  const domain = domainEnd(src, hostStart, max);
  if (domain === -1 || (www && domain <= pos + 4)) return false;
  const end = linkEnd(src, start, domain, max);
  const text = src.slice(start, end);
  const href = state.md.normalizeLink(www ? `http://${text}` : text);
  if (!state.md.validateLink(href)) return false;
  if (!silent) {
    if (start < pos) state.pending = state.pending.slice(0, start - pos);
    const open = state.push('link_open', 'a', 1);
    open.attrs = [['href', href]];
    open.markup = 'linkify';
    open.info = 'auto';
    // The text as written, as GitHub shows it (markdown-it's normalizeLinkText would decode `%20`, and
    // empties a host past 255 characters).
    state.push('text', '', 0).content = text;
    const close = state.push('link_close', 'a', -1);
    close.markup = 'linkify';
    close.info = 'auto';
  }
  state.pos = end;
  return true;
}

/** The characters some inline rule but `text` may take: markdown-it's list, which it does not export. */
const TERMINATOR = new Uint8Array(128);
for (const c of '\n!#$%&*+-:<=>@[\\]^_`{}~') TERMINATOR[c.charCodeAt(0)] = 1;

/** Whether `www.` at `pos` may start a link. */
function mayStartWww(src: string, pos: number): boolean {
  return src.charCodeAt(pos + 1) === 0x77 && src.charCodeAt(pos + 2) === 0x77 && src.charCodeAt(pos + 3) === 0x2e && mayStartLink(src, pos);
}

/**
 * markdown-it's `text` rule, which also stops before a `www.` that may start a link: a run of text goes
 * on to the next character another rule may take, and `www.` is otherwise in the middle of one.
 */
function textUpToLinks(state: StateInline, silent: boolean): boolean {
  const { src, posMax: max } = state;
  let pos = state.pos;
  for (; pos < max; pos += 1) {
    const c = src.charCodeAt(pos);
    if (c < 128 && TERMINATOR[c] === 1) break;
    if (c === 0x77 && mayStartWww(src, pos)) break;
  }
  if (pos === state.pos) return false;
  if (!silent) state.pending += src.slice(state.pos, pos);
  state.pos = pos;
  return true;
}

/**
 * The addresses in a text, as [start, end) pairs: cmark-gfm's scan from each `@`, back over the local
 * part and on over the domain (alphanumerics, `-`, `_`, and `.` before an alphanumeric), which must hold
 * a `.` and no other `@`, and end in neither `-` nor `_`. A local part after `/` is a path's, not an
 * address. The scan back stops where the last one stopped, the scan on at a second `@`, which the next
 * scan starts from: each character is looked at at most twice.
 */
function addresses(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  let from = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', from)) {
    let local = at;
    while (local > from && isLocal(text.charCodeAt(local - 1))) local -= 1;
    let end = at + 1;
    let periods = 0;
    for (; end < text.length; end += 1) {
      const c = text.charCodeAt(end);
      if (c === 0x2e && isAlphanumeric(text.charCodeAt(end + 1))) periods += 1;
      else if (!isAlphanumeric(c) && c !== 0x2d && c !== 0x5f) break;
    }
    const last = text.charCodeAt(end - 1);
    const valid =
      local < at && !(local > from && text.charCodeAt(local - 1) === 0x2f) && text.charCodeAt(end) !== 0x40 &&
      periods > 0 && last !== 0x2d && last !== 0x5f;
    if (valid) found.push([local, end]);
    from = valid ? end : at + 1;
  }
  return found;
}

/** The addresses of every text outside a link made links, after the inline rules and text_join. */
function addressAutolinks(state: StateCore): void {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children || !block.content.includes('@')) continue;
    const children: Token[] = [];
    let inLink = 0;
    for (const token of block.children) {
      if (token.type === 'link_open') inLink += 1;
      else if (token.type === 'link_close') inLink -= 1;
      // Raw HTML links too, as markdown-it's linkify leaves them alone: no link inside a link.
      else if (token.type === 'html_inline' && /^<a[>\s]/i.test(token.content)) inLink += 1;
      else if (token.type === 'html_inline' && /^<\/a\s*>/i.test(token.content)) inLink = Math.max(0, inLink - 1);
      const found = token.type === 'text' && inLink === 0 ? addresses(token.content) : [];
      let last = 0;
      for (const [start, end] of found) {
        const href = state.md.normalizeLink(`mailto:${token.content.slice(start, end)}`);
        if (!state.md.validateLink(href)) continue;
        const before = new state.Token('text', '', 0);
        before.content = token.content.slice(last, start);
        const open = new state.Token('link_open', 'a', 1);
        open.attrs = [['href', href]];
        open.markup = 'linkify';
        open.info = 'auto';
        const text = new state.Token('text', '', 0);
        text.content = token.content.slice(start, end);
        const close = new state.Token('link_close', 'a', -1);
        close.markup = 'linkify';
        close.info = 'auto';
        for (const made of [before, open, text, close]) made.level = token.level;
        text.level = token.level + 1;
        children.push(...(start > last ? [before] : []), open, text, close);
        last = end;
      }
      if (last === 0) children.push(token);
      else if (last < token.content.length) {
        const after = new state.Token('text', '', 0);
        after.content = token.content.slice(last);
        after.level = token.level;
        children.push(after);
      }
    }
    block.children = children;
  }
}

/**
 * markdown-it without its `linkify` option (linkify-it): the inline rule that took `scheme://` links
 * takes `www.` links too, and addresses are linked after text_join.
 */
const markdownIt = new MarkdownIt({ html: true, maxNesting: PARSER_MAX_NESTING });
markdownIt.inline.ruler.at('text', textUpToLinks);
markdownIt.inline.ruler.at('linkify', extendedAutolink);
markdownIt.core.ruler.push('address_autolinks', addressAutolinks);

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
