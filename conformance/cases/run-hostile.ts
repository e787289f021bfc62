/**
 * Sends one hostile case and judges it with the suite's checks: the status the contract gives
 * (negative_data_rejection; never a 5xx, which every exchange is checked for), that the target stayed
 * responsive meanwhile and after (stays_responsive), and that a refused write stored nothing
 * (failed_write_leaves_nothing: the list shows no resource with the case's marker, or the resource the
 * write named reads as before). A few cases are short sequences of their own: HEAD against GET, a name
 * in another non-ASCII letter case, and a page name another workspace already has.
 */
import { isDeepStrictEqual } from 'node:util';
import { missingCapability, type Need } from '../checks/profile.ts';
import type { OperationInfo } from '../contract/document.ts';
import type { Exchange } from '../http/exchange.ts';
import { jsonBody } from '../http/exchange.ts';
import { sendStalled } from '../http/stalled-body.ts';
import type { Kit, RawResult } from '../suite/kit.ts';
import { pathIdsFor, type PathIds } from '../suite/requests.ts';
import { Resources } from '../suite/resources.ts';
import { guardAuthor, sendHoldingAuthor } from '../suite/shared-author.ts';
import { noteExchange, type CaseMeta } from './case-meta.ts';
import { mostErrorsListed } from './errors-listed.ts';
import { NUMBER_SPELLINGS, type HostileInput } from './hostile-inputs.ts';
import { hostileRequest, markedBody } from './hostile-requests.ts';
import type { GeneratedCase } from './model.ts';
import { judgeResponsiveness, whileProbing } from './responsiveness.ts';
import { deleterOf, successStatus, verdict } from './run-case.ts';
import { verifyConflictType } from '../suite/conflicts.ts';

/** What the target must be able to do for a hostile case to apply (the mock lacks these; see profile.ts). */
export function hostileNeeds(hostile: HostileInput): Need[] {
  switch (hostile.kind) {
    case 'number':
      return NUMBER_SPELLINGS[hostile.spelling].canonicalOnly ? ['canonical_numbers'] : [];
    case 'lone-surrogate':
    case 'invalid-utf8':
      return ['well_formed_text'];
    case 'charset':
      return ['charset_rejection'];
    case 'encoding':
      return ['content_decoding'];
    case 'stalled-oversize':
      return ['size_limit'];
    case 'head':
      return ['head'];
    case 'unicode-case':
      return ['state'];
    case 'domain-signal':
      return ['state', 'token_validation'];
    case 'unknown-keys':
    case 'deep-nesting':
      return ['bounded_cost'];
    default:
      return [];
  }
}

/** How a write's effect can be seen: the list it would appear in, or the resource it names. */
type Witness = { list: OperationInfo } | { resource: OperationInfo } | undefined;

function witnessOf(t: Kit, operation: OperationInfo): Witness {
  if (operation.method === 'GET' || operation.method === 'HEAD') return undefined;
  const list = t.contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === operation.path);
  if (operation.method === 'POST' && list) return { list };
  const resourcePath = operation.path.replace(/\/send$/, '');
  const resource = t.contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === resourcePath && resourcePath.endsWith('{id}'));
  return resource ? { resource } : undefined;
}

async function readResource(t: Kit, resource: OperationInfo, ids: PathIds): Promise<RawResult> {
  return t.call(resource, { ids });
}

function accepted(operation: OperationInfo, status: number | undefined): boolean {
  return status !== undefined && status === successStatus(operation);
}

/** A refused write left nothing: no listed resource carries the marker, or the named resource is unchanged. */
async function verifyNothingStored(t: Kit, operation: OperationInfo, witness: Witness, ids: PathIds, marker: string, before: RawResult | undefined, evidence: Exchange): Promise<void> {
  if (!witness || missingCapability(t.options.profile, ['state'])) return;
  if ('list' in witness) {
    const listed = await t.call(witness.list, { ids, query: { size: 100 } });
    if (!t.verify(listed.status === 200, `after the refused write, ${witness.list.operationId} answered ${listed.status ?? 'nothing'}: what the write stored cannot be read back`, { check: 'failed_write_leaves_nothing', evidence: listed.exchange })) return;
    const items = ((listed.json as { result?: unknown[] } | undefined)?.result ?? []) as Record<string, unknown>[];
    const stored = items.find((item) => JSON.stringify(item).includes(marker));
    t.verify(!stored, `the write was refused, yet ${witness.list.operationId} lists what it sent, stored as ${JSON.stringify(stored)?.slice(0, 300)}`, { check: 'failed_write_leaves_nothing', evidence });
    const deleter = deleterOf(t, operation);
    if (stored && deleter && typeof stored.id === 'number') t.cleanup(`${deleter.operationId} ${stored.id}`, async () => void (await t.call(deleter, { ids: { ...ids, id: stored.id as number } })));
    return;
  }
  const after = await readResource(t, witness.resource, ids);
  if (!before) return;
  t.verify(
    after.status === before.status && isDeepStrictEqual(after.json, before.json),
    `the write was refused, yet ${witness.resource.operationId} reads ${after.status} ${after.exchange.response?.body.slice(0, 300) ?? ''} where it read ${before.status} ${before.exchange.response?.body.slice(0, 300) ?? ''} before`,
    { check: 'failed_write_leaves_nothing', evidence },
  );
}

