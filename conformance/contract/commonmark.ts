/**
 * What the contract says Markdown renders to: `content_md` is "CommonMark with GitHub's tables,
 * strikethrough and autolinks; raw HTML in it is passed through unchanged, as CommonMark specifies, and
 * all other text escaped" (PostCreate, PostUpdate, EmailCreate, EmailUpdate; rule markdown.commonmark).
 *
 * The reference is commonmark.js, the CommonMark specification's own reference implementation, with its
 * defaults (raw HTML kept: `safe` off). It has none of GitHub's three extensions, so it is the reference
 * only for Markdown none of them reads otherwise: no pipe table, no `~`, no bare URL, `www.` or address
 * (markdown-corpus.ts keeps to that).
 *
 * Two renderings are compared as the specification's own test runner compares them (its normalisation of
 * HTML, spec_tests.py): not byte for byte, but as the HTML they mean. Tags are compared by name and
 * attributes (in any order, values unescaped), with or without the slash of a void element (`<br />` is
 * `<br>`); text by its characters, however escaped (`&copy;`, `&#169;` and `©` are one character); runs of
 * white space outside `<pre>` as one space, and none at the edges of block elements. What stays a
 * difference is what a reader sees: a tag rendered as text (`&lt;b&gt;`), text or a tag missing, another
 * element, another attribute value, other characters.
 */
import { HtmlRenderer, Parser } from 'commonmark';

const parser = new Parser();
const renderer = new HtmlRenderer();

/** The HTML CommonMark renders `markdown` to. */
export function commonMarkHtml(markdown: string): string {
  return renderer.render(parser.parse(markdown));
}

/** Elements that start and end blocks: white space at their edges is layout, not text (spec_tests.py's list). */
const BLOCK_ELEMENTS = new Set(
  'address article aside blockquote body caption center col colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem meta nav noframes ol optgroup option p param pre section source summary table tbody td tfoot th thead title tr track ul'.split(
    ' ',
  ),
);

/** A piece of HTML: a start or end tag, markup kept as written (a comment, a declaration), or text. */
type Piece = { kind: 'start'; name: string; written: string } | { kind: 'end'; name: string; written: string } | { kind: 'markup'; written: string } | { kind: 'text'; written: string };

const ATTRIBUTE = /([A-Za-z_:][A-Za-z0-9_.:-]*)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;
const PIECE =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<![A-Za-z][^>]*>|<\/([A-Za-z][A-Za-z0-9-]*)\s*>|<([A-Za-z][A-Za-z0-9-]*)((?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|[^<]+|</g;

const decoded = new Map<string, string>();

/**
 * The character a reference names (`&copy;`, `&#169;`, `&#xA9;`), as CommonMark reads it in text: the
 * reference implementation is asked, so every name HTML5 defines is known. Not a reference: as written.
 */
function decodeReference(reference: string): string {
  let character = decoded.get(reference);
  if (character === undefined) {
    const paragraph = parser.parse(reference).firstChild;
    const literals: string[] = [];
    for (let node = paragraph?.firstChild; node; node = node.next) literals.push(node.literal ?? '');
    character = literals.join('');
    decoded.set(reference, character);
  }
  return character;
}

const unescape = (text: string) => text.replace(/&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/g, decodeReference);
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function pieces(html: string): Piece[] {
  const found: Piece[] = [];
  for (const match of html.matchAll(PIECE)) {
    const [written, endName, startName, attributes] = match;
    if (endName) found.push({ kind: 'end', name: endName.toLowerCase(), written: `</${endName.toLowerCase()}>` });
    else if (startName) {
      const pairs = [...(attributes ?? '').matchAll(ATTRIBUTE)].map(([, name, value]) => `${name!.toLowerCase()}="${escape(unescape((value ?? '').replace(/^["']|["']$/g, '')))}"`);
      found.push({ kind: 'start', name: startName.toLowerCase(), written: `<${[startName.toLowerCase(), ...pairs.sort()].join(' ')}>` });
    } else if (written.startsWith('<') && written.length > 1) found.push({ kind: 'markup', written });
    else found.push({ kind: 'text', written });
  }
  return found;
}

const isBlockTag = (piece: Piece | undefined) => piece !== undefined && (piece.kind === 'start' || piece.kind === 'end') && BLOCK_ELEMENTS.has(piece.name);

/** The HTML in the form two renderings of the same Markdown share (see the top of this file). */
export function htmlNormalForm(html: string): string {
  const all = pieces(html);
  let inPre = 0;
  const out: string[] = [];
  all.forEach((piece, index) => {
    if (piece.kind === 'start' && piece.name === 'pre') inPre += 1;
    if (piece.kind === 'end' && piece.name === 'pre') inPre = Math.max(0, inPre - 1);
    if (piece.kind !== 'text') {
      out.push(piece.written);
      return;
    }
    let text = escape(unescape(piece.written));
    if (inPre === 0) {
      text = text.replace(/[ \t\r\n]+/g, ' ');
      if (isBlockTag(all[index - 1]) || index === 0) text = text.replace(/^ /, '');
      if (isBlockTag(all[index + 1]) || index === all.length - 1) text = text.replace(/ $/, '');
    }
    if (text !== '') out.push(text);
  });
  return out.join('');
}

/**
 * Where `actual` means other HTML than `expected`, in words: the first place their normal forms part,
 * each with some of what surrounds it; undefined when they mean the same. `normalForm` is this file's,
 * or one that also takes as one what a dialect spells two ways (contract/github-extensions.ts).
 */
export function htmlDifference(expected: string, actual: string, normalForm: (html: string) => string = htmlNormalForm, renderer = 'CommonMark'): string | undefined {
  const [want, got] = [normalForm(expected), normalForm(actual)];
  if (want === got) return undefined;
  let at = 0;
  while (at < want.length && want[at] === got[at]) at += 1;
  const around = (text: string) => JSON.stringify(`${at > 40 ? '…' : ''}${text.slice(Math.max(0, at - 40), at + 60)}${text.length > at + 60 ? '…' : ''}`);
  return `at character ${at} of its normal form, it reads ${around(got)} where ${renderer} renders ${around(want)}`;
}
