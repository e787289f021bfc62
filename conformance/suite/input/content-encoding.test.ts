/**
 * Content-Encoding on every operation that takes a JSON body (content-encodings.ts). The contract:
 * "A JSON body may be compressed with Content-Encoding: gzip, deflate or br. Another encoding is a 415;
 * a body that does not decode is a 400" (requests.content-encoding-accepted, requests.content-encoding).
 *
 * Accepted: the operation's body in each coding, all at once, each coding labelled as the contract writes
 * it and again in other letter case (`GZIP`, `Deflate`, `bR`: content-codings are case-insensitive, RFC
 * 9110 section 8.4.1), each naming the resource with a value of its own (its name, title, subject, email
 * or first name), is answered with the success status and that value: the body was decoded and applied.
 * An update's resource is then read back, and holds one of them. A send can be accepted once, so it gets
 * one coding, drawn from the seed, in both spellings, each to an email of its own.
 * Refused: the same body coded otherwise than its label says (a raw DEFLATE stream labelled deflate,
 * gzip labelled deflate, zlib labelled gzip) is answered 400 and applies nothing.
 * The unknown coding's 415 and a body that is no coding at all are the hostile phase's (hostile.ts).
 */
import { jsonMedia } from '../../cases/json-media.ts';
import { deleterOf, successStatus } from '../../cases/run-case.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { CONTRACT_CODINGS, MISLABELLED_CODINGS, type CodedBody } from '../content-encodings.ts';
import { forOperation } from '../harness.ts';
import { recased } from '../media-type-spellings.ts';
import { suiteContext } from '../context.ts';
import type { Kit, RawResult } from '../kit.ts';
import { fillPath, pathIdsFor, validBody, type PathIds } from '../requests.ts';
import { guardAuthor, sendHoldingAuthor } from '../shared-author.ts';

const { contract } = suiteContext();

/** The fields that name a resource, one per body: what shows that a body was applied. */
const MARKED_FIELDS = ['name', 'title', 'subject', 'email', 'first_name'];

/** Operations a resource accepts once: one coding each run. */
const ACCEPTED_ONCE = new Set(['sendEmail']);

/** The field of the operation's body that names its resource, if it has one. */
function markedField(operation: OperationInfo): string | undefined {
  const media = jsonMedia(operation)!;
  const properties = contract.resolve(media.schema, media.schemaPointer).node.properties ?? {};
  return MARKED_FIELDS.find((field) => field in properties);
}

/** A valid body whose marked field holds a value of its own; with that value. */
function markedBody(t: Kit, operation: OperationInfo, field: string | undefined): { body: Record<string, unknown>; marker?: string } {
  const body = operation.method === 'POST' ? validBody(t, operation, 'minimal') : {};
  if (!field) return { body };
  const marker = field === 'email' ? t.names.email('encoded') : t.names.name('encoded');
  return { body: { ...body, [field]: marker }, marker };
}

/** Sends the body coded as `coded` says; a resource it creates is cleaned up. */
async function sendCoded(t: Kit, operation: OperationInfo, ids: PathIds, body: unknown, coded: CodedBody): Promise<RawResult> {
  const answer = await t.raw({ method: operation.method, path: fillPath(operation.path, ids), body: coded.code(JSON.stringify(body)), contentType: 'application/json', headers: { 'Content-Encoding': coded.label } });
  const deleter = deleterOf(t, operation);
  const id = (answer.json as { id?: unknown } | undefined)?.id;
  if (deleter && typeof id === 'number' && answer.status === successStatus(operation)) {
    t.cleanup(`${deleter.operationId} ${id}`, async () => {
      const { status } = await t.call(deleter, { ids: { ...ids, id } });
      if (status !== 204 && status !== 404) throw new Error(`answered ${status}`);
    });
  }
  return answer;
}

const sameText = (a: unknown, b: string | undefined) => typeof a === 'string' && a.toLowerCase() === b?.toLowerCase();