/** Records the verdict on the answer's status (and, for many unknown keys, on the length of the list of errors). */
function judgeAnswer(t: Kit, operation: OperationInfo, generated: GeneratedCase, exchange: Exchange): void {
  const status = exchange.response?.status;
  const expect = generated.expect;
  if (expect.kind === 'accept_or_reject') {
    const success = successStatus(operation);
    t.verify(status === success || status === expect.status, status === undefined ? `no answer: ${exchange.error}` : `answered ${status}; expected ${success} (accepted) or ${expect.status} (refused)`, {
      check: 'positive_data_acceptance',
      evidence: exchange,
    });
    return;
  }
  if (expect.kind !== 'reject') return;
  // A target may close the connection on a body it refuses to read: an answer too, and a prompt one.
  const closed = generated.input.hostile?.kind === 'stalled-oversize' && exchange.closed === true;
  const allowed = [expect.status, ...(expect.also ?? [])];
  const reason = status === undefined ? `no answer: ${exchange.error}; expected ${allowed.join(' or ')}` : verdict(status, expect.status) + (expect.also ? ` (or ${expect.also.join(', ')})` : '');
  t.verify(closed || (status !== undefined && allowed.includes(status)), reason, { check: 'negative_data_rejection', evidence: exchange });
  const hostile = generated.input.hostile;
  // The mock answers every invalid request with the same example, which names another field.
  if (hostile?.kind === 'control-character' && status === 422 && !missingCapability(t.options.profile, ['input_reflection'])) {
    const errors = (jsonBody(exchange) as { errors?: Array<{ field?: unknown }> } | undefined)?.errors;
    const fields = Array.isArray(errors) ? errors.map((error) => error?.field) : [];
    t.verify(fields.includes(hostile.field), `the 422 names ${JSON.stringify(fields)}, not ${hostile.field}, the field that holds the control character`, {
      check: 'negative_data_rejection',
      evidence: exchange,
    });
  }
  if (generated.input.hostile?.kind === 'unknown-keys' && status === 422) {
    const errors = (jsonBody(exchange) as { errors?: unknown[] } | undefined)?.errors;
    const count = Array.isArray(errors) ? errors.length : 0;
    const most = mostErrorsListed(t.contract.document);
    t.verify(count <= most, `the 422 lists ${count} errors; the contract lists at most ${most} (ValidationProblem.errors maxItems) and says in detail how many there were`, {
      check: 'negative_data_rejection',
      evidence: exchange,
    });
  }
}

/** HEAD where the contract has GET: GET's success status, and no body. */
async function runHead(t: Kit, operation: OperationInfo, ids: PathIds, meta: CaseMeta): Promise<void> {
  const request = hostileRequest(t, operation, { kind: 'head' }, ids, '');
  if (!('raw' in request)) return;
  const { exchange, status } = await t.raw(request.raw);
  noteExchange(meta, status, []);
  const expected = successStatus(operation);
  t.verify(status === expected, `HEAD answered ${status ?? `nothing (${exchange.error})`} where GET answers ${expected}: HEAD is GET without the body (RFC 9110)`, { evidence: exchange });
  t.verify(!exchange.response?.body, `HEAD answered with a body of ${exchange.response?.body.length} bytes`, { evidence: exchange });
}

/** A name already used, sent again with one non-ASCII letter in the other case: the same name, 409. */
async function runUnicodeCase(t: Kit, operation: OperationInfo, field: string, meta: CaseMeta): Promise<void> {
  const marker = t.names.name('hostile');
  const body = markedBody(t, operation, marker) ?? {};
  const first = await t.call(operation, { ids: {}, body: { ...body, [field]: `${marker} Ärger` } });
  noteExchange(meta, first.status, []);
  t.ensure(first.status === successStatus(operation), `${operation.operationId} answered ${first.status} to a new name; the case needs it created`, { check: 'positive_data_acceptance', evidence: first.exchange });
  const again = await t.call(operation, { ids: {}, body: { ...body, [field]: `${marker} ärger` } });
  noteExchange(meta, again.status, []);
  t.verify(again.status === 409, `"${marker} ärger" was ${again.status === successStatus(operation) ? 'created' : `answered ${again.status}`} although "${marker} Ärger" exists: names are the same regardless of letter case, in every script`, {
    evidence: again.exchange,
  });
  verifyConflictType(t, again.exchange, 'name-taken', `"${marker} ärger" after "${marker} Ärger"`);
}

