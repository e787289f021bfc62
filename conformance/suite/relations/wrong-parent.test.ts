/**
 * resources.child-of-its-parent: every operation on a post, category, email or subscriber reaches it only
 * through its own page or newsletter. Through another page or newsletter of the same workspace (one that
 * exists, so the answer is about the pair, not a missing parent) it is a 404, and a refused write leaves
 * the child as it was, read back through its own parent. The child is reached as created and in every
 * other state that can change an answer of its operations (child-states.ts: a scheduled and a sent
 * email): a 404 there too, never the 409 of its state (errors.precedence); and, where the contract
 * updates the child, once it has been updated.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor, validBody, wellFormedCall } from '../requests.ts';
import { Resources } from '../resources.ts';
import { DELIVERY_TEST_TIMEOUT_MS, statesToReach, updatedState, type ChildState } from './child-states.ts';

const { contract } = suiteContext();

const PARENTS = ['page_id', 'newsletter_id'] as const;

function parentOf(operation: OperationInfo): (typeof PARENTS)[number] | undefined {
  const names = operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
  return names.includes('id') ? PARENTS.find((parent) => names.includes(parent)) : undefined;
}

/** The get of the child the operation acts on. */
function readerOf(operation: OperationInfo): OperationInfo {
  const path = operation.path.replace(/\/send$/, '');
  const reader = contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === path);
  if (reader) return reader;
  // Subscribers have no get: the list of the newsletter shows them.
  return contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === path.replace(/\/\{id\}$/, ''))!;
}

async function readChild(t: Kit, operation: OperationInfo, ids: Record<string, number>): Promise<unknown> {
  const reader = readerOf(operation);
  const { json, status } = await t.call(reader, { ids, query: reader.path.endsWith('{id}') ? undefined : { size: 100 } });
  if (status !== 200) return { status };
  if (reader.path.endsWith('{id}')) return json;
  return ((json as { result?: { id: number }[] }).result ?? []).find((item) => item.id === ids.id) ?? { status: 'not listed' };
}

for (const operation of contract.operations.filter((candidate) => parentOf(candidate) !== undefined)) {
  const parent = parentOf(operation)!;
  const parentKind = parent === 'page_id' ? 'page' : 'newsletter';
  // undefined: the child as created, by the same request every operation's tests use.
  const states: (ChildState | undefined)[] = [undefined, ...statesToReach(operation), ...updatedState(operation)];
  forOperation(operation.operationId, (test) => {
    for (const state of states) {
      const title = `answers 404 for its resource reached through another ${parentKind} of the workspace, changing nothing${state ? `, when it is ${state.name}` : ''}`;
      const rules = ['resources.child-of-its-parent', 'resources.refused-write-changes-nothing', ...(state?.rules ?? [])];
      const spec = { check: 'missing_resource' as const, rules, needs: ['state' as const], timeoutMs: state?.waitsForDelivery ? DELIVERY_TEST_TIMEOUT_MS : undefined };
      test(title, spec, async (t: Kit) => {
        const ids = state ? await state.reach(t) : await pathIdsFor(t, operation);
        const resources = new Resources(t);
        // One other parent serves every state: a correct server writes nothing into it.
        const other = await t.shared('other-parent', async () => (parent === 'page_id' ? (await resources.page('other-parent')).id : (await resources.newsletter('other-parent')).id));
        const before = await readChild(t, operation, ids);
        const call = wellFormedCall(t, operation, { ...ids, [parent]: other });
        const { status, exchange } = await t.call(operation, call);
        const child = `${parentKind} ${ids[parent]}'s item ${ids.id}${state ? ` (${state.name})` : ''}`;
        t.verify(status === 404, `${operation.operationId} of ${child}, through ${parent} ${other}, answered ${status ?? 'nothing'}; expected 404`, { evidence: exchange });
        if (operation.method === 'GET') return;
        const after = await readChild(t, operation, ids);
        t.verify(JSON.stringify(after) === JSON.stringify(before), `the refused ${operation.operationId} through ${parent} ${other} changed the item: before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`, { check: 'failed_write_leaves_nothing' });
      });
    }
    if (operation.method !== 'PATCH') return;
    // A handler that checks the parent on some fields' path only (a recolour that skips the lookup the
    // rename does) answers the whole body's 404 and lets a field sent alone through.
    test(`answers 404 for each field sent alone to its resource through another ${parentKind} of the workspace, changing nothing`, { check: 'missing_resource', rules: ['resources.child-of-its-parent', 'resources.refused-write-changes-nothing'], needs: ['state'] }, async (t: Kit) => {
      const ids = await pathIdsFor(t, operation);
      const resources = new Resources(t);
      const other = await t.shared('other-parent', async () => (parent === 'page_id' ? (await resources.page('other-parent')).id : (await resources.newsletter('other-parent')).id));
      const before = await readChild(t, operation, ids);
      const fields = Object.entries(validBody(t, operation, 'typical'));
      for (const [field, value] of fields) {
        const { status, exchange } = await t.call(operation, { ids: { ...ids, [parent]: other }, body: { [field]: value } });
        t.verify(status === 404, `${operation.operationId} of ${field} alone for ${parentKind} ${ids[parent]}'s item ${ids.id}, through ${parent} ${other}, answered ${status ?? 'nothing'}; expected 404`, { evidence: exchange });
      }
      const after = await readChild(t, operation, ids);
      t.verify(JSON.stringify(after) === JSON.stringify(before), `the refused ${operation.operationId}s of ${fields.map(([field]) => field).join(', ')}, each alone through ${parent} ${other}, changed the item: before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`, { check: 'failed_write_leaves_nothing' });
    });
  }, { concurrent: true });
}
