/**
 * errors.precedence against a resource's state: a request invalid on its own (an unknown field in its
 * body, or, for an operation that takes no body, an unknown query parameter) is a `422` whatever state
 * the resource it names is in. The contract's order judges the request on its own (step 4) before the
 * state of a resource (step 6), so a server that looks at the state first answers the `409` of that
 * state, and only for a resource in it: a draft email shows nothing.
 *
 * Every operation that declares a `409` is asked so, for its resource in each state other than the one
 * it is created in that the suite can bring it into (child-states.ts: an email scheduled and sent).
 *
 * The other side of the same order: what only the operation's work can tell (step 7: an unknown
 * reference, Markdown nested too deep; work-refusals.ts) comes after the state. Where the state refuses
 * the operation (its well-formed request, sent beside, is a `409`), each such input, one per request, is
 * answered that same `409`, not the `422` of the work: a server that checks an author before the state
 * answers a scheduled email's change 422 naming author_id, and only for such an input.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { OperationInfo } from '../../contract/document.ts';
import type { Kit, OperationCall } from '../kit.ts';
import { jsonBody } from '../../http/exchange.ts';
import { wellFormedCall } from '../requests.ts';
import { DELIVERY_TEST_TIMEOUT_MS, statesToReach } from './child-states.ts';
import { operationRuleIds } from './operation-rules.ts';
import { workRefusals } from './work-refusals.ts';

const { contract } = suiteContext();

/** The field and the query parameter no operation of the contract has. */
const UNKNOWN = 'conformance_unknown';

const declaresConflict = (operationId: string) => contract.operation(operationId).responses.some((response) => response.status === '409');

/** The operation's own rules on the 409 of a state (email.only-draft-changes, email.send-already-sent). */
const stateRules = (operation: OperationInfo) => operationRuleIds(contract, operation, /`409`/);

for (const operation of contract.operations.filter((candidate) => declaresConflict(candidate.operationId))) {
  const states = statesToReach(operation);
  if (states.length === 0) continue;
  forOperation(
    operation.operationId,
    (test) => {
      for (const state of states) {
        const refusals = workRefusals(operation);
        const title =
          refusals.length > 0
            ? `answers a request invalid on its own with 422, before the 409 of its resource's state, and one only its work refuses (${refusals.map(({ what }) => what.replace(/ .*/, '')).join(', ')}) with that 409, when it is ${state.name}`
            : `answers a request invalid on its own with 422, before the 409 of its resource's state, when it is ${state.name}`;
        const rules = ['errors.precedence', ...(refusals.length > 0 ? [...stateRules(operation), ...refusals.flatMap((refusal) => refusal.rules)] : [])];
        const spec = { check: 'negative_data_rejection' as const, rules, needs: ['state' as const, 'unknown_query_rejection' as const], timeoutMs: state.waitsForDelivery ? DELIVERY_TEST_TIMEOUT_MS : undefined };
        test(title, spec, async (t: Kit) => {
          const ids = await state.reach(t);
          const call = wellFormedCall(t, operation, ids);
          const invalid: OperationCall =
            call.body !== undefined && typeof call.body === 'object' && !Array.isArray(call.body)
              ? { ...call, body: { ...(call.body as object), [UNKNOWN]: 1 } }
              : { ...call, query: { ...call.query, [UNKNOWN]: '1' } };
          // The well-formed request and the work's refusals go beside the invalid one: the resource is
          // in the state already, and none of them changes it where the state refuses the operation.
          const [{ status, exchange }, plain, ...refused] = await Promise.all([
            t.call(operation, invalid),
            ...(refusals.length > 0 ? [t.call(operation, call), ...refusals.map((refusal) => t.call(operation, { ...call, body: { ...(call.body as object), ...refusal.fields } }))] : []),
          ]);
          const what = invalid.body !== undefined ? `a body with the unknown field ${UNKNOWN}` : `the unknown query parameter ${UNKNOWN}`;
          t.verify(status === 422, `${operation.operationId} with ${what}, for its resource when it is ${state.name}, answered ${status ?? 'nothing'}; expected 422 (the request judged on its own comes before the resource's state)`, { evidence: exchange });
          if (plain?.status !== 409) return;
          const type = (jsonBody(plain.exchange) as { type?: unknown } | undefined)?.type;
          for (const [index, refusal] of refusals.entries()) {
            const answer = refused[index]!;
            const answeredType = (jsonBody(answer.exchange) as { type?: unknown } | undefined)?.type;
            t.verify(
              answer.status === 409 && answeredType === type,
              `${operation.operationId} with ${refusal.what}, for its resource when it is ${state.name}, answered ${answer.status ?? 'nothing'}${answer.status === 409 ? ` typed ${JSON.stringify(answeredType)}` : ''}; the same request without it answered 409 typed ${JSON.stringify(type)}: the resource's state (409) comes before what only the operation's work can tell (422)`,
              { check: 'conflict_detection', evidence: answer.exchange, rules: ['errors.precedence', ...stateRules(operation), ...refusal.rules] },
            );
          }
        });
      }
    },
    { concurrent: true },
  );
}
