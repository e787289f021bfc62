/**
 * http.head: HEAD answers what GET answers, without the body, for every status a GET can give, not only
 * its success:
 *
 * - a resource that is there (200), no token (401), an id that names nothing (404), an invalid query or
 *   path value (422);
 * - where the contract lets the resource be deleted, one the test made and deleted (404:
 *   resources.gone-after-delete, for HEAD as for GET; a HEAD answered from what once existed is wrong
 *   only there);
 * - a resource of another workspace, asked for with that workspace's token (404: auth.workspace-scope;
 *   a HEAD that looks the resource up by its id alone is wrong only there);
 * - a child reached through another page or newsletter of its workspace (404:
 *   resources.child-of-its-parent; a HEAD that looks the child up by its id alone is wrong only there);
 * - a list filtered by each value of each of its filters (an enum or boolean query parameter; a HEAD
 *   that parses filters otherwise than GET is wrong only there);
 * - a resource in each state the contract gives it that the suite can bring it into
 *   (resource-states.ts: an author inactive, a post published, an email scheduled or sent; a server that
 *   answers HEAD from a shortcut seeing one state only is wrong only there);
 * - a resource, or a list's newest item, whose text goes beyond ASCII in two-, three- and four-byte
 *   UTF-8 (beyond-ascii.ts: a Content-Length counted in characters is wrong only there).
 *
 * The same status, the same media type, the headers the contract declares for that status (present on
 * both or on neither; `WWW-Authenticate` with the same value), no body, and a Content-Length, where HEAD
 * sends one, that is the length of GET's body (RFC 9110 section 8.6), judged where a second GET after the
 * HEAD shows the body did not change in between.
 */
import type { OperationInfo } from '../../contract/document.ts';
import type { Exchange } from '../../http/exchange.ts';
import type { Need } from '../../checks/profile.ts';
import { headContentLengthProblem } from '../../contract/head-content-length.ts';
import { mediaTypeOf } from '../../contract/validator.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit, RawRequest } from '../kit.ts';
import { fillPath, MISSING_ID, pathIdsFor } from '../requests.ts';
import { Resources } from '../resources.ts';
import { statesOf, type ResourceState } from './resource-states.ts';
import { DELIVERY_TEST_TIMEOUT_MS } from './child-states.ts';
import { beyondAsciiRead } from './beyond-ascii.ts';

const { contract } = suiteContext();

/** Headers compared by value: the same on every answer to the same request. */
const SAME_VALUE = ['www-authenticate', 'allow', 'access-control-allow-origin', 'access-control-expose-headers'];

const header = (exchange: Exchange, name: string) => exchange.response?.headers.find(([key]) => key.toLowerCase() === name)?.[1];

function declaredHeaders(operation: OperationInfo, status: number | undefined): string[] {
  const declared = operation.responses.find((response) => response.status === String(status));
  return (declared?.headers ?? []).map((entry) => entry.name.toLowerCase());
}

interface Situation {
  name: string;
  needs?: Need[];
  /** Rules the situation verifies besides http.head. */
  rules?: string[];
  /** The resource was deleted: GET must be 404 too (resources.gone-after-delete), not only HEAD as GET. */
  deleted?: boolean;
  request: (t: Kit) => Promise<RawRequest>;
  /** The resource is brought into a state: GET and HEAD are sent while it is in it. */
  state?: ResourceState;
  /** GET and HEAD are sent within this, which makes (or changes) what they read and hands the request over. */
  within?: <T>(t: Kit, work: (request: RawRequest) => Promise<T>) => Promise<T>;
}

/** The operation that deletes what a GET reads: the DELETE of the same path, if the contract has one. */
function deleterOf(operation: OperationInfo): OperationInfo | undefined {
  return contract.operations.find((candidate) => candidate.method === 'DELETE' && candidate.path === operation.path);
}

/** A resource of the test's own, made and then deleted through the contract's DELETE of the path. */
async function deletedResource(t: Kit, operation: OperationInfo, deleter: OperationInfo): Promise<RawRequest> {
  const ids = await pathIdsFor(t, operation);
  const { status } = await t.call(deleter, { ids });
  if (status !== 204) t.notApplicable(`needs a deleted resource, but ${deleter.operationId} answered ${status ?? 'nothing'}`);
  return { method: 'GET', path: fillPath(operation.path, ids) };
}

