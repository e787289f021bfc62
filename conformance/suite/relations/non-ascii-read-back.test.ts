/**
 * resources.update-kept and resources.answer-as-stored for text beyond ASCII, text that other formats
 * escape and text that Unicode normalisation would change, through every read: the fields stored as
 * sent that take free text (no format, no enum; not the Markdown content, which is rendered), and the
 * HTML content where a body takes it beside Markdown (stored as sent, requests.html-over-markdown), are
 * written with text of Latin letters with accents, Greek, CJK, a character outside the
 * Basic Multilingual Plane, the characters HTML, SQL, JSON and URLs escape (`&`, `<`, `>`, `"`, `'`, a
 * backslash, `%20`), compatibility characters (a ligature, full-width and half-width letters, a circled
 * digit, a superscript), canonically equivalent forms (a letter and its combining accent as well as
 * the precomposed letter, marks out of canonical order, the Ångström sign, conjoining Hangul jamo),
 * characters at the edges of the allowed set (C1 controls, a no-break space, the line and paragraph
 * separators, U+FEFF, noncharacters, astral characters: EDGE_TEXT), and,
 * where the field takes them, lines ended by CR LF, CR and LF and a tab; the answer, the get and the
 * list show each as written. The other read tests mostly read ASCII names back; a read that encodes
 * its answer otherwise than the write (JSON in Latin-1, a column read in another encoding), a write
 * that escapes for an output it imagines (`&` stored as `&amp;`, `%20` decoded), or a read or write
 * that passes text through NFC or NFKC (the names' comparison key, meant for comparing alone: the
 * contract compares names "by Unicode full case folding after NFKC normalisation" and stores them as
 * sent) turns only such text into other characters.
 *
 * Every create whose resource the contract reads at `<path>/{id}` is written so, every update of
 * update-subjects.ts, and the shared author through its update, under the author's lock and restored
 * after (only on a target whose author the suite may change: --fixtures author_id, or
 * --disposable-target). Each test is declared under every operation it reads through (the write, the
 * get and the list), so that a run of any one of them alone shows a fault of that one.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation, type RegisterTest } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor } from '../requests.ts';
import { Resources } from '../resources.ts';
import { AUTHOR_NOT_WRITABLE, holdingAuthor } from '../shared-author.ts';
import { filledCreateBody } from './filled-create.ts';
import { SANITISER_HOSTILE_HTML } from './sanitiser-hostile-html.ts';
import { differences, listedItem, listOf, readResource, UPDATES, updateResource, type Json } from './update-subjects.ts';

const { contract, validator } = suiteContext();

/**
 * Text that NFKC changes (compatibility characters: the ligature `ﬁ`, full-width `Ｆｕｌｌ`, the circled
 * digit `①`, a superscript `²`, a half-width katakana `ｶ`) and text that NFC or NFD changes too (`e`
 * and a combining acute after the precomposed `é` of WRITTEN_TEXT, `q` with its dot above written
 * before its dot below, the Ångström sign U+212B, conjoining jamo that NFC composes into `가`). Each is
 * written as the code points it is, so that no editor or tool on the way normalises the suite's own text.
 */
const NORMALISABLE_TEXT = '\uFB01ne \uFF26\uFF55\uFF4C\uFF4C \u2460 x\u00B2 \uFF76 Cafe\u0301 q\u0307\u0323 \u212B \u1100\u1161';

/**
 * Characters at the edges of what the text patterns allow, which a server's own idea of "control" or
 * "space" characters refuses, strips or rewrites: the C1 controls U+0080, NEL U+0085 and U+009F (the
 * introduction's Requests: "a string with one of U+0000 to U+001F or U+007F is a 422", no other; a
 * check of `\p{Cc}` refuses them), a no-break space U+00A0, the line and paragraph separators U+2028
 * and U+2029 (which JavaScript's `trim` and some JSON writers treat as space or line ends), a zero-width
 * no-break space U+FEFF (a byte order mark in mid-text), the noncharacters U+FDD0 and U+FFFE, and an
 * astral character beyond the emoji (U+1D11E, U+10FFFD): each is a Unicode scalar value, valid in UTF-8
 * and in a JSON string, and none matches the patterns' excluded ranges. Written inside the text, never at
 * its ends, so that only a server that rewrites them (not one that trims white space) differs.
 */
