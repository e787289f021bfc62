/**
 * The problem type of every 409 a resource's state provokes: an operation whose `409` examples in the
 * contract all carry one problem type (deleteEmail and updateEmail `email-not-draft`, sendEmail
 * `email-already-sent`) answers every 409 with that type, for its resource in each state the suite can
 * bring it into (child-states.ts: an email scheduled and sent), not only the first one a test reaches.
 * A server that types the refusal by the state ("sent" borrowed from the send's conflict) shows only
 * in that state. An answer of another status is judged by the state tests, not here.
 */
import { jsonBody } from '../../http/exchange.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { wellFormedCall } from '../requests.ts';
import { DELIVERY_TEST_TIMEOUT_MS, statesToReach } from './child-states.ts';
import { operationRuleIds } from './operation-rules.ts';

const { contract } = suiteContext();

/** The problem types of the operation's `409` examples, as the contract writes them (examples resolved). */
function conflictTypesOf(operation: OperationInfo): string[] {
  const pointer = `#/paths/${operation.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${operation.method.toLowerCase()}/responses/409`;
  const response = contract.resolve((contract.document as { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> }).paths?.[operation.path]?.[operation.method.toLowerCase()]?.responses?.['409'], pointer).node as { content?: Record<string, { examples?: Record<string, unknown> }> } | undefined;
  const types = new Set<string>();
  for (const [mediaType, media] of Object.entries(response?.content ?? {})) {
    for (const [name, example] of Object.entries(media.examples ?? {})) {
      const value = (contract.resolve(example, `${pointer}/content/${mediaType.replace(/\//g, '~1')}/examples/${name}`).node as { value?: { type?: unknown } } | undefined)?.value;
      if (typeof value?.type === 'string') types.add(value.type);
    }
  }
  return [...types];
}

for (const operation of contract.operations) {
  const types = conflictTypesOf(operation);
  const states = statesToReach(operation);
  if (types.length !== 1 || states.length === 0) continue;
  const [expected] = types as [string];
  // The rules of the operation's path that name the type (email.only-draft-changes, stated on
  // updateEmail for a change or a deletion), besides the general one.
  const naming = new RegExp(`\`${expected.replace(/^.*\//, '')}\``);
  const rules = [...new Set(['errors.problem-details', ...contract.operations.filter((other) => other.path === operation.path).flatMap((other) => operationRuleIds(contract, other, naming))])];
  forOperation(
    operation.operationId,
    (test) => {
      for (const state of states) {
        const title = `types a 409 for its resource when it is ${state.name} ${expected.replace(/^.*\//, '')}, the one problem type its 409 examples carry`;
        test(title, { check: 'conflict_detection', rules, needs: ['state'], timeoutMs: state.waitsForDelivery ? DELIVERY_TEST_TIMEOUT_MS : undefined }, async (t: Kit) => {
          const ids = await state.reach(t);
          const { status, exchange } = await t.call(operation, wellFormedCall(t, operation, ids));
          if (status !== 409) return;
          const type = (jsonBody(exchange) as { type?: unknown } | undefined)?.type;
          t.verify(type === expected, `${operation.operationId} of a resource that is ${state.name} answered 409 with type ${JSON.stringify(type)}; the contract's 409 of this operation is typed ${expected}`, { evidence: exchange });
        });
      }
    },
    { concurrent: true },
  );
}
