/**
 * On a disposable target, the lists every test shares (pages, newsletters) are made longer than their
 * largest page before any test runs. Every other list a test reads is of its own making and a few items
 * long, and pages and newsletters cannot be deleted, so without this a run never reads a full page at
 * the largest size of them: a server that cuts such a page short (list_page_filled) would pass. Made
 * before the tests, so that no test that looks for what it just made on the first page of the largest
 * size finds it pushed off by a hundred newer items. Only where the run reads the list.
 *
 * Cost: at most the largest size plus one creations of each (eight at a time), once per target: a
 * target that already holds that many gets none.
 */
import type { ApiClient } from '../http/api-client.ts';
import type { ContractDocument } from '../contract/document.ts';
import { largestPageSize } from '../contract/page-size.ts';
import type { RunOptions } from '../run-options.ts';

const AT_ONCE = 8;

/** The top-level lists and the create that adds to each. */
const LISTS = [
  { list: 'listPages', path: '/pages', create: (api: ApiClient, name: string) => api.POST('/pages', { body: { name } }) },
  { list: 'listNewsletters', path: '/newsletters', create: (api: ApiClient, name: string) => api.POST('/newsletters', { body: { name } }) },
] as const;

/** Fills each shared list the run reads past its largest page; what it could not do is said, not thrown. */
export async function fillSharedLists(api: ApiClient, contract: ContractDocument, options: RunOptions): Promise<string[]> {
  if (options.disposableTarget !== true) return [];
  const unfilled: string[] = [];
  for (const { list, path, create } of LISTS) {
    const operation = contract.operations.find((candidate) => candidate.operationId === list);
    const largest = operation && largestPageSize(contract, operation);
    // Not through context.ts's isIncluded: that module is the test workers', and this runs before them.
    const read = options.include.length === 0 || options.include.includes(list);
    if (!read || largest === undefined) continue;
    const { data, response } = await api.GET(path, { params: { query: { size: 1 } } });
    if (!data) {
      unfilled.push(`${list} answered ${response.status}`);
      continue;
    }
    const names = Array.from({ length: Math.max(0, largest + 1 - data.total) }, (_, index) => `conformance-${options.runId}-long-list-${index + 1}`);
    for (let start = 0; start < names.length; start += AT_ONCE) {
      const answers = await Promise.all(names.slice(start, start + AT_ONCE).map((name) => create(api, name)));
      const refused = answers.find(({ response: answer }) => answer.status !== 201);
      if (refused) {
        unfilled.push(`${list}: a create to fill it answered ${refused.response.status}`);
        break;
      }
    }
  }
  return unfilled;
}
