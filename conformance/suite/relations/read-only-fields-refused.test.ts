/**
 * Request bodies are strict (the contract's introduction, Requests: "an unknown field is a `422`, never
 * silently ignored"; requests.schema-validation), and the fields a resource answers but its create or
 * update does not take (`id`, `created_at`, `updated_at`, a derived `slug` or `name_slug`, a page's
 * `domain`, an author's `email` and `formatted_name`, ...) are unknown to that body like any other. A
 * server that drops them so that a client may send back what it read (a form that posts the resource
 * whole) answers `200` or `201` where the contract answers `422`, and a misspelt field, which the
 * generated cases send, does not show it.
 *
 * So every create and update with a JSON body (read from the contract: the fields of its success
 * answer's schema that its request schema lacks) is sent each such field alone, with the value a
 * resource of its kind answered, beside an otherwise valid body, and the resource just answered or read
 * sent back whole, all at once: each is a `422` whose `errors` name exactly the fields sent that the
 * body does not take (and, for the whole resource, any field whose answered value the body's own
 * schema refuses), and nothing changes (errors.field-names, errors.only-present-causes,
 * resources.refused-write-changes-nothing):
 *
 * - an update's resource (one of the test's own; the shared author under its lock, sent only its own
 *   values) reads afterwards exactly as before, `updated_at` included;
 * - after a create's refusals, the valid body they were built on is created with `201`, and with the
 *   slug its text derives, without a suffix: no resource of that name, title or subject was made by a
 *   refused request;
 * - an upsert (createSubscriber) answers a new key and a held one alike (`200`), so its answer cannot
 *   tell: it is sent its refusals under a parent of the test's own, and the parent's list then holds the
 *   one child the test made and nothing else, none with the refused bodies' key (an upsert that stores
 *   the address it read before it judges the rest of the body shows only there).
 *
 * Beside them, a body the operation takes (a create's valid body; an update's new values, the shared
 * author's own) is sent in a JSON-looking type that is not `application/json`, drawn from the seed
 * (json-looking-types.ts): a `415` (requests.json-content-type), and the reads above show it changed
 * nothing. negative-data.test.ts sends every such type to every operation, and judges the status.
 *
 * The same requests carry requests.text-without-control-characters and requests.well-formed-text over
 * their class: a body per control character with it in every free-text field, and one with a lone
 * surrogate in each (control-characters.ts), each a 422 naming exactly the fields that refuse it, and
 * nothing stored.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { jsonMedia } from '../../cases/json-media.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit, RawResult } from '../kit.ts';
import { drawnJsonLookingType } from '../json-looking-types.ts';
import { fillPath, pathIdsFor, requestWithBody, validBody } from '../requests.ts';
import { Resources } from '../resources.ts';
import { holdingAuthor } from '../shared-author.ts';
import { expectedSlug } from '../slugs.ts';
import { AUTHOR_FIELDS, pastStampGap, readResource, UPDATES, type Json } from './update-subjects.ts';
import { CONTROL_CHARACTER_RULES, controlCharacterBodies } from './control-characters.ts';
import { UPSERTS } from './upserts.ts';
import { maximumSize } from './walk.ts';

const { contract, validator } = suiteContext();

/** The most invalid inputs a 422 lists (errors.field-names: "up to 20"). */
const LISTED_AT_MOST = 20;

const RULES = ['requests.schema-validation', 'requests.json-content-type', 'errors.field-names', 'errors.only-present-causes', 'resources.refused-write-changes-nothing', 'requests.text-without-control-characters', 'requests.well-formed-text'];

/** The request body's properties, and the JSON pointer of its schema. */
function requestSchema(operation: OperationInfo): { properties: Record<string, unknown>; pointer: string } | undefined {
  const media = jsonMedia(operation);
  if (!media) return undefined;
  const { node, pointer } = contract.resolve(media.schema, media.schemaPointer);
  return { properties: node?.properties ?? {}, pointer };
}

/** The fields of the operation's success answer (its 201, else its 200) that its request body does not take. */
function readOnlyFields(operation: OperationInfo): string[] {
  const request = requestSchema(operation);
  const success = (operation.responses.find((response) => response.status === '201') ?? operation.responses.find((response) => response.status === '200'))?.content[0];
  if (!request || !success) return [];
  const answered: Record<string, unknown> = contract.resolve(success.schema, success.schemaPointer).node?.properties ?? {};
  return Object.keys(answered).filter((field) => !(field in request.properties));
}

