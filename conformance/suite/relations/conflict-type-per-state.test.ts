/**
 * The problem type of every 409 a resource's state provokes: an operation whose `409` examples in the
 * contract all carry one problem type (deleteEmail and updateEmail `email-not-draft`, sendEmail
 * `email-already-sent`) answers every 409 with that type, for its resource in each state the suite can
 * bring it into (child-states.ts: an email scheduled and sent), not only the first one a test reaches.
 * A server that types the refusal by the state ("sent" borrowed from the send's conflict) shows only
 * in that state. An answer of another status is judged by the state tests, not here.
 *
 * The resource refused is read before and twice after (one answer after another), and reads the same
 * every field (resources.refused-write-changes-nothing): a server that undoes the state on a refusal
 * (a delete that cancels the schedule before it checks the state) shows under every operation that
 * has such a refusal, in every state. Cost: three reads per test.
 */
import { jsonBody } from '../../http/exchange.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { wellFormedCall } from '../requests.ts';
import { DELIVERY_TEST_TIMEOUT_MS, statesToReach } from './child-states.ts';
import { operationRuleIds } from './operation-rules.ts';
import { changes, type Json } from './households.ts';

const { contract } = suiteContext();

/**
 * resources.refused-write-changes-nothing ("A refused write changes nothing; ... no state moves"): the
 * resource a state refuses the write of reads, field by field, as it did before the refusal.
 */
const UNCHANGED_RULES = ['resources.refused-write-changes-nothing'];

/** The GET of the child the operation acts on (`/newsletters/{newsletter_id}/emails/{id}` for a send too). */
const readerOf = (operation: OperationInfo) => {
  const path = operation.path.replace(/(\/\{id\}).*$/, '$1');
  return contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === path);
};

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
  const reader = readerOf(operation);
  forOperation(
    operation.operationId,
    (test) => {
      for (const state of states) {
        const title = `types a 409 for its resource when it is ${state.name} ${expected.replace(/^.*\//, '')}, the one problem type its 409 examples carry, and leaves it as it was`;
        test(title, { check: 'conflict_detection', rules: [...rules, ...UNCHANGED_RULES], needs: ['state'], timeoutMs: state.waitsForDelivery ? DELIVERY_TEST_TIMEOUT_MS : undefined }, async (t: Kit) => {
          const ids = await state.reach(t);
          const before = reader ? await t.call(reader, { ids }) : undefined;
          const { status, exchange } = await t.call(operation, wellFormedCall(t, operation, ids));
          if (status !== 409) return;
          const type = (jsonBody(exchange) as { type?: unknown } | undefined)?.type;
          t.verify(type === expected, `${operation.operationId} of a resource that is ${state.name} answered 409 with type ${JSON.stringify(type)}; the contract's 409 of this operation is typed ${expected}`, { evidence: exchange, rules });
          if (!reader || before?.status !== 200) return;
          // Read twice, one answer after the other: a write made just after the refusal's answer (a
          // cancellation queued outside the transaction the refusal rolls back) shows by the second.
          for (const when of ['just after', 'one answer later']) {
            const after = await t.call(reader, { ids });
            const changed = changes(before.json as Json, (after.json ?? {}) as Json);
            if (!t.verify(after.status === 200 && changed.length === 0, `${reader.operationId} ${when} the refused ${operation.operationId} of a resource that is ${state.name} answered ${after.status ?? 'nothing'}${changed.length ? `, showing ${changed.join('; ')}` : ''}; a refused write changes nothing`, { check: 'failed_write_leaves_nothing', rules: UNCHANGED_RULES, evidence: after.exchange })) break;
          }
        });
      }
    },
    { concurrent: true },
  );
}
