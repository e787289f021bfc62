/**
 * What every list operation shares: the defaults (page 1, size 10), an envelope that adds up, newest-first
 * order, and a page past the end that is empty with the true total. listEmails, the core list, has its
 * own deeper tests on a known set of emails, and shares only the test of a page past the end: just past
 * the last page of a list of the test's own where it can make one, else of the shared list.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import type { Exchange } from '../../http/exchange.ts';
import type { Kit } from '../kit.ts';
import { orderingProblem, type Dated } from '../../contract/list-order.ts';
import { envelopeArithmeticProblem, type Envelope } from '../lists.ts';
import { fillPath, pathIdsFor, validBody } from '../requests.ts';
import { filledList, hasOwnParent, ITEMS_PER_LIST } from '../relations/populated.ts';

/** A page size that splits a list of ITEMS_PER_LIST items with a short last page (8 = 3 + 3 + 2). */
const SPLITTING_SIZE = 3;

const { contract } = suiteContext();

function isList(operation: OperationInfo): boolean {
  if (operation.method !== 'GET') return false;
  const success = operation.responses.find((response) => response.status === '200')?.content[0];
  const properties = success ? (contract.resolve(success.schema, success.schemaPointer).node.properties ?? {}) : {};
  return ['page', 'size', 'total', 'result'].every((field) => field in properties);
}

async function list(t: Kit, operation: OperationInfo, query: Record<string, number> = {}) {
  const ids = await pathIdsFor(t, operation);
  const { status, json, exchange } = await t.raw({ method: 'GET', path: fillPath(operation.path, ids), query });
  if (status !== 200) t.verify(false, `answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange });
  return { envelope: json as Envelope<Dated> | undefined, exchange };
}

/**
 * For a list of the workspace's own top-level resources (pages, newsletters), one of them in the
 * `--token2` workspace first, made once a run: the list's `total` counts the caller's workspace only
 * (lists.envelope-arithmetic, auth.workspace-scope), and a total that counts every workspace shows only
 * while another workspace holds one. Not on a mock, which keeps nothing.
 */
async function otherWorkspaceHoldsOne(t: Kit, operation: OperationInfo): Promise<void> {
  const create = contract.operations.find((candidate) => candidate.method === 'POST' && candidate.path === operation.path);
  if (!create || !t.options.token2 || t.options.profile !== 'live' || operation.parameters.some((parameter) => parameter.in === 'path')) return;
  await t.shared(`other-workspace-holds-${operation.operationId}`, async () => {
    const { status, exchange } = await t.call(create, { ids: {}, body: validBody(t, create, 'minimal'), authorization: `Bearer ${t.options.token2}` });
    t.ensure(status === 201, `${create.operationId} in the --token2 workspace answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
    return true;
  });
}

/** lists.envelope-arithmetic past the end: the envelope names the page and size asked for, not the last page's. */
function echoesPageAndSize(t: Kit, envelope: Envelope<Dated>, page: number, size: number, exchange: Exchange | undefined): void {
  t.verify(envelope.page === page && envelope.size === size, `asked for page ${page} of size ${size}, the envelope says page ${envelope.page} of size ${envelope.size}`, { evidence: exchange, rules: ['lists.envelope-arithmetic'] });
}

// listEmails is left to core/list-emails.test.ts, which tests the same on a known set of emails.
for (const operation of contract.operations.filter((candidate) => isList(candidate) && candidate.operationId !== 'listEmails')) {
  forOperation(operation.operationId, (test) => {
    test('answers page 1 of size 10 when page and size are not given', { check: 'pagination_defaults', rules: ['lists.default-page-and-size'] }, async (t: Kit) => {
      const { envelope, exchange } = await list(t, operation);
      if (!envelope) return;
      t.verify(envelope.page === 1 && envelope.size === 10, `the envelope says page ${envelope.page} of size ${envelope.size}; the defaults are 1 and 10`, { evidence: exchange });
      t.verify(envelope.result.length <= 10, `${envelope.result.length} items; the default size is 10`, { evidence: exchange });
    });

    test('answers an envelope that adds up', { check: 'pagination_arithmetic', rules: ['lists.envelope-arithmetic'] }, async (t: Kit) => {
      await otherWorkspaceHoldsOne(t, operation);
      // Other tests may add or delete items while the list is read, and a target may count the total
      // and read the page at two moments: one answer off by such a change says nothing of its rules.
      // So a wrong envelope is read again, and the test fails only when every read is wrong.
      const READS = 4;
      let wrong: { problem: string; exchange: Awaited<ReturnType<typeof list>>['exchange'] } | undefined;
      for (let read = 0; read < READS; read++) {
        const { envelope, exchange } = await list(t, operation, { size: 100 });
        if (!envelope) return;
        const problem = envelopeArithmeticProblem(envelope);
        wrong = problem === undefined ? undefined : { problem, exchange };
        if (!wrong) break;
      }
      t.verify(wrong === undefined, wrong ? `${wrong.problem} (in each of ${READS} reads)` : '', { evidence: wrong?.exchange });
    });

    test('lists newest first: created_at descending, then id descending', { check: 'list_ordering', rules: ['lists.newest-first'] }, async (t: Kit) => {
      const { envelope, exchange } = await list(t, operation, { size: 100 });
      if (!envelope) return;
      const problem = orderingProblem(envelope.result);
      t.verify(problem === undefined, problem ?? '', { evidence: exchange });
    });
  });
}