const EDGE_TEXT = 'C1\u0080\u0085\u009F nb\u00A0sp line\u2028para\u2029bom\uFEFFnon\uFDD0\uFFFE astral\u{1D11E}\u{10FFFD}.';

/**
 * Text of several scripts and planes (two-, three- and four-byte UTF-8 sequences), the characters
 * HTML, SQL, JSON and URLs escape, the forms normalisation changes and the characters at the edges of the
 * allowed set: none of them is anything but itself in a JSON string.
 */
const WRITTEN_TEXT = `Café Ünïcødé — Ελληνικά 東京 🙂 R&D <b>"it's"</b> C:\\dir %20 ${NORMALISABLE_TEXT} ${EDGE_TEXT}`;

/**
 * A message's text with each character normalisation would change, each combining mark and each
 * conjoining jamo shown as its code point: `fine` and `\u{FB01}ne`, `é` and `e\u{301}` look alike.
 */
const showForms = (text: string): string =>
  text.replace(/./gsu, (character) =>
    /\p{M}|[\u1100-\u11FF]|\p{Cc}|\p{Cf}|\p{Zl}|\p{Zp}|\p{Co}|\p{Cn}/u.test(character) || character.normalize('NFKC') !== character ? `\\u{${character.codePointAt(0)!.toString(16).toUpperCase()}}` : character,
  );

/**
 * Lines ended every way text arrives (CR LF from a browser's form, a lone CR, LF) and a tab, after the
 * text, for a field whose pattern takes them (descriptions; not names): a write that makes line ends
 * alike stores other text than was sent.
 */
const LINES = '\r\nsecond line\rthird line\nfourth\tline';

/** The longest value written: the suite's unique name (under 60 characters), a space, the text and its lines. */
const LONGEST = 60 + 1 + [...WRITTEN_TEXT].length + LINES.length;

/** Markdown content: rendered (markdown.commonmark), never read back as sent. */
const MARKUP_FIELDS = ['content_md'];

/**
 * HTML content, where a body takes it beside Markdown: "a `content_html` given as text ... is stored as
 * sent" (requests.html-over-markdown), so it is read back as written like any free text, its line ends
 * (CR LF, CR) included, and with HTML a sanitiser, a parser and serialiser or a normaliser would change
 * after the text (sanitiser-hostile-html.ts: scripts, styles, frames, event attributes, `javascript:`
 * URLs, comments, a doctype, CDATA, unclosed, misnested and upper-case tags, unquoted attributes,
 * character references, SVG, MathML, runs of white space); an HTML field whose body takes no Markdown
 * has rules of its own.
 */
const HTML_BESIDE_MARKDOWN = { html: 'content_html', markdown: 'content_md' };

/** The fields of the operation's JSON body. */
const bodyFieldsOf = (operationId: string): string[] => {
  const body = jsonMedia(contract.operation(operationId));
  return body ? Object.keys(contract.resolve(body.schema, body.schemaPointer).node.properties ?? {}) : [];
};

/** The HTML field the operation stores as sent, when its body takes it beside Markdown. */
const htmlStoredAsSent = (operationId: string): string[] => {
  const fields = bodyFieldsOf(operationId);
  return fields.includes(HTML_BESIDE_MARKDOWN.html) && fields.includes(HTML_BESIDE_MARKDOWN.markdown) ? [HTML_BESIDE_MARKDOWN.html] : [];
};

/** The rules a test judges: those of free text, and requests.html-over-markdown where HTML is among the fields. */
const rulesFor = (fields: readonly string[]): string[] => (fields.includes(HTML_BESIDE_MARKDOWN.html) ? [...RULES, 'requests.html-over-markdown'] : RULES);

/** The author's text fields an update stores as sent (`formatted_name` follows the names). */
const AUTHOR_TEXT_FIELDS = ['first_name', 'last_name', 'position', 'short_description', 'long_description'];

// requests.valid-input-accepted: every character of the text is one the fields' patterns allow, those
// at the edges of the allowed set (EDGE_TEXT) included.
const RULES = ['resources.update-kept', 'resources.answer-as-stored', 'requests.valid-input-accepted'];

