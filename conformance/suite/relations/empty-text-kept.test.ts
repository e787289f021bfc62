/**
 * resources.update-kept and requests.valid-input-accepted at the shortest text: where an update's
 * schema takes an empty string for a text field stored as sent (no `minLength`, a pattern that the empty
 * text matches, no format), an update to `""` answers and stores `""`. An empty text is a value, not
 * the absence of one: a server that turns it into `null` (a blank-means-nothing helper) passes every
 * test that writes text with letters in it, and a client reading the field back sees it cleared. Every
 * other field reads as before, in the answer and the read (resources.patch-named-fields-only).
 *
 * Over the update operations of the resources the suite makes (update-subjects.ts) and the author's,
 * which only a target it may change gives (--fixtures author_id, or --disposable-target), and over every
 * create of those resources, all such fields `""` in one body.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor, validBody } from '../requests.ts';
import { Resources } from '../resources.ts';
import { AUTHOR_NOT_WRITABLE, holdingAuthor } from '../shared-author.ts';
import { freedBy } from './changed-values.ts';
import { emptyTextsOfCreate, readerOf, takingEmptyText } from './empty-text-fields.ts';
import { differences, listedItem, listOf, readResource, updateResource, UPDATES, verifyOthersKept, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

const RULES = ['resources.update-kept', 'requests.valid-input-accepted'];

/** The author's text fields an update stores as sent (`formatted_name` follows the names). */
const AUTHOR_TEXT_FIELDS = ['first_name', 'last_name', 'position', 'short_description', 'long_description'];

/** Each field set to "" alone: the answer and a read show "". The fields' values before are the caller's to restore. */
async function emptiesEach(t: Kit, write: { operationId: string; readerId: string; ids: Record<string, number> }, fields: string[]): Promise<void> {
  let before = await readResource(t, write.readerId, write.ids);
  for (const field of fields) {
    const answer = await updateResource(t, write.operationId, write.ids, { [field]: '' });
    const expected: Json = { [field]: '' };
    const inAnswer = differences(expected, answer, [field]);
    t.verify(inAnswer.length === 0, `an update of ${field} to "" answered ${inAnswer.join('; ')}: the schema takes empty text, which is a value, not null`, { rules: RULES });
    const stored = await readResource(t, write.readerId, write.ids);
    const inRead = differences(expected, stored, [field]);
    t.verify(inRead.length === 0, `after an update of ${field} to "", ${write.readerId} shows ${inRead.join('; ')}`, { rules: RULES });
    // The answer is the resource as stored, what derives from the emptied field included (a name joined without it).
    const disagree = differences(stored, answer, new Set([...Object.keys(stored), ...Object.keys(answer)]));
    t.verify(disagree.length === 0, `an update of ${field} to "" answered what ${write.readerId} does not read back (read first, answer second): ${disagree.join('; ')}`, { rules: ['resources.answer-as-stored'] });
    // The empty text changes no field but the one it names (and what derives from it).
    verifyOthersKept(t, `an update of ${field} to "" alone`, before, [[answer, 'answered'], [stored, `then ${write.readerId} showed`]], freedBy([field]), ['resources.patch-named-fields-only']);
    before = stored;
  }
}

for (const [operationId, subject] of Object.entries(UPDATES)) {
  const fields = takingEmptyText(operationId, subject.fields);
  if (fields.length === 0) continue;
  forOperation(operationId, (test) => {
    test(`keeps empty text: ${fields.join(', ')} updated to "" read back as "", not null, every other field kept`, { check: 'crud_agreement', rules: [...RULES, 'resources.patch-named-fields-only'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      const ids = await subject.make(new Resources(t), t);
      await emptiesEach(t, { operationId, readerId: subject.readerId, ids }, fields);
    });
  });
}

/**
 * The same on create (requests.valid-input-accepted: "every input that its schemas allow"): every create
 * whose resource the contract reads at `<path>/{id}` is sent `""` for each field stored as sent (those the
 * update subjects name for the same read) that its schema lets be empty, all in one body beside the
 * required fields, and the answer, the get and the list show `""`. A create that takes `""` as "none"
 * (`input.preview || null`) stores null where the client gave a value. One create, then a get and a
 * list at once.
 */
for (const create of contract.operations.filter((candidate) => candidate.method === 'POST')) {
  const reader = readerOf(create.operationId);
  const fields = emptyTextsOfCreate(create.operationId);
  if (!reader || fields.length === 0) continue;
  forOperation(create.operationId, (test) => {
    test(`keeps empty text: ${fields.join(', ')} created as "" read back as "", not null, in the answer, the get and the list`, { check: 'crud_agreement', rules: [...RULES, 'resources.readable-after-create'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      const parentIds = await pathIdsFor(t, create);
      const empty: Json = Object.fromEntries(fields.map((field) => [field, '']));
      const body = { ...validBody(t, create, 'minimal'), ...empty };
      const { status, json, exchange } = await t.call(create, { ids: parentIds, body });
      t.ensure(status === 201, `${create.operationId} with ${fields.join(', ')} "" answered ${status ?? 'nothing'}; expected 201: the schema takes empty text`, { evidence: exchange });
      const answer = json as Json & { id: number };
      const inAnswer = differences(empty, answer, fields);
      t.verify(inAnswer.length === 0, `${create.operationId} with ${fields.join(', ')} "" answered ${inAnswer.join('; ')}: the schema takes empty text, which is a value, not null`);
      const list = listOf(contract, reader.operationId);
      const [read, listed] = await Promise.all([readResource(t, reader.operationId, { ...parentIds, id: answer.id }), list ? listedItem(t, list.operation, parentIds, answer.id) : undefined]);
      const inRead = differences(empty, read, fields);
      t.verify(inRead.length === 0, `after ${create.operationId} with ${fields.join(', ')} "", ${reader.operationId} shows ${inRead.join('; ')}`);
      if (!list) return;
      t.ensure(listed !== undefined, `${list.operation.operationId} does not list ${answer.id} after ${create.operationId}`);
      const inList = differences(empty, listed, fields.filter((field) => list.fields.includes(field)));
      t.verify(inList.length === 0, `after ${create.operationId} with ${fields.join(', ')} "", ${list.operation.operationId} shows ${inList.join('; ')}`);
    });
  });
}

const authorFields = takingEmptyText('updateAuthor', AUTHOR_TEXT_FIELDS);
if (authorFields.length > 0) {
  forOperation('updateAuthor', (test) => {
    test(`keeps empty text: ${authorFields.join(', ')} updated to "" read back as "", not null, every other field kept`, { check: 'crud_agreement', rules: [...RULES, 'resources.patch-named-fields-only'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      const id = new Resources(t).sharedAuthorId();
      if (!t.fixtures.authorWritable) t.notApplicable(AUTHOR_NOT_WRITABLE);
      await holdingAuthor(t, id, async () => {
        const original = await readResource(t, 'getAuthor', { id });
        try {
          await emptiesEach(t, { operationId: 'updateAuthor', readerId: 'getAuthor', ids: { id } }, authorFields);
        } finally {
          await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: Object.fromEntries(authorFields.map((field) => [field, original[field]])) as never });
        }
      });
    });
  });
}