/** The fields of `body` a 422 must name: those the request body does not take, and those whose value its schema refuses. */
function refusedFields(operation: OperationInfo, body: Json): string[] {
  const request = requestSchema(operation)!;
  return Object.keys(body)
    .filter((field) => !(field in request.properties) || validator.schemaErrors(`${request.pointer}/properties/${field}`, body[field]) !== undefined)
    .sort();
}

/** The body fields a 422 names in `errors` (a nested place, `content_json.blocks`, by its field). */
function namedFields(answer: RawResult): string[] {
  const errors = (answer.json as { errors?: { field?: unknown }[] } | undefined)?.errors ?? [];
  return [...new Set(errors.map((error) => String(error.field ?? '').split(/[./[]/)[0]!))].sort();
}

/** The verdict on one refused body: a 422 naming exactly `expected` (or, past the list's bound, as many of them as it lists). */
function verifyRefused(t: Kit, operation: OperationInfo, what: string, expected: string[], answer: RawResult, rules?: string[]): void {
  const step = `${operation.operationId} with ${what}`;
  const because = rules ? 'free text holds no control character, nor a lone surrogate, beyond what its schema allows' : `request bodies are strict, and the body does not take ${expected.length === 1 ? 'it' : 'them'}`;
  if (!t.verify(answer.status === 422, `${step} answered ${answer.status ?? 'nothing'}; expected 422 naming ${expected.join(', ')}: ${because}`, { evidence: answer.exchange, ...(rules ? { rules } : {}) })) return;
  const named = namedFields(answer);
  const exact = expected.length <= LISTED_AT_MOST ? JSON.stringify(named) === JSON.stringify(expected) : named.length === LISTED_AT_MOST && named.every((field) => expected.includes(field));
  t.verify(exact, `${step} answered 422 naming ${named.join(', ') || 'no field'} in errors; expected exactly ${expected.join(', ')}`, { evidence: answer.exchange, ...(rules ? { rules } : {}) });
}

/**
 * Sends each read-only field alone beside `base`, the resource `whole`, and `base` with a control
 * character, or a lone surrogate, in every free-text field (control-characters.ts), at once; judges
 * each answer.
 */
async function sendRefused(t: Kit, operation: OperationInfo, ids: Record<string, number>, base: Json, whole: Json, accepted: Json): Promise<RawResult[]> {
  const alone = readOnlyFields(operation).filter((field) => field in whole);
  const bodies: [string, Json][] = [
    ...alone.map((field): [string, Json] => [`${field} ${JSON.stringify(whole[field])} (a field of the answer the body does not take)`, { ...base, [field]: whole[field] }]),
    ['the whole resource as answered', whole],
  ];
  // A character every free-text field takes (a tab where all of them may span lines) makes no refusal.
  const controlled = controlCharacterBodies(operation, requestSchema(operation)!, base)
    .map(([what, body, also]) => [what, body, [...new Set([...refusedFields(operation, body), ...also])].sort()] as const)
    .filter(([, , refused]) => refused.length > 0);
  // A body the operation would accept, in a JSON-looking type that is not application/json: refused too.
  const type = drawnJsonLookingType(t.random.fork('json-looking-type'));
  const [typed, ...answers] = await Promise.all([
    t.raw({ ...requestWithBody(operation, ids, accepted), contentType: type }),
    ...[...bodies, ...controlled].map(([, body]) => t.call(operation, { ids, body })),
  ]);
  t.verify(typed!.status === 415, `${operation.operationId} with a body it takes (${JSON.stringify(accepted)}) sent as ${type} answered ${typed!.status ?? 'nothing'}; expected 415: a JSON body in another type than application/json is refused`, { evidence: typed!.exchange, rules: ['requests.json-content-type'] });
  bodies.forEach(([what, body], index) => verifyRefused(t, operation, what, refusedFields(operation, body), answers[index]!));
  controlled.forEach(([what, , refused], index) => verifyRefused(t, operation, what, refused, answers[bodies.length + index]!, CONTROL_CHARACTER_RULES));
  return answers;
}

/** The parent of the test's own an upsert's refusals are sent under, by the upsert's parent parameter. */
const OWN_PARENT: Record<string, (resources: Resources) => Promise<{ id: number }>> = {
  newsletter_id: (resources) => resources.newsletter('refused-upsert'),
};

const upsertOf = (operation: OperationInfo) => UPSERTS.find((upsert) => upsert.create === operation.operationId);

for (const operation of contract.operations.filter((candidate) => candidate.method === 'POST' && jsonMedia(candidate) && (candidate.responses.some((response) => response.status === '201') || upsertOf(candidate)))) {
  const fields = readOnlyFields(operation);
  if (fields.length === 0) continue;
  const remover = contract.operations.find((candidate) => candidate.method === 'DELETE' && candidate.path === `${operation.path}/{id}`);
  const upsert = upsertOf(operation);
  forOperation(operation.operationId, (test) => {
    test(`refuses each field its answer has and its body does not take (${fields.join(', ')}), alone and as the whole resource, and each control character and a lone surrogate in its free text, with a 422 naming them, and creates nothing`, { check: 'negative_data_rejection', rules: RULES, needs: ['state'] }, async (t: Kit) => {
      if (upsert) return refusedUpsertMakesNothing(t, operation, upsert, remover);
      const ids = await pathIdsFor(t, operation);
      const create = async (body: Json) => {
        const answer = await t.call(operation, { ids, body });
        const id = (answer.json as { id?: number } | undefined)?.id;
        if (remover && answer.status !== undefined && answer.status < 300 && id !== undefined) t.cleanup(`${remover.operationId} ${id}`, async () => void (await t.call(remover, { ids: { ...ids, id } })));
        return answer;
      };
      const made = await create(validBody(t, operation, 'minimal'));
      t.ensure(made.status === 201, `${operation.operationId} answered ${made.status ?? 'nothing'}; expected 201`, { evidence: made.exchange });
      const base = validBody(t, operation, 'minimal');
      await sendRefused(t, operation, ids, base, made.json as Json, base);
      // The body the refusals were built on is still new: a refused request made nothing of it.
      const after = await create(base);
      t.verify(after.status === 201, `${operation.operationId} of the valid body the refused requests were built on (${JSON.stringify(base)}) answered ${after.status ?? 'nothing'} afterwards; expected 201, as nothing of it was made by a refused request`, { evidence: after.exchange, check: 'failed_write_leaves_nothing' });
      const text = ['name', 'title', 'subject'].map((field) => base[field]).find((value): value is string => typeof value === 'string');
      const answered = (after.json ?? {}) as Json;
      for (const field of ['slug', 'name_slug'].filter((slug) => text !== undefined && typeof answered[slug] === 'string')) {
        const expected = expectedSlug(text!, { removeSlash: true });
        t.verify(answered[field] === expected, `${operation.operationId} of the valid body the refused requests were built on answered ${field} ${JSON.stringify(answered[field])} afterwards; expected ${expected}, without a suffix, as no resource of that text was made by a refused request`, { evidence: after.exchange, check: 'failed_write_leaves_nothing' });
      }
    });
  });
}

/**
 * An upsert's refusals, under a parent of the test's own: its answer is the same for a new key and a held
 * one, so the parent's list is the witness. It holds the one child made first, and none of the key the
 * refused bodies carried.
 */
async function refusedUpsertMakesNothing(t: Kit, operation: OperationInfo, upsert: (typeof UPSERTS)[number], remover: OperationInfo | undefined): Promise<void> {
  const makeParent = OWN_PARENT[upsert.parentParameter];
  if (!makeParent) throw new Error(`No parent of the test's own is known for ${upsert.parentParameter}; this is a fault of the suite`);
  const ids = { [upsert.parentParameter]: (await makeParent(new Resources(t))).id };
  const made = await t.call(operation, { ids, body: validBody(t, operation, 'minimal') });
  const madeId = (made.json as { id?: number } | undefined)?.id;
  t.ensure(made.status !== undefined && made.status < 300 && madeId !== undefined, `${operation.operationId} answered ${made.status ?? 'nothing'}; expected a success with the child`, { evidence: made.exchange });
  if (remover) t.cleanup(`${remover.operationId} ${madeId}`, async () => void (await t.call(remover, { ids: { ...ids, id: madeId! } })));
  const base = validBody(t, operation, 'minimal');
  await sendRefused(t, operation, ids, base, made.json as Json, base);
  const list = contract.operation(upsert.list);
  const listed = await t.raw({ method: 'GET', path: fillPath(list.path, ids), query: { page: 1, size: maximumSize(t, list) } });
  const envelope = listed.json as { result?: Json[]; total?: unknown } | undefined;
  t.ensure(listed.status === 200 && Array.isArray(envelope?.result), `${list.operationId} of the test's own parent answered ${listed.status ?? 'nothing'}; expected 200 with a list`, { evidence: listed.exchange });
  const shown = envelope!.result!.map((item) => item.id);
  const key = String(base[upsert.key]).trim().toLowerCase();
  const keyed = envelope!.result!.filter((item) => String(item[upsert.key]).toLowerCase() === key).map((item) => item.id);
  t.verify(
    shown.length === 1 && shown[0] === madeId && envelope!.total === 1 && keyed.length === 0,
    `after the refused ${operation.operationId}s under a ${upsert.parentParameter.replace(/_id$/, '')} of the test's own, ${list.operationId} holds [${shown.join(', ')}] (total ${String(envelope!.total)})${keyed.length ? `, ${keyed.join(', ')} with the refused bodies' ${upsert.key} ${JSON.stringify(base[upsert.key])}` : ''}; expected only ${madeId}, the one the test made: a refused upsert creates nothing`,
    { evidence: listed.exchange, check: 'failed_write_leaves_nothing', rules: ['resources.refused-write-changes-nothing'] },
  );
}

/** Sends the refusals to one resource and reads it again: it must read as before, every field. */
async function refusedUpdateChangesNothing(t: Kit, operation: OperationInfo, readerId: string, ids: Record<string, number>, accepted: (before: Json) => Json): Promise<void> {
  const before = await readResource(t, readerId, ids);
  // A clock of millisecond precision moves before the refusals, so an updated_at stamped by one shows.
  await pastStampGap();
  await sendRefused(t, operation, ids, {}, before, accepted(before));
  // Read once one more request has been answered, so a write the server makes just after a refusal shows.
  await readResource(t, readerId, ids);
  const after = await readResource(t, readerId, ids);
  const changed = Object.keys(before).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  t.verify(changed.length === 0, `after the refused ${operation.operationId}s, ${readerId} shows ${changed.map((field) => `${field} ${JSON.stringify(after[field])} (before: ${JSON.stringify(before[field])})`).join(', ')}; a refused write changes nothing`, { check: 'failed_write_leaves_nothing' });
}

const updateTitle = (fields: string[]) => `refuses each field its answer has and its body does not take (${fields.join(', ')}), alone and as the whole resource read, and each control character and a lone surrogate in its free text, with a 422 naming them, and changes nothing`;

for (const [operationId, subject] of Object.entries(UPDATES)) {
  const operation = contract.operation(operationId);
  const fields = readOnlyFields(operation);
  if (fields.length === 0) continue;
  forOperation(operationId, (test) => {
    test(updateTitle(fields), { check: 'negative_data_rejection', rules: RULES, needs: ['state'] }, async (t: Kit) => {
      const ids = await subject.make(new Resources(t), t);
      // The body in a JSON-looking type: new values the update takes, so a server that applied it shows.
      await refusedUpdateChangesNothing(t, operation, subject.readerId, ids, () => validBody(t, operation, 'typical'));
    });
  });
}

// The shared author: sent only the values it holds, so even a server that took them would write nothing new.
const authorFields = readOnlyFields(contract.operation('updateAuthor'));
if (authorFields.length > 0) {
  forOperation('updateAuthor', (test) => {
    test(updateTitle(authorFields), { check: 'negative_data_rejection', rules: RULES, needs: ['state'] }, async (t: Kit) => {
      const id = new Resources(t).sharedAuthorId();
      const ownValues = (before: Json): Json => Object.fromEntries(AUTHOR_FIELDS.filter((field) => field in before).map((field) => [field, before[field]]));
      await holdingAuthor(t, id, () => refusedUpdateChangesNothing(t, contract.operation('updateAuthor'), 'getAuthor', { id }, ownValues));
    });
  });
}