/** The shape of a domain with the page's own slug taken out and every run of letters or digits masked. */
function domainShape(domain: string, slug: string): string {
  const mask = (part: string) => part.replace(/[a-z0-9]+/gi, '#');
  const at = domain.indexOf(slug);
  return at < 0 ? mask(domain) : `${mask(domain.slice(0, at))}<name>${mask(domain.slice(at + slug.length))}`;
}

/** A page name another workspace already has gets a domain of the same shape as a name nobody has. */
async function runDomainSignal(t: Kit, operation: OperationInfo, meta: CaseMeta): Promise<void> {
  if (!t.options.token2) t.notApplicable('needs --token2, a token of a second workspace');
  const create = async (name: string, authorization?: string) => {
    const made = await t.call(operation, { ids: {}, body: { name }, ...(authorization ? { authorization } : {}) });
    noteExchange(meta, made.status, []);
    t.ensure(made.status === successStatus(operation), `${operation.operationId} answered ${made.status}; the case needs the page created`, { check: 'positive_data_acceptance', evidence: made.exchange });
    return { page: made.json as { domain: string; name_slug: string }, exchange: made.exchange };
  };
  const alone = await create(t.names.name('hostile-domain'));
  const shared = t.names.name('hostile-domain');
  await create(shared, `Bearer ${t.options.token2}`);
  const second = await create(shared);
  const expected = domainShape(alone.page.domain, alone.page.name_slug);
  const got = domainShape(second.page.domain, second.page.name_slug);
  t.verify(got === expected, `the page's domain ${second.page.domain} has the shape ${got}, where a name no other workspace uses gets ${expected} (${alone.page.domain}): it tells this workspace that another has a page of that name`, {
    evidence: second.exchange,
  });
}

/**
 * Ids for the operation's hostile cases: like every test's, except that a page or newsletter the cases
 * would change is one of their own, never the run's shared one: a target that takes a hostile write
 * must not break the tests that share it, nor the light request that measures responsiveness.
 */
async function hostileIds(t: Kit, operation: OperationInfo): Promise<PathIds> {
  const ids = await pathIdsFor(t, operation);
  if (operation.method === 'GET' || ids.id === undefined) return ids;
  const resources = new Resources(t);
  if (operation.path === '/pages/{id}') return { ...ids, id: (await resources.page('hostile')).id };
  if (operation.path === '/newsletters/{id}') return { ...ids, id: (await resources.newsletter('hostile')).id };
  return ids;
}

export async function runHostileCase(t: Kit, operation: OperationInfo, generated: GeneratedCase, meta: CaseMeta): Promise<void> {
  const hostile = generated.input.hostile;
  if (!hostile) throw new Error(`the case "${generated.title}" is not hostile; this is a fault of the suite`);
  if (hostile.kind === 'unicode-case') return runUnicodeCase(t, operation, hostile.field, meta);
  if (hostile.kind === 'domain-signal') return runDomainSignal(t, operation, meta);
  guardAuthor(t, operation);
  // Refused requests change nothing, so the hostile cases of an operation share one set of resources.
  const ids = await t.shared('hostile-ids', () => hostileIds(t, operation));
  if (hostile.kind === 'head') return runHead(t, operation, ids, meta);

  const marker = t.names.name('hostile');
  const request = hostileRequest(t, operation, hostile, ids, marker);
  const witness = witnessOf(t, operation);
  await sendHoldingAuthor(t, operation, async () => {
    const before = witness && 'resource' in witness && !missingCapability(t.options.profile, ['state']) ? await readResource(t, witness.resource, ids) : undefined;
    const send = async () => {
      if ('raw' in request) return (await t.raw(request.raw)).exchange;
      // A stalled body goes through node:http, past the kit's clients: its answer still counts for status coverage.
      const stalled = await sendStalled(request.stalled);
      t.observe(stalled);
      return stalled;
    };
    const { result: exchange, responsiveness } = await whileProbing(t, send);
    noteExchange(meta, exchange.response?.status, hostile.kind === 'number' ? [`${hostile.in}.${hostile.name}`] : []);
    judgeAnswer(t, operation, generated, exchange);
    const wasAccepted = accepted(operation, exchange.response?.status);
    const unconfirmed = await judgeResponsiveness(t, operation, responsiveness, exchange, wasAccepted ? undefined : send);
    const createdId = (jsonBody(exchange) as { id?: unknown } | undefined)?.id;
    const deleter = deleterOf(t, operation);
    if (wasAccepted) {
      if (deleter && typeof createdId === 'number') t.cleanup(`${deleter.operationId} ${createdId}`, async () => void (await t.call(deleter, { ids: { ...ids, id: createdId } })));
    } else if (exchange.response || exchange.closed) {
      await verifyNothingStored(t, operation, witness, ids, marker, before, exchange);
    }
    if (unconfirmed) t.notApplicable(unconfirmed);
  });
}
