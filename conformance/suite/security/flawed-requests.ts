/**
 * Requests to an operation that are wrong in something besides their credentials, one of each kind the
 * contract judges after authentication (errors.precedence: "`401` or `429`" first, then the path, the
 * body's form (`413`, `415`, `400`), then the request judged on its own (`422`)): a declared body over
 * the limit, a body of another media type, a body that is not JSON, an unknown query parameter, an
 * invalid query parameter, an id that is not a number, and `HEAD` with an unknown query parameter (and
 * an id that is not a number, where the path has one). Sent without a valid token, each is a 401: a
 * server that judges one of them before the token answers its other error, and shows only here.
 */
import { jsonMedia, takesUpload } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { parameterMutations } from '../../generate/mutations.ts';
import type { StalledRequest } from '../../http/stalled-body.ts';
import { stalledWaitMs } from '../../cases/hostile-requests.ts';
import type { Kit, RawRequest } from '../kit.ts';
import { fillPath, missingIds, wellFormedRequest } from '../requests.ts';

/** The contract's limits of a JSON body (1 MiB) and of an upload (10 MiB); each kind is declared 1 MiB past its own. */
const JSON_LIMIT = 1024 * 1024;
const UPLOAD_LIMIT = 10 * 1024 * 1024;
/** What is sent of a declared oversized body before it stalls: a server that reads the length first needs none of it. */
const SENT_BEFORE_STALLING = 1024;

/** A query parameter no operation has. */
const UNKNOWN_QUERY = { conformance_unknown: '1' };

export interface FlawedRequest {
  /** What else is wrong with it: `a body that is not JSON`. */
  flaw: string;
  /** The request, with the credentials it is given; `stalled` for the one fetch cannot send. */
  send: (authorization: string | null) => { raw: RawRequest } | { stalled: StalledRequest };
}

/** A request that declares a body over the operation's limit and sends its first bytes only. */
function declaredOversize(t: Kit, operation: OperationInfo, path: string, authorization: string | null): StalledRequest {
  const upload = takesUpload(operation) && !jsonMedia(operation);
  const boundary = 'conformance-unauthenticated-boundary';
  return {
    url: t.options.baseUrl + path,
    method: operation.method,
    headers: { ...t.options.headers, ...(authorization === null ? {} : { Authorization: authorization }), 'Content-Type': upload ? `multipart/form-data; boundary=${boundary}` : 'application/json' },
    declared: (upload ? UPLOAD_LIMIT : JSON_LIMIT) + 1024 * 1024,
    sent: Buffer.alloc(SENT_BEFORE_STALLING, 0x20),
    waitMs: stalledWaitMs(t),
  };
}

/** One request of each kind of flaw the operation can have; its path ids name nothing, so a skipped check changes nothing. */
export function flawedRequests(t: Kit, operation: OperationInfo): FlawedRequest[] {
  const ids = missingIds(operation);
  const base = wellFormedRequest(t, operation, ids);
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const notANumber = fillPath(operation.path, Object.fromEntries(pathParameters.map((parameter) => [parameter.name, 'x'])));
  const raw = (request: RawRequest) => (authorization: string | null) => ({ raw: { ...request, authorization } });
  const flawed: FlawedRequest[] = [
    // requests.body-size-limit: 413 is declared on every operation, a body or not.
    { flaw: 'a declared Content-Length over the body limit (the body stalling)', send: (authorization) => ({ stalled: declaredOversize(t, operation, base.path, authorization) }) },
    { flaw: 'an unknown query parameter', send: raw({ ...base, query: UNKNOWN_QUERY }) },
  ];
  if (operation.requestBody) flawed.push({ flaw: 'a body of another media type (text/plain)', send: raw({ ...base, body: 'conformance', contentType: 'text/plain', curlBody: undefined }) });
  if (jsonMedia(operation)) flawed.push({ flaw: 'a body that is not JSON', send: raw({ ...base, body: '{"', contentType: 'application/json' }) });
  const query = operation.parameters.find((parameter) => parameter.in === 'query');
  const mutation = query && parameterMutations(t.contract, query)[0];
  if (query && mutation) flawed.push({ flaw: `${mutation.description} (${JSON.stringify(mutation.value)})`, send: raw({ ...base, query: { [query.name]: mutation.value } }) });
  if (pathParameters.length > 0) flawed.push({ flaw: 'ids that are not a number', send: raw({ ...base, path: notANumber }) });
  if (operation.method === 'GET') {
    flawed.push({ flaw: `HEAD with an unknown query parameter${pathParameters.length > 0 ? ' and ids that are not a number' : ''}`, send: raw({ method: 'HEAD', path: notANumber, query: UNKNOWN_QUERY }) });
  }
  return flawed;
}
