/**
 * resources.update-kept ("create, get, list and update agree"), on the list operation's own tests: every
 * item of a list of the test's own, made with a value in every optional field its create takes
 * (populated.ts filledList), is listed as its get operation reads it, every field the two schemas share
 * (update-subjects.ts listOf). The updates' tests compare the list with the get only for a resource
 * they updated, and only in a run that includes the update; a list that leaves out a field the get
 * answers (a summary query without the image columns) shows here, in a run of the list alone.
 *
 * Only the lists under a parent of the test's own (no other test writes to them between the list and the
 * gets) whose item has a get (the list's path and `/{id}`).
 *
 * Cost: the filled list, one read of it at the largest size and one get per item.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { inBatches } from './in-batches.ts';
import { filledList, hasOwnParent, isList, ITEMS_PER_LIST } from './populated.ts';
import { differences, listOf, readResource, type Json } from './update-subjects.ts';
import { maximumSize, walkList } from './walk.ts';

const { contract } = suiteContext();

/** The get that reads one item of the list: the GET of the list's path and `/{id}`, when the contract has it. */
function readerOf(list: OperationInfo): OperationInfo | undefined {
  return contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === `${list.path}/{id}`);
}

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && hasOwnParent(candidate))) {
  const reader = readerOf(operation);
  const fields = reader && listOf(contract, reader.operationId)?.operation === operation ? listOf(contract, reader.operationId)!.fields : [];
  if (!reader || fields.length === 0) continue;
  forOperation(operation.operationId, (test) => {
    test(`lists every item as ${reader.operationId} reads it, every field both answer`, { check: 'crud_agreement', rules: ['resources.update-kept'], needs: ['state'] }, async (t: Kit) => {
      const ids = await filledList(t, operation);
      const walk = await walkList(t, operation, ids, { size: maximumSize(t, operation) });
      t.ensure(walk.problem === undefined, walk.problem ?? '', { evidence: walk.exchange });
      t.ensure(walk.items.length === ITEMS_PER_LIST, `the list holds ${walk.items.length} items; the test made ${ITEMS_PER_LIST}`, { evidence: walk.exchange });
      const reads = await inBatches(walk.items, 4, async (item) => ({ item, read: await readResource(t, reader.operationId, { ...ids, id: item.id }) }));
      for (const { item, read } of reads) {
        const disagree = differences(read, item as Json, fields);
        if (!t.verify(disagree.length === 0, `${operation.operationId} shows ${item.id} otherwise than ${reader.operationId} reads it: ${disagree.join('; ')}`, { evidence: walk.exchange })) return;
      }
    });
  });
}
