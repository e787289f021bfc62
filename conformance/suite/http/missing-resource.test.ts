/**
 * missing_resource: an id that names no resource (in any position of the path: the resource itself or
 * its page or newsletter) is answered 404 with a problem body, by every operation that takes an id.
 */
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import { MISSING_ID, pathIdsFor, wellFormedCall } from '../requests.ts';

const { contract } = suiteContext();

for (const operation of contract.operations) {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  if (pathParameters.length === 0) continue;
  forOperation(operation.operationId, (test) => {
    for (const parameter of pathParameters) {
      test(`answers 404 when ${parameter.name} names no resource`, { check: 'missing_resource', rules: ['resources.missing-is-404'], needs: ['state'] }, async (t) => {
        const ids = await pathIdsFor(t, operation);
        const { status } = await t.call(operation, wellFormedCall(t, operation, { ...ids, [parameter.name]: MISSING_ID }));
        t.verify(status === 404, `answered ${status ?? 'nothing'} for ${parameter.name} ${MISSING_ID}; expected 404`);
      });
    }
  }, { concurrent: true });
}
