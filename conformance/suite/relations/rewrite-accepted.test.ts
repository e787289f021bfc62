/**
 * resources.rewrite-accepted, over every update operation of a resource the suite can make: a `PATCH`
 * that sends every field the update takes with the value the resource already has (as a form sends
 * back what it showed, or a client retries a write) is accepted with `200` and changes nothing but
 * `updated_at`, in its answer and in a read afterwards; and the same `PATCH` a second time too. A name
 * or slug the resource holds is never taken by the resource itself: a server that checks a slug or a
 * name against every resource of the parent, the one written included, refuses it with a `409`.
 *
 * The fields sent are read from the contract: the update's request schema, less its write-only fields
 * (no answer shows their stored value), and less a field whose stored value the request schema does
 * not take (a `null` the update cannot send).
 */
import type { ContractDocument, OperationInfo } from '../../contract/document.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { differences, readResource, UPDATES, type Json } from './update-subjects.ts';

/** The fields of the update's body the stored resource can fill: the body that repeats it. */
function rewriteOf(t: Kit, operation: OperationInfo, stored: Json): Json {
  const contract: ContractDocument = t.contract;
  const media = operation.requestBody?.content.find((content) => content.mediaType === 'application/json');
  if (!media) return {};
  const { node: schema, pointer } = contract.resolve(media.schema, media.schemaPointer);
  const properties: Record<string, { writeOnly?: boolean }> = schema?.properties ?? {};
  const body: Json = {};
  for (const [field, raw] of Object.entries(properties)) {
    const property = contract.resolve(raw, `${pointer}/properties/${field}`).node;
    if (property?.writeOnly === true || !(field in stored)) continue;
    if (t.context.validator.schemaErrors(`${pointer}/properties/${field}`, stored[field]) !== undefined) continue;
    body[field] = stored[field];
  }
  return body;
}

/** Every field but `updated_at`, which a PATCH that names a field may move. */
const comparedFields = (before: Json, after: Json) => new Set([...Object.keys(before), ...Object.keys(after)].filter((field) => field !== 'updated_at'));

for (const [operationId, subject] of Object.entries(UPDATES)) {
  forOperation(operationId, (test) => {
    test('accepts a PATCH that repeats every stored value, twice, and changes nothing but updated_at', { check: 'crud_agreement', rules: ['resources.rewrite-accepted'], needs: ['state'] }, async (t: Kit) => {
      const operation = t.contract.operation(operationId);
      const ids = await subject.make(new Resources(t), t);
      const before = await readResource(t, subject.readerId, ids);
      const body = rewriteOf(t, operation, before);
      if (Object.keys(body).length === 0) return t.notApplicable(`no field of ${operationId}'s body can repeat what ${subject.readerId} answered`);
      for (const time of ['once', 'a second time']) {
        const { status, json, exchange } = await t.call(operation, { ids, body });
        t.ensure(status === 200, `${operationId} sending back the values ${subject.readerId} answered (${Object.keys(body).join(', ')}), ${time}, answered ${status ?? 'nothing'}; expected 200: a value the resource holds is no conflict with itself`, { evidence: exchange });
        const answered = differences(before, json as Json, comparedFields(before, json as Json));
        t.verify(answered.length === 0, `${operationId} repeating the stored values, ${time}, answered the resource changed: ${answered.join('; ')}`, { evidence: exchange });
        const after = await readResource(t, subject.readerId, ids);
        const stored = differences(before, after, comparedFields(before, after));
        t.verify(stored.length === 0, `after ${operationId} repeating the stored values, ${time}, ${subject.readerId} shows the resource changed: ${stored.join('; ')}`);
      }
    });
  });
}
