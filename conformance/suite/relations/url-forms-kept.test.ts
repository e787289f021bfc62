/**
 * Every URL field takes every form its schema allows and keeps it as given (requests.valid-input-accepted,
 * resources.answer-as-stored, resources.update-kept): each field of a create's or an update's body whose
 * schema has `format: uri` (the Url schema, "An absolute URL"; found in the contract, not named here) is
 * sent the URLs of url-forms.ts (scheme and host in capitals and mixed case, a port, an IPv6 and an
 * IPv4 host, percent-escapes with a query and a fragment, another scheme), and the answer, the get and
 * the list show each as sent. Siblings alike: the create and the update of a resource are sent the same
 * forms, so an update that checks URLs with a pattern of its own (`^https?:\/\/`) fails where its
 * create passes.
 *
 * Cost: the forms are spread over the operation's URL fields, one form per field per request (a post's
 * two image URLs take the six forms in three requests); a create's requests go at once, an update's in
 * turn on one resource, each followed by a get and a list at once.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { URL_FORMS } from '../../generate/url-forms.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor } from '../requests.ts';
import { Resources } from '../resources.ts';
import { filledCreateBody } from './filled-create.ts';
import { differences, listedItem, listOf, readResource, UPDATES, updateResource, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

const RULES = ['requests.valid-input-accepted', 'resources.answer-as-stored', 'resources.update-kept'];

/** The fields of the operation's JSON body whose schema is a URL (`format: uri`), with their schema pointers. */
function urlFields(operation: OperationInfo): { field: string; pointer: string }[] {
  const media = jsonMedia(operation);
  if (!media) return [];
  const { node: body, pointer } = contract.resolve(media.schema, media.schemaPointer);
  return Object.entries((body?.properties ?? {}) as Record<string, unknown>).flatMap(([field, raw]) =>
    constrainedBranch(contract, raw).format === 'uri' ? [{ field, pointer: `${pointer}/properties/${field}` }] : [],
  );
}

/**
 * The bodies that send every form: one form per field per body, in turn. A form a field's whole schema
 * refuses (too long for a shorter maxLength) is not sent to it.
 */
function formBodies(t: Kit, fields: { field: string; pointer: string }[]): { body: Json; what: string }[] {
  const bodies: { body: Json; what: string }[] = [];
  for (let at = 0; at < URL_FORMS.length; at += fields.length) {
    const body: Json = {};
    const what: string[] = [];
    fields.forEach(({ field, pointer }, index) => {
      const form = URL_FORMS[(at + index) % URL_FORMS.length]!;
      if (t.context.validator.schemaErrors(pointer, form.url) !== undefined) return;
      body[field] = form.url;
      what.push(`${field} ${JSON.stringify(form.url)} (${form.form})`);
    });
    if (what.length > 0) bodies.push({ body, what: what.join(', ') });
  }
  return bodies;
}

/** The get and the list, read at once, show the URLs as sent. */
async function readsBack(t: Kit, readerId: string, ids: Record<string, number>, sent: Json, after: string): Promise<void> {
  const fields = Object.keys(sent);
  const list = listOf(contract, readerId);
  const { id, ...parentIds } = ids;
  const [read, item] = await Promise.all([readResource(t, readerId, ids), list ? listedItem(t, list.operation, parentIds, id!) : undefined]);
  const inRead = differences(sent, read, fields);
  t.verify(inRead.length === 0, `${readerId} after ${after} shows the URL otherwise than given: ${inRead.join('; ')}`);
  if (!list) return;
  if (!t.verify(item !== undefined, `${list.operation.operationId} does not list ${id} after ${after}`)) return;
  const inList = differences(sent, item!, fields.filter((field) => list.fields.includes(field)));
  t.verify(inList.length === 0, `${list.operation.operationId} after ${after} shows the URL otherwise than given: ${inList.join('; ')}`);
}

const title = (fields: { field: string }[], by: string) =>
  `takes and keeps ${fields.map((entry) => entry.field).join(', ')} in every form of a URL (scheme and host in any case, a port, IPv6 and IPv4 hosts, percent-escapes, another scheme), ${by}, in the answer, the get and the list`;

for (const [updateId, subject] of Object.entries(UPDATES)) {
  const fields = urlFields(contract.operation(updateId));
  if (fields.length === 0) continue;
  forOperation(updateId, (test) => {
    test(title(fields, 'updated to each'), { check: 'crud_agreement', rules: RULES, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const ids = await subject.make(new Resources(t), t);
      for (const { body, what } of formBodies(t, fields)) {
        const step = `${updateId} of ${what}`;
        const answered = await updateResource(t, updateId, ids, body);
        const inAnswer = differences(body, answered, Object.keys(body));
        t.verify(inAnswer.length === 0, `${step} answered it otherwise than given: ${inAnswer.join('; ')}`);
        await readsBack(t, subject.readerId, ids, body, step);
      }
    });
  });
}

const readerOf = (create: OperationInfo) => contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === `${create.path}/{id}`);

for (const create of contract.operations.filter((candidate) => candidate.method === 'POST')) {
  const reader = readerOf(create);
  const fields = urlFields(create);
  if (!reader || fields.length === 0) continue;
  forOperation(create.operationId, (test) => {
    test(title(fields, 'created with each'), { check: 'crud_agreement', rules: [...RULES, 'resources.readable-after-create'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const parentIds = await pathIdsFor(t, create);
      await Promise.all(
        formBodies(t, fields).map(async ({ body: sent, what }) => {
          const step = `${create.operationId} with ${what}`;
          const body = filledCreateBody(t, create.operationId, sent, { author_id: new Resources(t).authorId() });
          const { status, json, exchange } = await t.call(create, { ids: parentIds, body });
          t.ensure(status === 201, `${step} answered ${status ?? 'nothing'}; expected 201: the Url schema takes every absolute URL`, { evidence: exchange });
          const answered = json as Json & { id: number };
          const inAnswer = differences(sent, answered, Object.keys(sent));
          t.verify(inAnswer.length === 0, `${step} answered it otherwise than given: ${inAnswer.join('; ')}`);
          await readsBack(t, reader.operationId, { ...parentIds, id: answered.id }, sent, step);
        }),
      );
    });
  });
}
