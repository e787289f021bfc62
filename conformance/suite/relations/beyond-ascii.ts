/**
 * A GET's request whose answer holds text beyond ASCII, for every GET operation of the contract: the
 * resource a get reads, or the newest item of a list, made (or, for the shared author, updated under its
 * lock and restored) with every free-text field its write takes ending in characters of two, three and
 * four UTF-8 bytes. A server that counts an answer's length in characters (UTF-16 code units) rather than
 * bytes is right on ASCII answers, which is what the other reads of a run mostly get: it shows only here
 * (http.head: HEAD's Content-Length is GET's; RFC 9110 section 8.6 counts octets).
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import type { Kit, RawRequest } from '../kit.ts';
import { fillPath, pathIdsFor } from '../requests.ts';
import { Resources } from '../resources.ts';
import { AUTHOR_NOT_WRITABLE, holdingAuthor } from '../shared-author.ts';
import { filledCreateBody } from './filled-create.ts';
import { AUTHOR_FIELDS } from './update-subjects.ts';

const { contract } = suiteContext();

/** `é` (two bytes in UTF-8), `☕` (three), `🙂` (four, a surrogate pair in UTF-16). */
export const BEYOND_ASCII = ' Caf\u00E9 \u2615 \u{1F642}';

type Json = Record<string, unknown>;

/** `body` with each text field that its schema still takes with BEYOND_ASCII after it so extended. */
function extended(t: Kit, operation: OperationInfo, body: Json): Json {
  const media = jsonMedia(operation);
  if (!media) return body;
  const { pointer } = contract.resolve(media.schema, media.schemaPointer);
  return Object.fromEntries(
    Object.entries(body).map(([field, value]) => {
      const longer = `${value}${BEYOND_ASCII}`;
      const takes = typeof value === 'string' && t.context.validator.schemaErrors(`${pointer}/properties/${field}`, longer) === undefined;
      return [field, takes ? longer : value];
    }),
  );
}

/** The create of the resources a GET reads: the POST of its path (a list) or of its path without `/{id}`. */
function createOf(operation: OperationInfo): OperationInfo | undefined {
  const collection = operation.path.endsWith('/{id}') ? operation.path.slice(0, -'/{id}'.length) : operation.path;
  return contract.operations.find((candidate) => candidate.method === 'POST' && candidate.path === collection);
}

const takesSize = (operation: OperationInfo) => operation.parameters.some((parameter) => parameter.in === 'query' && parameter.name === 'size');

/** The GET of the resource (or of the list whose newest item it is, `size=1` where the list takes it). */
function readOf(operation: OperationInfo, ids: Record<string, number>, id: number): RawRequest {
  if (operation.path.endsWith('/{id}')) return { method: 'GET', path: fillPath(operation.path, { ...ids, id }) };
  return { method: 'GET', path: fillPath(operation.path, ids), ...(takesSize(operation) ? { query: { size: 1 } } : {}) };
}

function takesField(operation: OperationInfo, field: string): boolean {
  const media = jsonMedia(operation);
  return media !== undefined && contract.resolve(media.schema, media.schemaPointer).node?.properties?.[field] !== undefined;
}

/** Makes a resource of the create with text beyond ASCII, deleted at the end of the test where it can be. */
async function madeBeyondAscii(t: Kit, create: OperationInfo): Promise<{ ids: Record<string, number>; id: number }> {
  const ids = await pathIdsFor(t, create);
  // An address of the test's own: the schema's example would upsert a subscriber other tests share.
  const given = takesField(create, 'email') ? { email: t.names.email('subscriber') } : {};
  const body = { ...extended(t, create, filledCreateBody(t, create.operationId, {}, { author_id: new Resources(t).authorId() })), ...given };
  const { status, json, exchange } = await t.call(create, { ids, body });
  // An upsert (createSubscriber) answers 200 to what it creates: any success the create declares.
  const created = status !== undefined && status < 300 && create.responses.some((response) => response.status === String(status));
  t.ensure(created && typeof (json as Json | undefined)?.id === 'number', `${create.operationId} of text beyond ASCII answered ${status ?? 'nothing'}; expected its success status`, { evidence: exchange });
  const id = (json as { id: number }).id;
  const deleter = contract.operations.find((candidate) => candidate.method === 'DELETE' && candidate.path === `${create.path}/{id}`);
  if (deleter) t.cleanup(`${deleter.operationId} ${id}`, async () => void (await t.call(deleter, { ids: { ...ids, id } })));
  return { ids, id };
}

/** The shared author with its text fields ending beyond ASCII, under its lock, restored before it is released. */
async function withAuthorBeyondAscii<T>(t: Kit, operation: OperationInfo, work: (request: RawRequest) => Promise<T>): Promise<T> {
  const id = new Resources(t).sharedAuthorId();
  if (!t.fixtures.authorWritable) t.notApplicable(AUTHOR_NOT_WRITABLE);
  const update = contract.operation('updateAuthor');
  return holdingAuthor(t, id, async () => {
    const before = await t.call(contract.operation('getAuthor'), { ids: { id } });
    const original = before.json as Json | undefined;
    if (before.status !== 200 || !original) return t.notApplicable(`needs the author's fields, but getAuthor answered ${before.status ?? 'nothing'}`);
    const fields = Object.fromEntries(AUTHOR_FIELDS.map((field) => [field, original[field] ?? null]));
    const texts = Object.fromEntries(AUTHOR_FIELDS.map((field) => [field, typeof original[field] === 'string' ? original[field] : t.names.name(field)]));
    const set = await t.call(update, { ids: { id }, body: extended(t, update, texts) });
    try {
      t.ensure(set.status === 200, `updateAuthor of text beyond ASCII answered ${set.status ?? 'nothing'}; expected 200`, { evidence: set.exchange });
      return await work(readOf(operation, {}, id));
    } finally {
      await t.call(update, { ids: { id }, body: fields });
    }
  });
}

/**
 * Runs `work` on a GET of the operation whose answer holds text beyond ASCII, or undefined for an
 * operation whose resources the suite can neither create nor change.
 */
export function beyondAsciiRead(operation: OperationInfo): (<T>(t: Kit, work: (request: RawRequest) => Promise<T>) => Promise<T>) | undefined {
  if (operation.tags[0] === 'Authors') return (t, work) => withAuthorBeyondAscii(t, operation, work);
  const create = createOf(operation);
  if (!create) return undefined;
  return async (t, work) => {
    const { ids, id } = await madeBeyondAscii(t, create);
    return work(readOf(operation, ids, id));
  };
}