async function acceptsEachCoding(t: Kit, operation: OperationInfo): Promise<void> {
  guardAuthor(t, operation);
  const ids = await pathIdsFor(t, operation);
  const field = markedField(operation);
  const codings = ACCEPTED_ONCE.has(operation.operationId) ? [t.random.pick(CONTRACT_CODINGS)] : CONTRACT_CODINGS;
  // Each coding as the contract writes it and in other letter case (drawn from the seed): HTTP matches
  // content-codings without regard to case (RFC 9110 section 8.4.1), so `GZIP` and `Br` are gzip and br.
  const spelt = codings.flatMap((coded) => [coded, { ...coded, label: recased(coded.label, t.random.fork(`coding:${coded.label}`)) }]);
  const sent = spelt.map((coded) => ({ coded, ...markedBody(t, operation, field) }));
  // A send uses its email up: each coding's spelling is sent to an email of its own.
  const idsOf = ACCEPTED_ONCE.has(operation.operationId) ? [ids, ...(await Promise.all(sent.slice(1).map(() => pathIdsFor(t, operation))))] : sent.map(() => ids);
  const expected = successStatus(operation);
  const answers = await sendHoldingAuthor(t, operation, () => Promise.all(sent.map(({ coded, body }, index) => sendCoded(t, operation, idsOf[index]!, body, coded))));
  sent.forEach(({ coded, marker }, index) => {
    const { status, json, exchange } = answers[index]!;
    const what = `${operation.operationId} with its JSON body in ${coded.name}, sent as Content-Encoding: ${coded.label}`;
    const why = coded.label === coded.label.toLowerCase() ? '' : ' (a content-coding is matched in any letter case, RFC 9110 section 8.4.1)';
    if (!t.verify(status === expected, `${what}, answered ${status ?? 'nothing'}; expected ${expected}: a JSON body may be compressed with gzip, deflate or br${why}`, { evidence: exchange })) return;
    if (field) {
      const answered = (json as Record<string, unknown> | undefined)?.[field];
      t.verify(sameText(answered, marker), `${what}, answered ${field} ${JSON.stringify(answered)}; expected ${JSON.stringify(marker)}, the value the body sent: the decoded body is the one applied`, { evidence: exchange });
    }
  });
  // An update is read back: the resource holds the value of one of them (they were sent at once).
  const reader = contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === operation.path);
  if (operation.method !== 'PATCH' || !field || !reader) return;
  const read = await t.call(reader, { ids });
  const stored = (read.json as Record<string, unknown> | undefined)?.[field];
  t.verify(sent.some(({ marker }) => sameText(stored, marker)), `after the updates in each coding, GET answered ${field} ${JSON.stringify(stored)}; expected one of the values they sent (${sent.map(({ marker }) => JSON.stringify(marker)).join(', ')})`, { evidence: read.exchange });
}

async function refusesMislabelledCodings(t: Kit, operation: OperationInfo): Promise<void> {
  guardAuthor(t, operation);
  const ids = await pathIdsFor(t, operation);
  const field = markedField(operation);
  const sent = MISLABELLED_CODINGS.map((coded) => ({ coded, ...markedBody(t, operation, field) }));
  const answers = await sendHoldingAuthor(t, operation, () => Promise.all(sent.map(({ coded, body }) => sendCoded(t, operation, ids, body, coded))));
  sent.forEach(({ coded }, index) => {
    const { status, exchange } = answers[index]!;
    t.verify(status === 400, `${operation.operationId} with its JSON body as ${coded.name} answered ${status ?? 'nothing'}; expected 400: the body does not decode under its Content-Encoding`, { evidence: exchange });
  });
}

for (const operation of contract.operations) {
  if (!jsonMedia(operation)) continue;
  forOperation(operation.operationId, (test) => {
    test('accepts its JSON body in each Content-Encoding the contract names, gzip, deflate (zlib) and br, each also in other letter case, and applies it', { check: 'positive_data_acceptance', rules: ['requests.content-encoding-accepted', 'requests.valid-input-accepted'], needs: ['state', 'content_decoding'] }, (t: Kit) => acceptsEachCoding(t, operation));
    test('refuses a body coded otherwise than its Content-Encoding says (raw DEFLATE or gzip as deflate, zlib as gzip) with 400', { check: 'negative_data_rejection', rules: ['requests.content-encoding'], needs: ['content_decoding'] }, (t: Kit) => refusesMislabelledCodings(t, operation));
  });
}
