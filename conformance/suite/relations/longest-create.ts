/**
 * A resource with every field at its longest, for the reads that must show it whole: each field of the
 * create's body at the longest its schema allows (`maxLength`, 500,000 characters of `content_html`
 * included; 10,000 for a text without one; an address, a URL, a slug at theirs; the last value of an
 * enum), names unique to the run (requests.ts validBody, strategy `longest`). Write-only fields are left
 * out: no read shows them, and `content_md` beside `content_html` would only double the body.
 *
 * The contract bounds each field and nothing else: a server that stores or reads a long value another
 * way (a column of its own, a query that leaves a long value for later and completes it cut, a summary
 * of the first 4,096 bytes for the list) shows only on a value past that size, so only at the longest.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import type { Kit } from '../kit.ts';
import { validBody } from '../requests.ts';
import { Resources } from '../resources.ts';
import type { Json } from './update-subjects.ts';

/** The create of the items of a list: the POST at the list's path, when the contract has one. */
export const createOf = (t: Kit, list: OperationInfo): OperationInfo | undefined =>
  t.contract.operations.find((candidate) => candidate.method === 'POST' && candidate.path === list.path);

/** A body of `create` with every field it takes, each at its longest, but the write-only ones. */
export function longestCreateBody(t: Kit, create: OperationInfo): Json {
  const body = validBody(t, create, 'longest', { categoryId: null, authorId: new Resources(t).authorId() });
  const media = jsonMedia(create);
  const properties = (media ? constrainedBranch(t.contract, media.schema)?.properties : undefined) ?? {};
  for (const [field, raw] of Object.entries<unknown>(properties)) {
    const writeOnly = (raw as { writeOnly?: boolean } | undefined)?.writeOnly === true || constrainedBranch(t.contract, raw)?.writeOnly === true;
    if (writeOnly) delete body[field];
  }
  return body;
}

/** Creates the resource with every field at its longest under `parentIds`; a create that fails ends the test. */
export async function createLongest(t: Kit, create: OperationInfo, parentIds: Record<string, number>): Promise<Json & { id: number }> {
  const { status, json, exchange } = await t.call(create, { ids: parentIds, body: longestCreateBody(t, create) });
  t.ensure(status === 201, `${create.operationId} with every field at its longest answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
  return json as Json & { id: number };
}
