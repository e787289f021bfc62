/**
 * missing_resource: an id that names no resource (in any position of the path: the resource itself or
 * its page or newsletter) is answered 404 with a problem body, by every operation that takes an id.
 *
 * Besides an id no resource has, each id is sent as the id of the resource it names plus 2^31 and plus
 * 2^32, whole numbers the contract allows ("Identifiers are whole numbers from 1 to 9007199254740991")
 * that name nothing: a server that reads ids through 32 bits (`id >>> 0`, a signed or unsigned int32
 * column or cache key) wraps them onto the resource itself and answers it, which an id far from every
 * resource's never shows (resources.missing-is-404).
 */
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import { MISSING_ID, pathIdsFor, wellFormedCall } from '../requests.ts';

const { contract } = suiteContext();

/** Offsets past what 32-bit integers hold, signed and unsigned. */
const WRAPPING_OFFSETS = [2 ** 31, 2 ** 32];

for (const operation of contract.operations) {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  if (pathParameters.length === 0) continue;
  forOperation(operation.operationId, (test) => {
    for (const parameter of pathParameters) {
      test(`answers 404 when ${parameter.name} names no resource, an existing one's plus 2^31 or 2^32 included`, { check: 'missing_resource', rules: ['resources.missing-is-404'], needs: ['state'] }, async (t) => {
        const ids = await pathIdsFor(t, operation);
        const existing = ids[parameter.name]!;
        const missing = [MISSING_ID, ...WRAPPING_OFFSETS.map((offset) => existing + offset).filter((id) => id <= MISSING_ID)];
        const answers = await Promise.all(missing.map(async (id) => ({ id, ...(await t.call(operation, wellFormedCall(t, operation, { ...ids, [parameter.name]: id }))) })));
        for (const { id, status, exchange } of answers) {
          t.verify(status === 404, `answered ${status ?? 'nothing'} for ${parameter.name} ${id}${id === MISSING_ID ? '' : ` (${existing}, an existing resource's, plus 2^${Math.log2(id - existing)})`}; expected 404`, { evidence: exchange });
        }
      });
    }
  }, { concurrent: true });
}