/** The parent of a child the GET reads by its own id: `page_id` for a post, `newsletter_id` for an email. */
function parentOf(operation: OperationInfo): 'page_id' | 'newsletter_id' | undefined {
  const names = operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
  if (!names.includes('id')) return undefined;
  return names.includes('page_id') ? 'page_id' : names.includes('newsletter_id') ? 'newsletter_id' : undefined;
}

/** A child of the test's own, read through another page or newsletter of the same workspace. */
async function throughOtherParent(t: Kit, operation: OperationInfo, parent: 'page_id' | 'newsletter_id'): Promise<RawRequest> {
  const ids = await pathIdsFor(t, operation);
  const resources = new Resources(t);
  const other = await t.shared(`head-other-${parent}`, async () => (parent === 'page_id' ? (await resources.page('head-other-parent')).id : (await resources.newsletter('head-other-parent')).id));
  return { method: 'GET', path: fillPath(operation.path, { ...ids, [parent]: other }) };
}

/** The token of a second workspace (--token2); without one the situation cannot be made. */
function secondToken(t: Kit): string {
  if (!t.options.token2) t.notApplicable('needs --token2, a token of a second workspace');
  return t.options.token2;
}

/** Every value of each query parameter with a closed set of them (an enum, a boolean): a list's filters. */
function filterValues(operation: OperationInfo): { name: string; value: string }[] {
  return operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .flatMap((parameter) => {
      const schema = contract.resolve(parameter.schema, parameter.schemaPointer).node;
      const values: unknown[] = Array.isArray(schema?.enum) ? schema.enum : schema?.type === 'boolean' ? [true, false] : [];
      return values.filter((value) => value !== null).map((value) => ({ name: parameter.name, value: String(value) }));
    });
}

function situations(operation: OperationInfo): Situation[] {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const real = async (t: Kit) => fillPath(operation.path, await pathIdsFor(t, operation));
  const list: Situation[] = [
    { name: 'a resource that is there (200)', request: async (t) => ({ method: 'GET', path: await real(t) }) },
    { name: 'no token (401)', request: async (t) => ({ method: 'GET', path: await real(t), authorization: null }) },
    { name: 'a wrong token (401)', needs: ['token_validation'], request: async (t) => ({ method: 'GET', path: await real(t), authorization: 'Bearer not-a-token-of-any-workspace' }) },
  ];
  if (pathParameters.length > 0) {
    // auth.workspace-scope: a resource of another workspace is a 404 for GET, so for HEAD too, not
    // found by its id alone. Asked with the second workspace's token of what the first one has.
    list.push({ name: "a resource of another workspace (404)", needs: ['state'], rules: ['auth.workspace-scope'], request: async (t) => ({ method: 'GET', path: await real(t), authorization: `Bearer ${secondToken(t)}` }) });
    list.push({ name: 'an id that names nothing (404)', request: async () => ({ method: 'GET', path: fillPath(operation.path, Object.fromEntries(pathParameters.map((parameter) => [parameter.name, MISSING_ID]))) }) });
    list.push({ name: 'an id that is not a number (422)', request: async () => ({ method: 'GET', path: fillPath(operation.path, Object.fromEntries(pathParameters.map((parameter) => [parameter.name, 'x']))) }) });
  }
  for (const { name, value } of filterValues(operation)) {
    // A list's filters are parsed on their own path: a HEAD that validates them otherwise than GET shows only here.
    list.push({ name: `the list filtered by ${name}=${value} (200)`, request: async (t) => ({ method: 'GET', path: await real(t), query: { [name]: value } }) });
  }
  if (operation.parameters.some((parameter) => parameter.in === 'query' && parameter.name === 'size')) {
    list.push({ name: 'a size out of range (422)', request: async (t) => ({ method: 'GET', path: await real(t), query: { size: 0 } }) });
  }
  const parent = parentOf(operation);
  if (parent) {
    // resources.child-of-its-parent: a 404 for GET, so a 404 for HEAD, not the child found by its id alone.
    list.push({ name: `a resource reached through another ${parent === 'page_id' ? 'page' : 'newsletter'} of the workspace (404)`, needs: ['state'], rules: ['resources.child-of-its-parent'], request: (t) => throughOtherParent(t, operation, parent) });
  }
  const deleter = deleterOf(operation);
  if (deleter) {
    list.push({ name: 'a resource the test deleted (404)', needs: ['state'], rules: ['resources.gone-after-delete'], deleted: true, request: (t) => deletedResource(t, operation, deleter) });
  }
  const beyondAscii = beyondAsciiRead(operation);
  if (beyondAscii) {
    // A Content-Length counted in characters (UTF-16 code units) is right for ASCII alone: the text here
    // takes two, three and four bytes a character, so only a length in bytes agrees with GET's body.
    list.push({ name: 'a resource whose text goes beyond ASCII, in 2-, 3- and 4-byte UTF-8 (200)', needs: ['state'], within: beyondAscii, request: async () => ({ method: 'GET', path: operation.path }) });
  }
  for (const state of statesOf(operation)) {
    // A resource in that state is there: GET answers 200, and HEAD must too.
    list.push({ name: `a resource with ${state.name} (200)`, needs: ['state'], state, request: async () => ({ method: 'GET', path: operation.path }) });
  }
  return list;
}

