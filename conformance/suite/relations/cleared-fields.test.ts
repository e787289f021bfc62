/**
 * resources.update-kept and resources.answer-as-stored for an update that clears: the update bodies
 * say "`null` clears an optional field", so each field an update's schema lets be `null` (and a read
 * shows: a write-only field is never answered), set to `null` after it held a value, answers `null`, a
 * read afterwards shows `null`, and the answer is the resource as the read shows it, every field,
 * those derived from the cleared one included (an author's `formatted_name` without a last name).
 *
 * A server that merges the body over the resource with "keep the old value when the new one is empty"
 * keeps the field; one that derives a field in the answer otherwise than in a read (a name joined with
 * an empty part) answers a value no read shows. Updates that set values never show either. And every
 * other field reads as before, in the answer and the read (requests.null-as-absent, "null clears the
 * field it names and changes no other", and resources.patch-named-fields-only): a server that takes two
 * fields for one (a `null` for one description clearing both) answers the named field right.
 *
 * Over the update operations of the resources the suite makes (update-subjects.ts, each made with
 * every optional field filled) and the author's, which only a target it may change gives (--fixtures
 * author_id, or --disposable-target): the shared author, under its lock, restored afterwards. A field
 * that holds no value yet is given one first (a text of the run, a URL, a colour or the schema's
 * example, whichever its schema takes); an id field without a reference to give it is left out.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import { constrainedBranch, typesOf } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { AUTHOR_NOT_WRITABLE, holdingAuthor } from '../shared-author.ts';
import { freedBy } from './changed-values.ts';
import { differences, readResource, updateResource, UPDATES, verifyOthersKept, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

const RULES = ['resources.update-kept', 'resources.answer-as-stored'];
/** A null changes no field but the one it names (and what derives from it). */
const NAMED_ONLY_RULES = ['requests.null-as-absent', 'resources.patch-named-fields-only'];

interface Clearable {
  field: string;
  /** The JSON pointer of the field's schema in the update's body, to try values against. */
  pointer: string;
  examples: unknown[];
  integer: boolean;
}

/** The fields of an update's body that take `null` and are not write-only, in the contract's order. */
function clearableFields(operationId: string): Clearable[] {
  const media = jsonMedia(contract.operation(operationId));
  if (!media) return [];
  const { node: schema, pointer } = contract.resolve(media.schema, media.schemaPointer);
  return Object.entries((schema?.properties ?? {}) as Record<string, object>).flatMap(([field, raw]) => {
    const facts = typesOf(contract, raw);
    const branch = constrainedBranch(contract, raw) as { writeOnly?: boolean; examples?: unknown[] };
    const writeOnly = branch?.writeOnly === true || (contract.resolve(raw, `${pointer}/properties/${field}`).node as { writeOnly?: boolean } | undefined)?.writeOnly === true;
    if (!facts.nullable || writeOnly) return [];
    return [{ field, pointer: `${pointer}/properties/${field}`, examples: branch?.examples ?? [], integer: facts.types.includes('integer') }];
  });
}

/** A value the field's schema takes, for a field that holds none yet; undefined for an id field (no reference to give). */
function valueFor(t: Kit, clearable: Clearable): unknown {
  if (clearable.integer) return undefined;
  const text = t.names.name(clearable.field);
  return [text, `https://example.com/${text}.png`, '#1E90FF', ...clearable.examples].find((candidate) => candidate !== null && t.context.validator.schemaErrors(clearable.pointer, candidate) === undefined);
}

/**
 * Each field set to null alone, after it held a value: the answer and a read show null, and agree on
 * every field, and every other field reads as before (requests.null-as-absent: "null clears the field
 * it names and changes no other"; resources.patch-named-fields-only). Every field is given a value
 * first, in one update, and each is set back after its null, so each null meets every other field
 * filled: a null that clears a sibling (one description clearing both) shows whichever is sent first.
 * Answers the fields' values before, for the caller to restore where it must.
 */
async function clearsEach(t: Kit, write: { operationId: string; readerId: string; ids: Record<string, number> }, fields: Clearable[]): Promise<Json> {
  const original = await readResource(t, write.readerId, write.ids);
  const fill = Object.fromEntries(fields.filter(({ field }) => original[field] === null).flatMap((clearable) => {
    const value = valueFor(t, clearable);
    return value === undefined ? [] : [[clearable.field, value]];
  }));
  if (Object.keys(fill).length > 0) await updateResource(t, write.operationId, write.ids, fill);
  let before = Object.keys(fill).length > 0 ? await readResource(t, write.readerId, write.ids) : original;
  for (const { field } of fields) {
    if (!(field in before)) continue;
    const held = before[field];
    if (held === null) continue; // update-kept's own tests judge a value that is not kept.
    const answer = await updateResource(t, write.operationId, write.ids, { [field]: null });
    t.verify(answer[field] === null, `an update of ${field} to null (it held ${JSON.stringify(held)}) answered ${field} ${JSON.stringify(answer[field])}; null clears an optional field`, { rules: RULES });
    const stored = await readResource(t, write.readerId, write.ids);
    t.verify(stored[field] === null, `after an update of ${field} to null (it held ${JSON.stringify(held)}), ${write.readerId} shows ${JSON.stringify(stored[field])}; null clears an optional field`, { rules: RULES });
    const disagree = differences(stored, answer, new Set([...Object.keys(stored), ...Object.keys(answer)]));
    t.verify(disagree.length === 0, `an update of ${field} to null answered what ${write.readerId} does not read back (read first, answer second): ${disagree.join('; ')}`, { rules: RULES });
    verifyOthersKept(t, `an update of ${field} to null alone`, before, [[answer, 'answered'], [stored, `then ${write.readerId} showed`]], freedBy([field]), NAMED_ONLY_RULES);
    // Set back, so that the next field's null meets this one filled too.
    before = await updateResource(t, write.operationId, write.ids, { [field]: held });
  }
  return original;
}

for (const [operationId, subject] of Object.entries(UPDATES)) {
  const fields = clearableFields(operationId);
  if (fields.length === 0) continue;
  forOperation(operationId, (test) => {
    test(`clears with null: ${fields.map(({ field }) => field).join(', ')} each set to null after holding a value, answered and read back as null, the answer as stored, every other field kept`, { check: 'crud_agreement', rules: [...RULES, ...NAMED_ONLY_RULES], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      const ids = await subject.make(new Resources(t), t);
      await clearsEach(t, { operationId, readerId: subject.readerId, ids }, fields);
    });
  });
}

const authorFields = clearableFields('updateAuthor');
if (authorFields.length > 0) {
  forOperation('updateAuthor', (test) => {
    test(`clears with null: ${authorFields.map(({ field }) => field).join(', ')} each set to null after holding a value, answered and read back as null, the answer as stored, every other field kept`, { check: 'crud_agreement', rules: [...RULES, ...NAMED_ONLY_RULES], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      const id = new Resources(t).sharedAuthorId();
      if (!t.fixtures.authorWritable) t.notApplicable(AUTHOR_NOT_WRITABLE);
      await holdingAuthor(t, id, async () => {
        let original: Json | undefined;
        try {
          original = await readResource(t, 'getAuthor', { id });
          await clearsEach(t, { operationId: 'updateAuthor', readerId: 'getAuthor', ids: { id } }, authorFields);
        } finally {
          if (original) {
            const restore = Object.fromEntries(authorFields.filter(({ field }) => field in original!).map(({ field }) => [field, original![field]]));
            await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: restore as never });
          }
        }
      });
    });
  });
}
