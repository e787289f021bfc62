/**
 * A field is kept as given in every form its schema allows (resources.answer-as-stored,
 * resources.update-kept, and the schemas' "as given"): for each field stored as sent (update-subjects.ts)
 * whose schema allows several forms (several examples, or a pattern with alternatives: a colour's
 * `#RRGGBB` or `#RGB`, either case), a value of each form (see pattern-forms.ts) is sent, by the create
 * and by the update, and the answer, the get and the list show it unchanged. The other tests send one
 * value of such a field, mostly its example: a server that rewrites only the other forms (a short colour
 * written out to six digits, a case folded) passes them.
 *
 * The create's tests sit under the create, the update's under the update. The author has no such field.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { formsOf, hasForms } from '../../generate/pattern-forms.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor } from '../requests.ts';
import { Resources } from '../resources.ts';
import { filledCreateBody } from './filled-create.ts';
import { differences, listedItem, listOf, readResource, UPDATES, updateResource, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

const RULES = ['resources.answer-as-stored', 'resources.update-kept'];

/** Of `fields`, those of the operation's body whose string schema allows several forms, with the schema and its pointer. */
function fieldsWithForms(operationId: string, fields: readonly string[]): { field: string; schema: Record<string, unknown>; pointer: string }[] {
  const media = jsonMedia(contract.operation(operationId));
  if (!media) return [];
  const { node: body, pointer } = contract.resolve(media.schema, media.schemaPointer);
  return fields.flatMap((field) => {
    const raw = body?.properties?.[field];
    if (raw === undefined) return [];
    const schema = constrainedBranch(contract, raw);
    const text = schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
    return text && schema.format === undefined && schema.enum === undefined && hasForms(schema) ? [{ field, schema, pointer: `${pointer}/properties/${field}` }] : [];
  });
}

/** A value of each form of the field's schema that the whole property schema accepts. */
function formsFor(t: Kit, entry: { field: string; schema: Record<string, unknown>; pointer: string }): string[] {
  const forms = formsOf(entry.schema, t.random.int32(), (value) => t.context.validator.schemaErrors(entry.pointer, value) === undefined);
  t.ensure(forms.length > 1, `the contract's schema of ${entry.field} allows several forms, yet no two values of them were found; this is a fault of the suite`);
  return forms;
}

/** The get, then the list, show the field as sent. */
async function readsBack(t: Kit, readerId: string, ids: Record<string, number>, sent: Json, after: string): Promise<void> {
  const fields = Object.keys(sent);
  const read = await readResource(t, readerId, ids);
  const inRead = differences(sent, read, fields);
  t.verify(inRead.length === 0, `${readerId} after ${after} shows the field otherwise than given: ${inRead.join('; ')}`);
  const list = listOf(contract, readerId);
  if (!list) return;
  const { id, ...parentIds } = ids;
  const item = await listedItem(t, list.operation, parentIds, id!);
  if (!t.verify(item !== undefined, `${list.operation.operationId} does not list ${id} after ${after}`)) return;
  const inList = differences(sent, item!, fields.filter((field) => list.fields.includes(field)));
  t.verify(inList.length === 0, `${list.operation.operationId} after ${after} shows the field otherwise than given: ${inList.join('; ')}`);
}

const title = (fields: { field: string }[], by: string) =>
  `keeps ${fields.map((entry) => entry.field).join(', ')} as given in every form the schema allows (its examples, each alternative of its pattern, lower and upper case), ${by}, in the answer, the get and the list`;

for (const [updateId, subject] of Object.entries(UPDATES)) {
  const fields = fieldsWithForms(updateId, subject.fields);
  if (fields.length === 0) continue;
  forOperation(updateId, (test) => {
    test(title(fields, 'updated to each'), { check: 'crud_agreement', rules: RULES, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const ids = await subject.make(new Resources(t), t);
      for (const entry of fields) {
        for (const form of formsFor(t, entry)) {
          const sent = { [entry.field]: form };
          const step = `${updateId} of ${entry.field} to ${JSON.stringify(form)}`;
          const answered = await updateResource(t, updateId, ids, sent);
          const inAnswer = differences(sent, answered, [entry.field]);
          t.verify(inAnswer.length === 0, `${step} answered it otherwise than given: ${inAnswer.join('; ')}`);
          await readsBack(t, subject.readerId, ids, sent, step);
        }
      }
    });
  });
}

const readerOf = (create: OperationInfo) => contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === `${create.path}/{id}`);

for (const create of contract.operations.filter((candidate) => candidate.method === 'POST')) {
  const reader = readerOf(create);
  const stored = Object.values(UPDATES).find((subject) => subject.readerId === reader?.operationId)?.fields ?? [];
  const fields = fieldsWithForms(create.operationId, stored);
  if (!reader || fields.length === 0) continue;
  forOperation(create.operationId, (test) => {
    test(title(fields, 'created with each'), { check: 'crud_agreement', rules: [...RULES, 'resources.readable-after-create'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const parentIds = await pathIdsFor(t, create);
      for (const entry of fields) {
        for (const form of formsFor(t, entry)) {
          const sent = { [entry.field]: form };
          const step = `${create.operationId} with ${entry.field} ${JSON.stringify(form)}`;
          const body = filledCreateBody(t, create.operationId, sent, { author_id: new Resources(t).authorId() });
          const { status, json, exchange } = await t.call(create, { ids: parentIds, body });
          t.ensure(status === 201, `${step} answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
          const answered = json as Json & { id: number };
          const inAnswer = differences(sent, answered, [entry.field]);
          t.verify(inAnswer.length === 0, `${step} answered it otherwise than given: ${inAnswer.join('; ')}`);
          await readsBack(t, reader.operationId, { ...parentIds, id: answered.id }, sent, step);
        }
      }
    });
  });
}
