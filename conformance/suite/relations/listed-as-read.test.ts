/**
 * resources.update-kept ("create, get, list and update agree"), on the list operation's own tests: every
 * item of a list of the test's own, made with a value in every optional field its create takes
 * (populated.ts filledList), is listed as its get operation reads it, every field the two schemas share
 * (update-subjects.ts listOf). The updates' tests compare the list with the get only for a resource
 * they updated, and only in a run that includes the update; a list that leaves out a field the get
 * answers (a summary query without the image columns) shows here, in a run of the list alone.
 *
 * One more item of each list has every field at its longest (longest-create.ts: `content_html` of
 * 500,000 characters, names of 255): a list that completes a long value another way than the get (cut
 * to the first 4,096 bytes, left out past a size) shows only there. The top-level lists the suite can add
 * to (pages, newsletters) are judged on such an item too, found in the shared list.
 *
 * Only the lists under a parent of the test's own (no other test writes to them between the list and the
 * gets) whose item has a get (the list's path and `/{id}`), and the top-level lists with a create and a get.
 *
 * Cost: the filled list and its longest item, one read of it at the largest size and one get per item;
 * for a top-level list, its longest item, the read that finds it and its get.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { inBatches } from './in-batches.ts';
import { createLongest, createOf } from './longest-create.ts';
import { filledList, hasOwnParent, isList, ITEMS_PER_LIST } from './populated.ts';
import { differences, listedItem, listOf, readResource, type Json } from './update-subjects.ts';
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
    test(`lists every item as ${reader.operationId} reads it, every field both answer, one item with every field at its longest`, { check: 'crud_agreement', rules: ['resources.update-kept'], needs: ['state'] }, async (t: Kit) => {
      const ids = await filledList(t, operation);
      const create = createOf(t, operation);
      const longest = create ? await createLongest(t, create, ids) : undefined;
      const made = ITEMS_PER_LIST + (longest ? 1 : 0);
      const walk = await walkList(t, operation, ids, { size: maximumSize(t, operation) });
      t.ensure(walk.problem === undefined, walk.problem ?? '', { evidence: walk.exchange });
      t.ensure(walk.items.length === made, `the list holds ${walk.items.length} items; the test made ${made}`, { evidence: walk.exchange });
      const reads = await inBatches(walk.items, 4, async (item) => ({ item, read: await readResource(t, reader.operationId, { ...ids, id: item.id }) }));
      for (const { item, read } of reads) {
        const disagree = differences(read, item as Json, fields);
        if (!t.verify(disagree.length === 0, `${operation.operationId} shows ${item.id}${item.id === longest?.id ? ', made with every field at its longest,' : ''} otherwise than ${reader.operationId} reads it: ${disagree.join('; ')}`, { evidence: walk.exchange })) return;
      }
    });
  });
}

// The top-level lists: the item with every field at its longest, made in the shared list, found there
// (newest first, so on the first page unless a hundred were made meanwhile) and compared with its get.
for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && !hasOwnParent(candidate))) {
  const reader = readerOf(operation);
  const fields = reader && listOf(contract, reader.operationId)?.operation === operation ? listOf(contract, reader.operationId)!.fields : [];
  if (!reader || fields.length === 0 || !contract.operations.some((candidate) => candidate.method === 'POST' && candidate.path === operation.path)) continue;
  forOperation(operation.operationId, (test) => {
    test(`lists an item with every field at its longest as ${reader.operationId} reads it, every field both answer`, { check: 'crud_agreement', rules: ['resources.update-kept'], needs: ['state'] }, async (t: Kit) => {
      const longest = await createLongest(t, createOf(t, operation)!, {});
      const [item, read] = await Promise.all([listedItem(t, operation, {}, longest.id), readResource(t, reader.operationId, { id: longest.id })]);
      t.ensure(item !== undefined, `${operation.operationId} does not list ${longest.id}, made with every field at its longest`);
      const disagree = differences(read, item, fields);
      t.verify(disagree.length === 0, `${operation.operationId} shows ${longest.id}, made with every field at its longest, otherwise than ${reader.operationId} reads it: ${disagree.join('; ')}`);
    });
  });
}