/** Whether the operation's body takes free text in the field: a string without format or enum, long enough, whose pattern takes the text. */
function takesFreeText(operationId: string, field: string): boolean {
  if (MARKUP_FIELDS.includes(field)) return false;
  const body = jsonMedia(contract.operation(operationId));
  if (!body) return false;
  const property = contract.resolve(body.schema, body.schemaPointer).node.properties?.[field];
  if (!property) return false;
  const resolved = contract.resolve(property, '').node;
  const branches: Record<string, unknown>[] = (resolved.anyOf ?? resolved.oneOf ?? [resolved]).map((branch: unknown) => contract.resolve(branch, '').node);
  const text = branches.find((branch) => branch.type === 'string' || (Array.isArray(branch.type) && branch.type.includes('string')));
  if (!text || text.format !== undefined || text.enum !== undefined || text.writeOnly === true) return false;
  if (typeof text.maxLength === 'number' && text.maxLength < LONGEST) return false;
  return typeof text.pattern !== 'string' || new RegExp(text.pattern, 'u').test(WRITTEN_TEXT);
}

/** Whether the field's own schema takes the text with its lines (a pattern that allows CR, LF and tab). */
function takesLines(operationId: string, field: string): boolean {
  const body = jsonMedia(contract.operation(operationId))!;
  const { pointer } = contract.resolve(body.schema, body.schemaPointer);
  return validator.schemaErrors(`${pointer}/properties/${field}`, `${WRITTEN_TEXT}${LINES}`) === undefined;
}

/** The HTML written after the text and its lines: sanitiser-hostile HTML in the HTML stored as sent, nothing elsewhere. */
const markupAfter = (field: string): string => (field === HTML_BESIDE_MARKDOWN.html ? SANITISER_HOSTILE_HTML : '');

/**
 * Each field a value unique to the test (names are unique in a workspace) followed by the text, its
 * lines where the field takes them, and sanitiser-hostile HTML in the HTML content.
 */
function writtenValues(t: Kit, operationId: string, fields: readonly string[]): Json {
  return Object.fromEntries(fields.map((field) => [field, `${t.names.name(field)} ${WRITTEN_TEXT}${takesLines(operationId, field) ? LINES : ''}${markupAfter(field)}`]));
}

/** The resource's get, then its list, show every field of `written` as written. */
async function readsBack(t: Kit, readerId: string, ids: Record<string, number>, written: Json, after: string): Promise<void> {
  const fields = Object.keys(written);
  const read = await readResource(t, readerId, ids);
  // A body that does not parse (bytes that are not UTF-8 turned into other JSON) is text not read back.
  t.ensure(read !== undefined, `${readerId} after ${after} answered a body that is not JSON: the text was not read back as written`);
  const asRead = differences(written, read, fields);
  t.verify(asRead.length === 0, `${readerId} after ${after} shows other text than was written: ${showForms(asRead.join('; '))}`);
  const list = listOf(contract, readerId);
  if (!list) return;
  const { id, ...parentIds } = ids;
  // A list that shows only active items unless asked (listAuthors) is asked under the item's own state:
  // another file's test, or the model phase, may have left the shared author inactive.
  const takesActive = list.operation.parameters.some((parameter) => parameter.in === 'query' && parameter.name === 'active');
  const query: Record<string, string> = takesActive && typeof read!.active === 'boolean' ? { active: String(read!.active) } : {};
  const item = await listedItem(t, list.operation, parentIds, id!, query);
  t.ensure(item !== undefined, `${list.operation.operationId} does not list ${id} after ${after}`);
  const asListed = differences(written, item, fields.filter((field) => list.fields.includes(field)));
  t.verify(asListed.length === 0, `${list.operation.operationId} after ${after} shows other text than was written: ${showForms(asListed.join('; '))}`);
}

/** Updates the fields to the text; the answer, the get and the list show it as written. */
async function updatesAndReadsBack(t: Kit, updateId: string, readerId: string, ids: Record<string, number>, fields: readonly string[]): Promise<void> {
  const written = writtenValues(t, updateId, fields);
  const answered = await updateResource(t, updateId, ids, written);
  const asAnswered = differences(written, answered, fields);
  t.verify(asAnswered.length === 0, `${updateId} answered other text than it was sent: ${showForms(asAnswered.join('; '))}`);
  await readsBack(t, readerId, ids, written, updateId);
}

