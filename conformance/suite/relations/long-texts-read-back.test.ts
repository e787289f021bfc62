/**
 * resources.answer-as-stored and resources.readable-after-create for long texts: every create whose
 * resource the contract reads at `<path>/{id}` is sent with each of its free-text fields (without a
 * format or an enum, and with no pattern a text of words breaks: names, titles, descriptions, HTML
 * content) at its `maxLength`, or 20,000
 * characters when that is more, and every other optional field filled; the get and the list then show
 * every field as the create's answer did. The other tests write texts of a few dozen characters; a
 * server that stores or reads a long text another way (a column of its own, a size past which the get
 * leaves it out, a list that cuts a description short) shows only here.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { longAsciiText } from '../long-texts.ts';
import { pathIdsFor } from '../requests.ts';
import { Resources } from '../resources.ts';
import { filledCreateBody } from './filled-create.ts';
import { differences, listedItem, listOf, readResource, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

const LONG_LENGTH = 20_000;

/** A text of words, as the test writes, to check a field's pattern against. */
const WORDS = 'Long name filler words';

/** The body's free-text fields and their maxLength. */
function longTextFields(operation: OperationInfo): { name: string; maxLength: number }[] {
  const media = jsonMedia(operation);
  const schema = media && constrainedBranch(contract, media.schema);
  return Object.entries<unknown>(schema?.properties ?? {}).flatMap(([name, raw]) => {
    const property = constrainedBranch(contract, raw);
    // A URL's or an address's format, a slug's or a colour's pattern refuse filler words: only free text is lengthened.
    const pattern = typeof property?.pattern === 'string' ? new RegExp(property.pattern, 'u') : undefined;
    const free = property?.writeOnly !== true && property?.format === undefined && property?.enum === undefined && (pattern === undefined || pattern.test(WORDS));
    return free && typeof property?.maxLength === 'number' ? [{ name, maxLength: property.maxLength as number }] : [];
  });
}

const readerOf = (create: OperationInfo) => contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === `${create.path}/{id}`);

for (const create of contract.operations.filter((candidate) => candidate.method === 'POST')) {
  const reader = readerOf(create);
  const fields = longTextFields(create);
  if (!reader || fields.length === 0) continue;
  forOperation(create.operationId, (test) => {
    test(`reads back ${fields.map((field) => field.name).join(', ')} of ${LONG_LENGTH.toLocaleString('en')} characters whole, in the get and the list, as the create answered`, { check: 'crud_agreement', rules: ['resources.answer-as-stored', 'resources.readable-after-create'], needs: ['state'] }, async (t: Kit) => {
      const parentIds = await pathIdsFor(t, create);
      const long = Object.fromEntries(fields.map((field) => [field.name, longAsciiText(t, field.name, Math.min(field.maxLength, LONG_LENGTH))]));
      const body = filledCreateBody(t, create.operationId, long, { author_id: new Resources(t).authorId() });
      const { status, json, exchange } = await t.call(create, { ids: parentIds, body });
      t.ensure(status === 201, `${create.operationId} with ${fields.map((field) => field.name).join(', ')} of ${LONG_LENGTH.toLocaleString('en')} characters answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
      const answered = json as Json & { id: number };
      const ids = { ...parentIds, id: answered.id };
      const read = await readResource(t, reader.operationId, ids);
      const inRead = differences(answered, read, Object.keys(answered));
      t.verify(inRead.length === 0, `${reader.operationId} of the resource ${create.operationId} made with long texts shows otherwise what the create answered: ${inRead.join('; ')}`);
      const list = listOf(contract, reader.operationId);
      if (!list) return;
      const item = await listedItem(t, list.operation, parentIds, answered.id);
      if (!t.verify(item !== undefined, `${list.operation.operationId} does not list ${answered.id}, made with long texts`)) return;
      const inList = differences(answered, item!, list.fields);
      t.verify(inList.length === 0, `${list.operation.operationId} shows ${answered.id}, made with long texts, otherwise than the create answered: ${inList.join('; ')}`);
    });
  });
}
