/**
 * requests.whole-numbers over its whole class: "an integer in a path or query is written as a plain
 * decimal number; `Infinity`, exponents, hexadecimal, signs, leading zeros, fractions and white space
 * are answered `422` naming the parameter".
 *
 * The hostile phase (off when blind faults are measured) tries the three spellings that are not finite
 * on every operation and four of the seven finite ones on each, turning with the operation; the default phase sends `1.5` and text, which
 * `Number(text)` refuses too. A server that reads its ids or its paging with `Number(text)` and
 * `Number.isInteger` (or `parseInt`) takes `007`, `1e0`, `0x1`, `+1`, ` 1` and `1.0` as 1, and passes
 * every run with the hostile phase off. So every operation with an integer path or query parameter is
 * sent each finite spelling of NUMBER_SPELLINGS, in every such parameter at once (errors.field-names: a `422`
 * names "every one of a request with several"): the answer is a `422` naming exactly `path.<name>` or
 * `query.<name>` for each. A `422` for the request judged on its own comes before a `404` for the
 * resource (errors.precedence), so an `{id}` spells an id no resource has, and a write a server might
 * wrongly take names nothing the run holds; parents spell the shared page's and newsletter's ids.
 *
 * Cost: one request per spelling and operation, all at once, each refused before any work.
 */
import { NUMBER_SPELLINGS, type NumberSpelling } from '../../cases/hostile-inputs.ts';
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo, ParameterInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { validBody } from '../requests.ts';
import { Resources } from '../resources.ts';

const { contract } = suiteContext();

const RULES = ['requests.whole-numbers', 'errors.field-names', 'errors.only-present-causes'];

/** An id within the contract's range that no resource of a run reaches. */
const UNKNOWN_ID = 2_147_480_000;

/** The parameter's schema, references followed. */
const schemaOf = (parameter: ParameterInfo): { type?: unknown; default?: unknown; minimum?: unknown } => contract.resolve(parameter.schema, parameter.schemaPointer).node ?? {};

const isInteger = (parameter: ParameterInfo) => {
  const type = schemaOf(parameter).type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
};

/** The plain value a parameter's spelling stands for: a shared parent's id, an unknown id, a query's default or minimum. */
function plainValue(t: Kit, parameter: ParameterInfo): number {
  const resources = new Resources(t);
  if (parameter.in === 'path') {
    if (parameter.name === 'page_id') return resources.sharedPageId();
    if (parameter.name === 'newsletter_id') return resources.sharedNewsletterId();
    return UNKNOWN_ID;
  }
  const schema = schemaOf(parameter);
  return typeof schema.default === 'number' ? schema.default : typeof schema.minimum === 'number' ? Math.max(1, schema.minimum) : 1;
}

const placeOf = (parameter: ParameterInfo) => `${parameter.in}.${parameter.name}`;

/**
 * The finite spellings: those `Number(text)` reads as a whole number. The three that are not finite
 * (`Infinity`, `-Infinity`, `1e400`) the hostile phase sends on every operation, and `Number.isInteger`
 * refuses them anyway.
 */
const spellings = (Object.keys(NUMBER_SPELLINGS) as NumberSpelling[]).filter((spelling) => NUMBER_SPELLINGS[spelling].canonicalOnly);

function register(operation: OperationInfo, integers: ParameterInfo[]): void {
  const places = integers.map(placeOf);
  forOperation(operation.operationId, (test) => {
    test(`answers every integer parameter (${places.join(', ')}) spelled otherwise than in plain decimal (${spellings.join(', ')}) with a 422 naming each`, { check: 'negative_data_rejection', rules: RULES, needs: ['canonical_numbers'] }, async (t: Kit) => {
      const body = jsonMedia(operation) ? (operation.method === 'POST' ? validBody(t, operation, 'minimal') : {}) : undefined;
      const plain = new Map(integers.map((parameter) => [parameter, plainValue(t, parameter)]));
      const answers = await Promise.all(
        spellings.map((spelling) => {
          const spelled = (parameter: ParameterInfo) => NUMBER_SPELLINGS[spelling].spell(plain.get(parameter)!);
          const ids = Object.fromEntries(integers.filter((parameter) => parameter.in === 'path').map((parameter) => [parameter.name, spelled(parameter)]));
          const query = Object.fromEntries(integers.filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, spelled(parameter)]));
          return t.call(operation, { ids, ...(Object.keys(query).length ? { query } : {}), ...(body ? { body } : {}) });
        }),
      );
      spellings.forEach((spelling, index) => {
        const answer = answers[index]!;
        const step = `${operation.operationId} with ${places.join(', ')} ${NUMBER_SPELLINGS[spelling].title}`;
        if (!t.verify(answer.status === 422, `${step} answered ${answer.status ?? 'nothing'}; expected 422 naming ${places.join(', ')}: an integer in a path or query is written as a plain decimal number`, { evidence: answer.exchange })) return;
        const errors = (answer.json as { errors?: { field?: unknown }[] } | undefined)?.errors ?? [];
        const named = [...new Set(errors.map((error) => String(error.field)))].sort();
        t.verify(JSON.stringify(named) === JSON.stringify([...places].sort()), `${step} answered 422 naming ${named.join(', ') || 'nothing'} in errors; expected exactly ${places.join(', ')}`, { evidence: answer.exchange });
      });
    });
  });
}

for (const operation of contract.operations) {
  const integers = operation.parameters.filter((parameter) => (parameter.in === 'path' || parameter.in === 'query') && isInteger(parameter));
  if (integers.length > 0) register(operation, integers);
}
