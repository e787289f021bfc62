/**
 * resources.gone-after-delete in every state: a DELETE that declares no `409` refuses no state of the
 * resource, so a resource in each state the suite can bring it into (resource-states.ts: a post draft
 * or published) is deleted with the declared success status and is gone afterwards. The delete tests
 * use a resource as it was made; a server that borrows another resource's state rule ("only a draft
 * can be deleted", which is the email's) passes them all.
 *
 * A DELETE that declares `409` (deleteEmail) refuses some states by the contract's words; its state
 * table is checked where those words are (the email tests), not here.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { DELIVERY_TEST_TIMEOUT_MS } from './child-states.ts';
import { statesOf } from './resource-states.ts';

const { contract } = suiteContext();

/** The GET of the same path, which reads the resource the DELETE removes. */
const readerOf = (deleter: OperationInfo) => contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === deleter.path);

const successOf = (deleter: OperationInfo) => Number(deleter.responses.find((response) => /^2\d\d$/.test(response.status))?.status ?? 204);

for (const deleter of contract.operations.filter((candidate) => candidate.method === 'DELETE' && candidate.path.endsWith('{id}'))) {
  const reader = readerOf(deleter);
  if (!reader || deleter.responses.some((response) => response.status === '409')) continue;
  const success = successOf(deleter);
  forOperation(deleter.operationId, (test) => {
    for (const state of statesOf(reader)) {
      test(`deletes a resource with ${state.name} (${success}), after which it is gone`, { check: 'use_after_free', rules: ['resources.gone-after-delete'], needs: ['state'], timeoutMs: state.waitsForDelivery ? DELIVERY_TEST_TIMEOUT_MS : undefined }, async (t: Kit) => {
        await state.within(t, async (ids) => {
          const removed = await t.call(deleter, { ids });
          if (!t.verify(removed.status === success, `${deleter.operationId} of a resource with ${state.name} answered ${removed.status ?? 'nothing'}; expected ${success}: the operation refuses no state`, { evidence: removed.exchange })) return;
          const read = await t.call(reader, { ids });
          t.verify(read.status === 404, `${reader.operationId} after ${deleter.operationId} of a resource with ${state.name} answered ${read.status ?? 'nothing'}; expected 404`, { evidence: read.exchange });
        });
      });
    }
  }, { concurrent: true });
}
