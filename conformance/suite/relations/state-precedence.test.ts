/**
 * errors.precedence against a resource's state: a request invalid on its own (an unknown field in its
 * body, or, for an operation that takes no body, an unknown query parameter) is a `422` whatever state
 * the resource it names is in. The contract's order judges the request on its own (step 4) before the
 * state of a resource (step 6), so a server that looks at the state first answers the `409` of that
 * state, and only for a resource in it: a draft email shows nothing.
 *
 * Every operation that declares a `409` is asked so, for its resource in each state other than the one
 * it is created in that the suite can bring it into (child-states.ts: an email scheduled and sent).
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit, OperationCall } from '../kit.ts';
import { wellFormedCall } from '../requests.ts';
import { DELIVERY_TEST_TIMEOUT_MS, statesToReach } from './child-states.ts';

const { contract } = suiteContext();

/** The field and the query parameter no operation of the contract has. */
const UNKNOWN = 'conformance_unknown';

const declaresConflict = (operationId: string) => contract.operation(operationId).responses.some((response) => response.status === '409');

for (const operation of contract.operations.filter((candidate) => declaresConflict(candidate.operationId))) {
  const states = statesToReach(operation);
  if (states.length === 0) continue;
  forOperation(
    operation.operationId,
    (test) => {
      for (const state of states) {
        const title = `answers a request invalid on its own with 422, before the 409 of its resource's state, when it is ${state.name}`;
        const spec = { check: 'negative_data_rejection' as const, rules: ['errors.precedence'], needs: ['state' as const, 'unknown_query_rejection' as const], timeoutMs: state.waitsForDelivery ? DELIVERY_TEST_TIMEOUT_MS : undefined };
        test(title, spec, async (t: Kit) => {
          const ids = await state.reach(t);
          const call = wellFormedCall(t, operation, ids);
          const invalid: OperationCall =
            call.body !== undefined && typeof call.body === 'object' && !Array.isArray(call.body)
              ? { ...call, body: { ...(call.body as object), [UNKNOWN]: 1 } }
              : { ...call, query: { ...call.query, [UNKNOWN]: '1' } };
          const { status, exchange } = await t.call(operation, invalid);
          const what = invalid.body !== undefined ? `a body with the unknown field ${UNKNOWN}` : `the unknown query parameter ${UNKNOWN}`;
          t.verify(status === 422, `${operation.operationId} with ${what}, for its resource when it is ${state.name}, answered ${status ?? 'nothing'}; expected 422 (the request judged on its own comes before the resource's state)`, { evidence: exchange });
        });
      }
    },
    { concurrent: true },
  );
}
