/**
 * resources.answer-as-stored and resources.update-kept for the fields the contract derives from others
 * (changed-values.ts: a `name_slug` follows the name, an author's `formatted_name` follows the first
 * and last names; author.update-kept: "`formatted_name` follows the names, and `getAuthor` agrees"),
 * when their sources are at their largest: every update that takes such a source is sent each of them
 * at its `maxLength` at once, and the answer, the get and the list show every field alike. The derived
 * field's own limit is the room for its sources (an Author's `formatted_name` has 511 characters, two
 * names of 255 and a space): an answer built with a source's limit (255) cuts it there, which names of
 * everyday length, as the other tests write, cannot show. An author's `formatted_name` is also judged
 * to hold both names whole.
 *
 * The sources are the text fields derived fields follow; Markdown, rendered to `content_html`, is judged
 * at its largest by the Markdown limits' tests. Slugs are cut to fit by rule (slugs.cut-to-fit, judged
 * in long-slugs.test.ts): here they need only agree through every read.
 *
 * Cost: per update subject, its resource, one update, then the get and the list at once; for the shared
 * author (only where the suite may change it) a read before and a restoring update after.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { longAsciiText } from '../long-texts.ts';
import { Resources } from '../resources.ts';
import { AUTHOR_NOT_WRITABLE, holdingAuthor } from '../shared-author.ts';
import { derivedFrom } from './changed-values.ts';
import { differences, listedItem, listOf, readResource, UPDATES, updateResource, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

const RULES = ['resources.answer-as-stored', 'resources.update-kept', 'requests.valid-input-accepted'];

/** Markdown is rendered, not followed as text: its largest is the Markdown limits' to judge. */
const RENDERED_SOURCES = ['content_md'];

/** A text of words, to check a source's pattern against. */
const WORDS = 'Long name filler words';

/** The update's text fields that others are derived from, each with its maxLength. */
function longestSources(updateId: string): { field: string; maxLength: number }[] {
  const media = jsonMedia(contract.operation(updateId));
  const schema = media && constrainedBranch(contract, media.schema);
  return Object.entries<unknown>(schema?.properties ?? {}).flatMap(([field, raw]) => {
    if (derivedFrom(field).length === 0 || RENDERED_SOURCES.includes(field)) return [];
    const property = constrainedBranch(contract, raw);
    const pattern = typeof property?.pattern === 'string' ? new RegExp(property.pattern, 'u') : undefined;
    const text = property?.format === undefined && property?.enum === undefined && (pattern === undefined || pattern.test(WORDS));
    return text && typeof property?.maxLength === 'number' ? [{ field, maxLength: property.maxLength as number }] : [];
  });
}

/** Each source at its longest, a text of the run's (names are unique in a workspace). */
const longestValues = (t: Kit, sources: readonly { field: string; maxLength: number }[]): Json =>
  Object.fromEntries(sources.map(({ field, maxLength }) => [field, longAsciiText(t, field, maxLength)]));

/** The fields of a read's answer. */
function readFields(readerId: string): string[] {
  const success = contract.operation(readerId).responses.find((response) => response.status === '200')?.content[0];
  return success ? Object.keys(contract.resolve(success.schema, success.schemaPointer).node?.properties ?? {}) : [];
}

/** The derived fields the sources give in the resource the read shows, for the test's title. */
const derivedOf = (sources: readonly { field: string }[], readerId: string): string[] =>
  [...new Set(sources.flatMap(({ field }) => derivedFrom(field)))].filter((field) => readFields(readerId).includes(field));

/** The update answered the sources as sent; the get and the list show every field as answered. */
async function verifyReadsAlike(t: Kit, updateId: string, readerId: string, ids: Record<string, number>, sent: Json, listQuery: Record<string, string> = {}): Promise<Json> {
  const what = `${updateId} with ${Object.keys(sent).join(', ')} at their longest`;
  const answer = await updateResource(t, updateId, ids, sent);
  const asSent = differences(sent, answer, Object.keys(sent));
  t.verify(asSent.length === 0, `${what} answered other values than it was sent: ${asSent.join('; ')}`);
  const list = listOf(contract, readerId);
  const { id, ...parentIds } = ids;
  const [read, listed] = await Promise.all([readResource(t, readerId, ids), list ? listedItem(t, list.operation, parentIds, id!, listQuery) : undefined]);
  const inRead = differences(read, answer, Object.keys(read));
  t.verify(inRead.length === 0, `after ${what}, its answer shows otherwise what ${readerId} shows (the answer expected as the read): ${inRead.join('; ')}`);
  if (!list) return read;
  t.ensure(listed !== undefined, `${list.operation.operationId} does not list ${id} after ${what}`);
  const inList = differences(read, listed, list.fields);
  t.verify(inList.length === 0, `after ${what}, ${list.operation.operationId} shows otherwise what ${readerId} shows: ${inList.join('; ')}`);
  return read;
}

const title = (sources: readonly { field: string }[], readerId: string) => {
  const derived = derivedOf(sources, readerId);
  const reads = listOf(contract, readerId) ? 'the get and the list' : 'the get';
  return `reads every field alike in the answer, ${reads} after an update of ${sources.map(({ field }) => field).join(', ')} at their longest${derived.length > 0 ? `, ${derived.join(', ')} derived from them whole` : ''}`;
};

for (const [updateId, subject] of Object.entries(UPDATES)) {
  const sources = longestSources(updateId);
  if (sources.length === 0) continue;
  forOperation(updateId, (test) => {
    test(title(sources, subject.readerId), { check: 'crud_agreement', rules: RULES, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const ids = await subject.make(new Resources(t), t);
      await verifyReadsAlike(t, updateId, subject.readerId, ids, longestValues(t, sources));
    });
  });
}

// The shared author: its names at their longest, and formatted_name holding both (author.update-kept).
const authorSources = longestSources('updateAuthor');
if (authorSources.length > 0) {
  forOperation('updateAuthor', (test) => {
    test(`${title(authorSources, 'getAuthor')} and holding both names`, { check: 'crud_agreement', rules: [...RULES, 'author.update-kept'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const id = new Resources(t).sharedAuthorId();
      if (!t.fixtures.authorWritable) t.notApplicable(AUTHOR_NOT_WRITABLE);
      await holdingAuthor(t, id, async () => {
        const original = await readResource(t, 'getAuthor', { id });
        const sent = longestValues(t, authorSources);
        try {
          // Listed under the filter of its state: another file's test, or the model phase, may have left
          // the shared author inactive, which the default list leaves out.
          const read = await verifyReadsAlike(t, 'updateAuthor', 'getAuthor', { id }, sent, { active: String(original.active) });
          const formatted = String(read.formatted_name);
          const missing = ['first_name', 'last_name'].filter((field) => typeof sent[field] === 'string' && !formatted.includes(sent[field] as string));
          t.verify(missing.length === 0, `after updateAuthor with names of ${authorSources.map(({ field }) => `${field} ${String(sent[field]).length}`).join(' and ')} characters, getAuthor's formatted_name (${formatted.length} characters) does not hold ${missing.join(' and ')} whole: it follows the names`, { rules: ['author.update-kept'] });
        } finally {
          await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: Object.fromEntries(authorSources.map(({ field }) => [field, original[field]])) as never });
        }
      });
    });
  });
}
