/**
 * What every list operation shares: the defaults (page 1, size 10), an envelope that adds up, newest-first
 * order, and a page past the end that is empty with the true total. listEmails, the core list, has its
 * own deeper tests on a known set of emails.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import type { Kit } from '../kit.ts';
import { envelopeArithmeticProblem, orderingProblem, type Dated, type Envelope } from '../lists.ts';
import { fillPath, pathIdsFor } from '../requests.ts';

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

    test('answers a page past the end with no items and the true total', { check: 'pagination_arithmetic', rules: ['lists.past-the-end'], needs: ['input_reflection'] }, async (t: Kit) => {
      // Other tests may add or delete items meanwhile, even between two reads that agree (one item
      // created, then it or another deleted). A right answer in any clean attempt passes; a failure
      // needs a wrong answer in every clean attempt, and at least three of them, so that a list other
      // tests keep changing cannot fail a target that answers right.
      const ATTEMPTS = 8;
      const CLEAN_TO_FAIL = 3;
      const mismatches: Array<{ past: Awaited<ReturnType<typeof list>>; before: Envelope<Dated> }> = [];
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const before = await list(t, operation, { size: 1 });
        const past = await list(t, operation, { page: 2_000_000_000, size: 1 });
        const after = await list(t, operation, { size: 1 });
        if (!before.envelope || !past.envelope || !after.envelope) return;
        if (before.envelope.total !== after.envelope.total) continue;
        if (past.envelope.result.length === 0 && past.envelope.total === before.envelope.total) return;
        mismatches.push({ past, before: before.envelope });
      }
      if (mismatches.length >= CLEAN_TO_FAIL) {
        const { past, before } = mismatches.at(-1)!;
        t.verify(past.envelope!.result.length === 0, `page 2000000000 holds ${past.envelope!.result.length} items`, { evidence: past.exchange });
        t.verify(past.envelope!.total === before.total, `total is ${past.envelope!.total} past the end but ${before.total} on page 1 (in each of ${mismatches.length} attempts whose reads of page 1 agreed)`, { evidence: past.exchange });
        return;
      }
      t.notApplicable(
        mismatches.length > 0
          ? `the list changed between reads in most attempts (other tests were writing to it), and ${mismatches.length} clean attempt(s) are too few to judge its totals`
          : 'the list changed between every two reads (other tests were writing to it), so its totals cannot be compared',
      );
    });

    test('lists newest first: created_at descending, then id descending', { check: 'list_ordering', rules: ['lists.newest-first'] }, async (t: Kit) => {
      const { envelope, exchange } = await list(t, operation, { size: 100 });
      if (!envelope) return;
      const problem = orderingProblem(envelope.result);
      t.verify(problem === undefined, problem ?? '', { evidence: exchange });
    });
  });
}
