/**
 * The limits the contract puts on Markdown beyond its schema, at exactly their bound: every schema of
 * `content_md` (PostCreate, PostUpdate, EmailCreate, EmailUpdate) says "Lists and block quotes nest at
 * most 50 levels deep and the HTML is at most 1,000,000 characters: deeper Markdown, Markdown that would
 * render to more ... is a `422`". The largest value allowed is a boundary value, and
 * requests.valid-input-accepted says "Every input that its schemas allow, boundary values included, is
 * accepted": Markdown nested exactly that deep, and Markdown that renders to exactly that many
 * characters, are accepted by every operation that takes it.
 *
 * The numbers are read from the field's description, so a field that states such a limit gets these
 * values and a changed number moves them. The limit on the HTML counts characters (JSON Schema's
 * maxLength counts them too): the rendering at the bound is made mostly of `&`, which renders as the five
 * characters `&amp;` (a small request for a long rendering), and of letters of two, three and four bytes
 * in UTF-8, the last outside the Basic Multilingual Plane (two UTF-16 code units), so that a server that
 * measures the HTML in bytes or in code units finds it over the bound it is not over.
 */
import type { InputField } from './fields.ts';

/** "nest at most 50 levels deep", as each schema of content_md words it. */
const DEPTH_STATEMENT = /nest at most (\d+) levels deep/;
/** "the HTML is at most 1,000,000 characters". */
const HTML_STATEMENT = /HTML is at most ([\d,]+) characters/;

/** What CommonMark wraps a paragraph in: `<p>`, then `</p>` and a line end. */
const PARAGRAPH_MARKUP = '<p></p>\n'.length;
/** Renders as `&amp;`: five characters of HTML for one of Markdown. */
const AMPERSAND_RENDERED = '&amp;'.length;
/** Letters of two, three and four UTF-8 bytes (the last two UTF-16 code units): each renders as itself. */
const WIDE_LETTERS = ['é', '東', '\u{1F600}'];
/** How many times the wide letters open the paragraph: enough that bytes and code units are well past the bound. */
const WIDE_REPEATS = 100;

export interface MarkdownBoundary {
  /** What the value is, for the case's title. */
  what: string;
  markdown: string;
}

/** The description the field's schema gives, in any of its branches. */
function descriptionOf(field: InputField): string {
  return [field.constrained.description, field.schema.description].filter((text): text is string => typeof text === 'string').join(' ');
}

/**
 * Lists and block quotes nested exactly `depth` levels deep, each kind of nesting in a block of its own:
 * block quotes, bullet lists, ordered lists, and block quotes and lists in turn. One document, so one
 * request: a server that counts any of them one too many refuses it.
 */
export function nestedMarkdown(depth: number): string {
  const quotes = `${'>'.repeat(depth)} quoted ${depth} deep`;
  // A nested item starts where its parent's text does: two columns on for `- `, three for `1. `.
  const bullets = Array.from({ length: depth }, (_, level) => `${'  '.repeat(level)}- bullet ${level + 1}`).join('\n');
  const ordered = Array.from({ length: depth }, (_, level) => `${'   '.repeat(level)}1. item ${level + 1}`).join('\n');
  // `> - ` is two levels: a block quote holding a list; an odd depth ends on a block quote.
  const mixed = `${'> - '.repeat(Math.floor(depth / 2))}${depth % 2 === 1 ? '> ' : ''}mixed ${depth} deep`;
  return [quotes, bullets, ordered, mixed].join('\n\n');
}

/**
 * One paragraph whose HTML is exactly `characters` characters long, of at most `maxLength` characters of
 * Markdown: `&` (rendered `&amp;`) and the wide letters, which render as themselves. Its UTF-8 bytes and
 * UTF-16 code units are more than `characters`.
 */
export function markdownRenderingTo(characters: number, maxLength: number): string | undefined {
  const letters = WIDE_LETTERS.join('').repeat(WIDE_REPEATS);
  const rest = characters - PARAGRAPH_MARKUP - [...letters].length;
  if (rest < 0) return undefined;
  const ampersands = Math.floor(rest / AMPERSAND_RENDERED);
  // What five does not divide is made up with more letters.
  const filler = Array.from({ length: rest % AMPERSAND_RENDERED }, (_, index) => WIDE_LETTERS[index % WIDE_LETTERS.length]).join('');
  const markdown = `${letters}${'&'.repeat(ampersands)}${filler}`;
  return [...markdown].length <= maxLength ? markdown : undefined;
}

/** The limits the field's description states: the deepest nesting and the longest HTML, where stated. */
function statedLimits(field: InputField): { depth?: number; html?: { characters: number; written: string }; maxLength: number } | undefined {
  if (field.in !== 'body' || !field.types.includes('string')) return undefined;
  const description = descriptionOf(field);
  const depth = DEPTH_STATEMENT.exec(description);
  const html = HTML_STATEMENT.exec(description);
  return {
    ...(depth ? { depth: Number(depth[1]) } : {}),
    ...(html ? { html: { characters: Number(html[1]!.replace(/,/g, '')), written: html[1]! } } : {}),
    maxLength: typeof field.constrained.maxLength === 'number' ? field.constrained.maxLength : Number.POSITIVE_INFINITY,
  };
}

/** The Markdown at exactly each limit the field's description states, for a body field that takes Markdown. */
export function markdownBoundaries(field: InputField): MarkdownBoundary[] {
  const limits = statedLimits(field);
  if (!limits) return [];
  const boundaries: MarkdownBoundary[] = [];
  if (limits.depth !== undefined) {
    boundaries.push({ what: `nested exactly ${limits.depth} levels deep (block quotes, bullet lists, ordered lists, and the two in turn), the deepest allowed`, markdown: nestedMarkdown(limits.depth) });
  }
  const markdown = limits.html && markdownRenderingTo(limits.html.characters, limits.maxLength);
  if (limits.html && markdown !== undefined) {
    boundaries.push({
      what: `rendering to exactly ${limits.html.written} characters of HTML, the most allowed, with letters of 2, 3 and 4 bytes (one outside the BMP): more bytes and UTF-16 units than that`,
      markdown,
    });
  }
  return boundaries;
}

/**
 * The Markdown one past each limit the field's description states ("deeper Markdown, Markdown that
 * would render to more ... is a `422`", rule markdown.limits): nested one level deeper, each kind of
 * nesting in a block of its own as at the bound (so a count off by one in any of them lets the document
 * through), and rendering to one character more, of the same letters and `&` as at the bound (so a
 * server that counts characters right but compares with `>=`, or adds one, lets it through).
 */
export function markdownPastLimits(field: InputField): MarkdownBoundary[] {
  const limits = statedLimits(field);
  if (!limits) return [];
  const past: MarkdownBoundary[] = [];
  if (limits.depth !== undefined) {
    past.push({ what: `nested ${limits.depth + 1} levels deep (block quotes, bullet lists, ordered lists, and the two in turn), one past the deepest allowed`, markdown: nestedMarkdown(limits.depth + 1) });
  }
  const markdown = limits.html && markdownRenderingTo(limits.html.characters + 1, limits.maxLength);
  if (limits.html && markdown !== undefined) {
    past.push({ what: `rendering to ${(limits.html.characters + 1).toLocaleString('en')} characters of HTML, one past the most allowed`, markdown });
  }
  return past;
}
