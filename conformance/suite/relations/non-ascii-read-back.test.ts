/**
 * resources.update-kept and resources.answer-as-stored for text beyond ASCII, through every read: for
 * every get of a resource the suite can make (see update-subjects.ts), the fields stored as sent that
 * take free text (no format, no enum) are written with text of Latin letters with accents, Greek, CJK
 * and a character outside the Basic Multilingual Plane, and the get, then the list, show each as
 * written and as the update answered. The other read tests mostly read ASCII names back; a read that
 * encodes its answer otherwise than the write (JSON in Latin-1, a column read in another encoding)
 * turns only such text into other characters. The tests sit under the get, so a run of the get alone
 * reads it.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { differences, listedItem, listOf, readResource, UPDATES, updateResource, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

/** Text of several scripts and planes: two-byte, three-byte and four-byte UTF-8 sequences. */
const BEYOND_ASCII = 'Café Ünïcødé — Ελληνικά 東京 🙂';

/** The longest value written: the suite's unique name (under 60 characters), a space and the text. */
const LONGEST = 60 + 1 + [...BEYOND_ASCII].length;

/** Whether the update's body takes free text in the field: a string without format or enum, long enough, whose pattern takes the text. */
function takesFreeText(updateId: string, field: string): boolean {
  const body = jsonMedia(contract.operation(updateId));
  if (!body) return false;
  const property = contract.resolve(body.schema, body.schemaPointer).node.properties?.[field];
  if (!property) return false;
  const resolved = contract.resolve(property, '').node;
  const branches: Record<string, unknown>[] = (resolved.anyOf ?? resolved.oneOf ?? [resolved]).map((branch: unknown) => contract.resolve(branch, '').node);
  const text = branches.find((branch) => branch.type === 'string' || (Array.isArray(branch.type) && branch.type.includes('string')));
  if (!text || text.format !== undefined || text.enum !== undefined) return false;
  if (typeof text.maxLength === 'number' && text.maxLength < LONGEST) return false;
  return typeof text.pattern !== 'string' || new RegExp(text.pattern, 'u').test(BEYOND_ASCII);
}

for (const [updateId, subject] of Object.entries(UPDATES)) {
  const list = listOf(contract, subject.readerId);
  const fields = subject.fields.filter((field) => takesFreeText(updateId, field));
  if (fields.length === 0) continue;
  forOperation(subject.readerId, (test) => {
    test(`reads back ${fields.join(', ')} beyond ASCII (accents, Greek, CJK, an emoji) as written${list ? ', and so does the list' : ''}`, { check: 'crud_agreement', rules: ['resources.update-kept', 'resources.answer-as-stored'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const ids = await subject.make(new Resources(t), t);
      const { id, ...parentIds } = ids;
      // Each value unique to the test first (names are unique in a workspace), the text beyond ASCII after it.
      const written: Json = Object.fromEntries(fields.map((field) => [field, `${t.names.name(field)} ${BEYOND_ASCII}`]));
      const answered = await updateResource(t, updateId, ids, written);
      const asAnswered = differences(written, answered, fields);
      t.verify(asAnswered.length === 0, `${updateId} answered other text than it was sent: ${asAnswered.join('; ')}`);
      const read = await readResource(t, subject.readerId, ids);
      // A body that does not parse (bytes that are not UTF-8 turned into other JSON) is text not read back.
      t.ensure(read !== undefined, `${subject.readerId} after ${updateId} answered a body that is not JSON: the text was not read back as written`);
      const asRead = differences(written, read, fields);
      t.verify(asRead.length === 0, `${subject.readerId} after ${updateId} shows other text than was written: ${asRead.join('; ')}`);
      if (!list) return;
      const item = await listedItem(t, list.operation, parentIds, id!);
      t.ensure(item !== undefined, `${list.operation.operationId} does not list ${id} after ${updateId}`);
      const asListed = differences(written, item, fields.filter((field) => list.fields.includes(field)));
      t.verify(asListed.length === 0, `${list.operation.operationId} after ${updateId} shows other text than was written: ${asListed.join('; ')}`);
    });
  });
}
