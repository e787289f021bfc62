/**
 * headers.location-created on every 201 of the run, not only on the location tests' own creates: the
 * `Location` of a created resource is its URL, which the contract's paths give as the create's path
 * followed by the new id (`…/pages/42` for a createPage at `…/pages`), wherever the contract has a GET
 * of that path. A server that builds the URL from something else (an explicit slug, a memoized parent)
 * answers the location tests right when they create with a default body, and only shows here.
 *
 * An answer without an `id`, or a create whose resource the API does not read back by id (an upload:
 * its Location is the image's public URL, image.location-is-url), is not judged here.
 */
import type { Exchange } from '../http/exchange.ts';
import type { ContractDocument, OperationInfo } from './document.ts';

/** Whether the operation's 201 declares a Location and the contract reads its resource at `<path>/{id}`. */
function namesItsResource(contract: ContractDocument, operation: OperationInfo): boolean {
  const created = operation.responses.find((response) => response.status === '201');
  if (!created?.headers.some((header) => header.name.toLowerCase() === 'location')) return false;
  return contract.operations.some((candidate) => candidate.method === 'GET' && candidate.path === `${operation.path}/{id}`);
}

/** What is wrong with a 201's Location, or undefined when it names the created resource (or is not judged). */
export function createdLocationProblem(contract: ContractDocument, operation: OperationInfo, exchange: Exchange, body: unknown): string | undefined {
  if (exchange.response?.status !== 201 || !namesItsResource(contract, operation)) return undefined;
  const id = (body as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'number') return undefined;
  const location = new Headers(exchange.response.headers).get('location');
  if (location === null) return `the 201 of ${operation.operationId} carries no Location`;
  const request = new URL(exchange.request.url);
  const expected = `${request.origin}${request.pathname.replace(/\/+$/, '')}/${id}`;
  let resolved: string;
  try {
    const url = new URL(location, request);
    resolved = `${url.origin}${url.pathname}${url.search}`;
  } catch {
    return `the 201 of ${operation.operationId} carries Location ${JSON.stringify(location)}, which is no URL`;
  }
  return resolved === expected ? undefined : `the 201 of ${operation.operationId} carries Location ${JSON.stringify(location)}, which resolves to ${resolved}; the created resource ${id} is at ${expected}`;
}