// lists.past-the-end for every list, listEmails included: a page far past the end, and the page just
// past the last one at a size that splits the list. A server that clamps a page past the end to the last
// page answers the same as one that does not when the list is empty, and a shared list may be empty.
for (const operation of contract.operations.filter(isList)) {
  forOperation(operation.operationId, (test) => {
    if (hasOwnParent(operation)) {
      test(`answers the page just past the end, at size ${SPLITTING_SIZE}, and one far past it, with no items and the true total`, { check: 'pagination_arithmetic', rules: ['lists.past-the-end', 'lists.envelope-arithmetic'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
        // A parent of the test's own holds a known number of items that no other test changes.
        const ids = await filledList(t, operation);
        const path = fillPath(operation.path, ids);
        const justPast = Math.ceil(ITEMS_PER_LIST / SPLITTING_SIZE) + 1;
        for (const [page, size] of [[justPast, SPLITTING_SIZE], [2_000_000_000, 1]] as const) {
          const { status, json, exchange } = await t.raw({ method: 'GET', path, query: { page, size } });
          const envelope = json as Envelope<Dated> | undefined;
          if (!t.verify(status === 200 && Array.isArray(envelope?.result), `page ${page} of size ${size} answered ${status ?? 'nothing'}; expected 200 with a list`, { evidence: exchange })) continue;
          echoesPageAndSize(t, envelope!, page, size, exchange);
          t.verify(envelope!.result.length === 0, `page ${page} of size ${size} holds ${envelope!.result.length} items; the list holds ${ITEMS_PER_LIST} items, so its last page at size ${size} is ${Math.ceil(ITEMS_PER_LIST / size)}`, { evidence: exchange });
          t.verify(envelope!.total === ITEMS_PER_LIST, `page ${page} of size ${size} says total ${envelope!.total}; the test made ${ITEMS_PER_LIST} items under a parent of its own`, { evidence: exchange });
        }
      });
      return;
    }
    test(`answers the page just past the end, at size ${SPLITTING_SIZE}, and one far past it, with no items and the true total`, { check: 'pagination_arithmetic', rules: ['lists.past-the-end', 'lists.envelope-arithmetic'], needs: ['input_reflection'] }, async (t: Kit) => {
      // Other tests may add or delete items meanwhile, even between two reads that agree (one item
      // created, then it or another deleted). A right answer in any clean attempt passes; a failure
      // needs a wrong answer in every clean attempt, and at least three of them, so that a list other
      // tests keep changing cannot fail a target that answers right.
      const ATTEMPTS = 8;
      const CLEAN_TO_FAIL = 3;
      const mismatches: Array<{ past: Awaited<ReturnType<typeof list>>; before: Envelope<Dated> }> = [];
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const before = await list(t, operation, { size: 1 });
        if (!before.envelope) return;
        // The page just past the last at a size that splits the list, and one far past it.
        const justPast = Math.ceil(before.envelope.total / SPLITTING_SIZE) + 1;
        const pasts = [await list(t, operation, { page: justPast, size: SPLITTING_SIZE }), await list(t, operation, { page: 2_000_000_000, size: 1 })];
        // What the envelope says of the page asked for holds whatever other tests write meanwhile.
        if (attempt === 0) {
          for (const [past, page, size] of [[pasts[0]!, justPast, SPLITTING_SIZE], [pasts[1]!, 2_000_000_000, 1]] as const) {
            if (past.envelope) echoesPageAndSize(t, past.envelope, page, size, past.exchange);
          }
        }
        const after = await list(t, operation, { size: 1 });
        if (pasts.some((past) => !past.envelope) || !after.envelope) return;
        if (before.envelope.total !== after.envelope.total) continue;
        const wrong = pasts.find((past) => past.envelope!.result.length > 0 || past.envelope!.total !== before.envelope!.total);
        if (!wrong) return;
        mismatches.push({ past: wrong, before: before.envelope });
      }
      if (mismatches.length >= CLEAN_TO_FAIL) {
        const { past, before } = mismatches.at(-1)!;
        t.verify(past.envelope!.result.length === 0, `page ${past.envelope!.page} of size ${past.envelope!.size} holds ${past.envelope!.result.length} items`, { evidence: past.exchange });
        t.verify(past.envelope!.total === before.total, `total is ${past.envelope!.total} past the end but ${before.total} on page 1 (in each of ${mismatches.length} attempts whose reads of page 1 agreed)`, { evidence: past.exchange });
        return;
      }
      t.notApplicable(
        mismatches.length > 0
          ? `the list changed between reads in most attempts (other tests were writing to it), and ${mismatches.length} clean attempt(s) are too few to judge its totals`
          : 'the list changed between every two reads (other tests were writing to it), so its totals cannot be compared',
      );
    });
  });
}
