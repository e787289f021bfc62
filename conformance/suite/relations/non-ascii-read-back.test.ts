/**
 * resources.update-kept and resources.answer-as-stored for text beyond ASCII and text that other formats
 * escape, through every read: the fields stored as sent that take free text (no format, no enum; not
 * the HTML and Markdown content, which have rules of their own) are written with text of Latin letters
 * with accents, Greek, CJK, a character outside the Basic Multilingual Plane, and the characters HTML,
 * SQL, JSON and URLs escape (`&`, `<`, `>`, `"`, `'`, a backslash, `%20`), and, where the field takes
 * them, lines ended by CR LF, CR and LF and a tab; the answer, the get and the list show each as written. The other read tests mostly read ASCII names back; a read that encodes
 * its answer otherwise than the write (JSON in Latin-1, a column read in another encoding) or a write
 * that escapes for an output it imagines (`&` stored as `&amp;`, `%20` decoded) turns only such text
 * into other characters.
 *
 * Every create whose resource the contract reads at `<path>/{id}` is written so (under the create),
 * every update of update-subjects.ts (under the get, so a run of the get alone reads it), and the
 * shared author through its update, under the author's lock and restored after (only on a target whose
 * author the suite may change: --fixtures author_id, or --disposable-target).
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor } from '../requests.ts';
import { Resources } from '../resources.ts';
import { AUTHOR_NOT_WRITABLE, holdingAuthor } from '../shared-author.ts';
import { filledCreateBody } from './filled-create.ts';
import { differences, listedItem, listOf, readResource, UPDATES, updateResource, type Json } from './update-subjects.ts';

const { contract, validator } = suiteContext();

/**
 * Text of several scripts and planes (two-, three- and four-byte UTF-8 sequences) and the characters
 * HTML, SQL, JSON and URLs escape: none of them is anything but itself in a JSON string.
 */
const WRITTEN_TEXT = `Café Ünïcødé — Ελληνικά 東京 🙂 R&D <b>"it's"</b> C:\\dir %20`;

/**
 * Lines ended every way text arrives (CR LF from a browser's form, a lone CR, LF) and a tab, after the
 * text, for a field whose pattern takes them (descriptions; not names): a write that makes line ends
 * alike stores other text than was sent.
 */
const LINES = '\r\nsecond line\rthird line\nfourth\tline';

/** The longest value written: the suite's unique name (under 60 characters), a space, the text and its lines. */
const LONGEST = 60 + 1 + [...WRITTEN_TEXT].length + LINES.length;

/** HTML and Markdown content: kept by rules of their own (rendering, a content type), not as plain text. */
const MARKUP_FIELDS = ['content_html', 'content_md'];

/** The author's text fields an update stores as sent (`formatted_name` follows the names). */
const AUTHOR_TEXT_FIELDS = ['first_name', 'last_name', 'position', 'short_description', 'long_description'];

const RULES = ['resources.update-kept', 'resources.answer-as-stored'];

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

/** Each field a value unique to the test (names are unique in a workspace) followed by the text, and its lines where the field takes them. */
function writtenValues(t: Kit, operationId: string, fields: readonly string[]): Json {
  return Object.fromEntries(fields.map((field) => [field, `${t.names.name(field)} ${WRITTEN_TEXT}${takesLines(operationId, field) ? LINES : ''}`]));
}

/** The resource's get, then its list, show every field of `written` as written. */
async function readsBack(t: Kit, readerId: string, ids: Record<string, number>, written: Json, after: string): Promise<void> {
  const fields = Object.keys(written);
  const read = await readResource(t, readerId, ids);
  // A body that does not parse (bytes that are not UTF-8 turned into other JSON) is text not read back.
  t.ensure(read !== undefined, `${readerId} after ${after} answered a body that is not JSON: the text was not read back as written`);
  const asRead = differences(written, read, fields);
  t.verify(asRead.length === 0, `${readerId} after ${after} shows other text than was written: ${asRead.join('; ')}`);
  const list = listOf(contract, readerId);
  if (!list) return;
  const { id, ...parentIds } = ids;
  const item = await listedItem(t, list.operation, parentIds, id!);
  t.ensure(item !== undefined, `${list.operation.operationId} does not list ${id} after ${after}`);
  const asListed = differences(written, item, fields.filter((field) => list.fields.includes(field)));
  t.verify(asListed.length === 0, `${list.operation.operationId} after ${after} shows other text than was written: ${asListed.join('; ')}`);
}

/** Updates the fields to the text; the answer, the get and the list show it as written. */
async function updatesAndReadsBack(t: Kit, updateId: string, readerId: string, ids: Record<string, number>, fields: readonly string[]): Promise<void> {
  const written = writtenValues(t, updateId, fields);
  const answered = await updateResource(t, updateId, ids, written);
  const asAnswered = differences(written, answered, fields);
  t.verify(asAnswered.length === 0, `${updateId} answered other text than it was sent: ${asAnswered.join('; ')}`);
  await readsBack(t, readerId, ids, written, updateId);
}

const title = (fields: readonly string[], reads: string) =>
  `reads back ${fields.join(', ')} beyond ASCII (accents, Greek, CJK, an emoji), with the characters formats escape (& < > " ' \\ %20) and every line end, as written${reads}`;

for (const [updateId, subject] of Object.entries(UPDATES)) {
  const fields = subject.fields.filter((field) => takesFreeText(updateId, field));
  if (fields.length === 0) continue;
  forOperation(subject.readerId, (test) => {
    test(title(fields, listOf(contract, subject.readerId) ? ', and so does the list' : ''), { check: 'crud_agreement', rules: RULES, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
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
  const fields = stored.filter((field) => takesFreeText(create.operationId, field));
  if (!reader || fields.length === 0) continue;
  forOperation(create.operationId, (test) => {
    test(`${title(fields, '')}, in the create's answer, the get${listOf(contract, reader.operationId) ? ' and the list' : ''}`, { check: 'crud_agreement', rules: [...RULES, 'resources.readable-after-create'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const parentIds = await pathIdsFor(t, create);
      const written = writtenValues(t, create.operationId, fields);
      const body = filledCreateBody(t, create.operationId, written, { author_id: new Resources(t).authorId() });
      const { status, json, exchange } = await t.call(create, { ids: parentIds, body });
      t.ensure(status === 201, `${create.operationId} with ${fields.join(', ')} of text beyond ASCII and with escaped characters answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
      const answered = json as Json & { id: number };
      const asAnswered = differences(written, answered, fields);
      t.verify(asAnswered.length === 0, `${create.operationId} answered other text than it was sent: ${asAnswered.join('; ')}`);
      await readsBack(t, reader.operationId, { ...parentIds, id: answered.id }, written, create.operationId);
    });
  });
}

const authorFields = AUTHOR_TEXT_FIELDS.filter((field) => takesFreeText('updateAuthor', field));
if (authorFields.length > 0) {
  forOperation('updateAuthor', (test) => {
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