/** Tries of GET, HEAD and GET before a Content-Length that disagrees with GET's body counts. */
const LENGTH_ATTEMPTS = 4;

/**
 * GET, HEAD, then GET again of the situation's request; for a state, all while the resource is in it.
 * The second GET tells whether the answer HEAD stands for stayed the same meanwhile (another test may
 * change a shared resource): only then is HEAD's Content-Length judged against it.
 */
async function getAndHead(t: Kit, operation: OperationInfo, situation: Situation) {
  const send = async (request: RawRequest) => {
    const get = await t.raw(request);
    const head = await t.raw({ ...request, method: 'HEAD' });
    return { get, head, getAgain: await t.raw(request) };
  };
  if (situation.within) return situation.within(t, send);
  if (situation.state) return situation.state.within(t, (ids) => send({ method: 'GET', path: fillPath(operation.path, ids) }));
  return send(await situation.request(t));
}

for (const operation of contract.operations.filter((candidate) => candidate.method === 'GET')) {
  forOperation(operation.operationId, (test) => {
    for (const situation of situations(operation)) {
      const rules = ['http.head', ...(situation.rules ?? [])];
      test(`answers HEAD as GET without the body, for ${situation.name}`, { check: 'head_as_get', rules, needs: ['head', ...(situation.needs ?? [])], timeoutMs: situation.state?.waitsForDelivery ? DELIVERY_TEST_TIMEOUT_MS : undefined }, async (t: Kit) => {
        const { get, head, getAgain } = await getAndHead(t, operation, situation);
        const evidence = { evidence: head.exchange };
        if (situation.deleted) {
          t.verify(get.status === 404, `GET of a resource the test deleted answered ${get.status ?? 'nothing'}; expected 404`, { check: 'use_after_free', evidence: get.exchange, rules: ['resources.gone-after-delete'] });
        }
        if (!t.verify(head.status === get.status, `HEAD answered ${head.status ?? `nothing (${head.exchange.error})`} where GET answered ${get.status}`, evidence)) return;
        t.verify(!head.exchange.response?.body, `HEAD answered with a body of ${head.exchange.response?.body.length} bytes`, evidence);
        const getType = mediaTypeOf(header(get.exchange, 'content-type') ?? null);
        const headType = mediaTypeOf(header(head.exchange, 'content-type') ?? null);
        t.verify(getType === headType, `HEAD's Content-Type is ${headType ?? 'absent'}, GET's is ${getType ?? 'absent'}`, evidence);
        for (const name of declaredHeaders(operation, get.status)) {
          const [onGet, onHead] = [header(get.exchange, name), header(head.exchange, name)];
          t.verify((onGet === undefined) === (onHead === undefined), `${name} is ${onHead === undefined ? 'missing from HEAD' : 'on HEAD only'} (GET: ${onGet ?? 'absent'})`, evidence);
          if (SAME_VALUE.includes(name) && onGet !== undefined && onHead !== undefined) t.verify(onGet === onHead, `${name} is ${JSON.stringify(onHead)} on HEAD, ${JSON.stringify(onGet)} on GET`, evidence);
        }
        // Another test may change a shared list and change it back between the two GETs (an item made,
        // then deleted), which they cannot show: a length that disagrees is judged only when it does in
        // every try, as a server that sends a wrong one does.
        let length = headContentLengthProblem(get.exchange, head.exchange, getAgain.exchange);
        for (let attempt = 2; length !== undefined && attempt <= LENGTH_ATTEMPTS; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
          const again = await getAndHead(t, operation, situation);
          length = headContentLengthProblem(again.get.exchange, again.head.exchange, again.getAgain.exchange);
        }
        if (length) t.verify(false, length, evidence);
      });
    }
  }, { concurrent: true });
}