/** What the title adds where the HTML content is among the fields: the HTML written after its text. */
const htmlWords = (fields: readonly string[]): string => (fields.includes(HTML_BESIDE_MARKDOWN.html) ? `, ${HTML_BESIDE_MARKDOWN.html} with scripts, styles, frames, on* attributes, comments, CDATA and markup a sanitiser or parser would change` : '');

const title = (fields: readonly string[], reads: string) =>
  `reads back ${fields.join(', ')} beyond ASCII (accents, Greek, CJK, an emoji), in forms NFC and NFKC change, with C1 controls, U+00A0, U+2028, U+FEFF and noncharacters, the characters formats escape (& < > " ' \\ %20) and every line end${htmlWords(fields)}, as written${reads}`;

/**
 * Declares a test under each of these operations once (the write, the get, the list): a run of any one
 * of them alone reads the text through it, so a fault of a get or a list alone shows in its own run.
 */
function underEach(operationIds: readonly (string | undefined)[], declare: (test: RegisterTest) => void): void {
  for (const operationId of new Set(operationIds.filter((id): id is string => id !== undefined))) forOperation(operationId, declare);
}

for (const [updateId, subject] of Object.entries(UPDATES)) {
  const fields = [...subject.fields, ...htmlStoredAsSent(updateId)].filter((field) => takesFreeText(updateId, field));
  if (fields.length === 0) continue;
  underEach([updateId, subject.readerId], (test) => {
    test(title(fields, listOf(contract, subject.readerId) ? ', and so does the list' : ''), { check: 'crud_agreement', rules: rulesFor(fields), needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const ids = await subject.make(new Resources(t), t);
      await updatesAndReadsBack(t, updateId, subject.readerId, ids, fields);
    });
  });
}

const readerOf = (create: OperationInfo) => contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === `${create.path}/{id}`);

for (const create of contract.operations.filter((candidate) => candidate.method === 'POST')) {
  const reader = readerOf(create);
  // The fields stored as sent are those the update subjects name for the same read.
  const stored = Object.values(UPDATES).find((subject) => subject.readerId === reader?.operationId)?.fields ?? [];
  const fields = [...stored, ...htmlStoredAsSent(create.operationId)].filter((field) => takesFreeText(create.operationId, field));
  if (!reader || fields.length === 0) continue;
  underEach([create.operationId, listOf(contract, reader.operationId)?.operation.operationId], (test) => {
    test(`${title(fields, '')}, in the create's answer, the get${listOf(contract, reader.operationId) ? ' and the list' : ''}`, { check: 'crud_agreement', rules: [...rulesFor(fields), 'resources.readable-after-create'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const parentIds = await pathIdsFor(t, create);
      const written = writtenValues(t, create.operationId, fields);
      const body = filledCreateBody(t, create.operationId, written, { author_id: new Resources(t).authorId() });
      const { status, json, exchange } = await t.call(create, { ids: parentIds, body });
      t.ensure(status === 201, `${create.operationId} with ${fields.join(', ')} of text beyond ASCII and with escaped characters answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
      const answered = json as Json & { id: number };
      const asAnswered = differences(written, answered, fields);
      t.verify(asAnswered.length === 0, `${create.operationId} answered other text than it was sent: ${showForms(asAnswered.join('; '))}`);
      await readsBack(t, reader.operationId, { ...parentIds, id: answered.id }, written, create.operationId);
    });
  });
}

const authorFields = AUTHOR_TEXT_FIELDS.filter((field) => takesFreeText('updateAuthor', field));
if (authorFields.length > 0) {
  underEach(['updateAuthor', 'getAuthor', listOf(contract, 'getAuthor')?.operation.operationId], (test) => {
    test(title(authorFields, listOf(contract, 'getAuthor') ? ', and so does the list' : ''), { check: 'crud_agreement', rules: RULES, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const id = new Resources(t).sharedAuthorId();
      if (!t.fixtures.authorWritable) t.notApplicable(AUTHOR_NOT_WRITABLE);
      await holdingAuthor(t, id, async () => {
        const original = await readResource(t, 'getAuthor', { id });
        try {
          await updatesAndReadsBack(t, 'updateAuthor', 'getAuthor', { id }, authorFields);
        } finally {
          await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: Object.fromEntries(authorFields.map((field) => [field, original[field]])) as never });
        }
      });
    });
  });
}
