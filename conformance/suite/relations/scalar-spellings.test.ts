/**
 * requests.exact-scalars over its whole class: "A boolean in a query is written `true` or `false`,
 * exactly; in a body a boolean is JSON's `true` or `false` and an integer a JSON number. No other
 * spelling or type is read as one ... each is answered `422` naming the input".
 *
 * The default phase sends `maybe` for a boolean query parameter and `12345` or text for a body's boolean
 * or integer, which no reading takes. A server that reads its flags with a forgiving parser (`1`, `yes`,
 * `on` and `TRUE` as true, as links written by hand spell them) or validates bodies with type coercion
 * (Ajv's `coerceTypes`: `"true"` and `1` as true, `"5"` as 5) passes those and takes these. So:
 *
 * - every operation with a boolean query parameter is sent each spelling of QUERY_SPELLINGS in every
 *   such parameter at once: a `422` naming exactly `query.<name>` for each (errors.field-names);
 * - every operation whose JSON body has a boolean or integer field is sent each spelling of
 *   BODY_SPELLINGS in every such field at once, each standing for a value the field would take (an
 *   integer field spells the run's author's id, the field it is in the contract's bodies); a `422`
 *   naming exactly those fields. The schemas are judged on their own, before a resource the path names
 *   (errors.precedence), so an `{id}` names an id no resource has, and nothing the run holds is changed
 *   by a server that wrongly takes the body.
 *
 * Integers in paths and queries are requests.whole-numbers' (whole-number-spellings.test.ts).
 *
 * Cost: one request per spelling and operation, all at once, each refused before any work.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import { missingCapability } from '../../checks/profile.ts';
import type { OperationInfo, ParameterInfo } from '../../contract/document.ts';
import { resolveSchema, typesOf } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit, RawResult } from '../kit.ts';
import { validBody } from '../requests.ts';
import { Resources } from '../resources.ts';

const { contract } = suiteContext();

const RULES = ['requests.exact-scalars', 'errors.field-names', 'errors.only-present-causes'];

/** An id within the contract's range that no resource of a run reaches. */
const UNKNOWN_ID = 2_147_480_000;

/** Spellings of true and false a query's boolean does not take: numbers, words, other letter case, white space. */
const QUERY_SPELLINGS = ['1', '0', 'yes', 'no', 'on', 'off', 'TRUE', 'False', ' true', 'false\n'];

/** Values a body's boolean or integer does not take, each standing for one it does (`value`: the run's id for an integer). */
const BODY_SPELLINGS: { title: string; boolean: unknown; integer: (value: number) => unknown }[] = [
  { title: 'as 1 and as its digits in a string', boolean: 1, integer: (value) => String(value) },
  { title: 'as 0 and as true', boolean: 0, integer: () => true },
  { title: 'as the string "true" and as its digits in an array', boolean: 'true', integer: (value) => [value] },
  { title: 'as the string "false" and as its digits with a space', boolean: 'false', integer: (value) => ` ${value}` },
  { title: 'as the string "yes" and with an exponent in a string', boolean: 'yes', integer: (value) => `${value}e0` },
];

const typeOf = (schema: unknown) => typesOf(contract, resolveSchema(contract, schema)).types;

const isBoolean = (parameter: ParameterInfo) => typeOf(parameter.schema).includes('boolean');

/** A shared parent's id for a parent in the path, an id no resource has for the resource itself. */
function pathIds(t: Kit, operation: OperationInfo): Record<string, number> {
  const resources = new Resources(t);
  const path = operation.parameters.filter((parameter) => parameter.in === 'path');
  return Object.fromEntries(path.map((parameter) => [parameter.name, parameter.name === 'page_id' ? resources.sharedPageId() : parameter.name === 'newsletter_id' ? resources.sharedNewsletterId() : UNKNOWN_ID]));
}

/** Each answer a 422 naming exactly `places`. */
function judge(t: Kit, operation: OperationInfo, places: string[], answers: RawResult[], titles: string[]): void {
  answers.forEach((answer, index) => {
    const step = `${operation.operationId} with ${places.join(', ')} ${titles[index]}`;
    if (!t.verify(answer.status === 422, `${step} answered ${answer.status ?? 'nothing'}; expected 422 naming ${places.join(', ')}: no other spelling or type is read as a boolean or an integer`, { evidence: answer.exchange })) return;
    // A target that answers examples (the mock) names the example's fields, not the request's.
    if (missingCapability(t.options.profile, ['input_reflection'])) return;
    const errors = (answer.json as { errors?: { field?: unknown }[] } | undefined)?.errors ?? [];
    const named = [...new Set(errors.map((error) => String(error.field)))].sort();
    t.verify(JSON.stringify(named) === JSON.stringify([...places].sort()), `${step} answered 422 naming ${named.join(', ') || 'nothing'} in errors; expected exactly ${places.join(', ')}`, { evidence: answer.exchange });
  });
}

function registerQuery(operation: OperationInfo, booleans: ParameterInfo[]): void {
  const places = booleans.map((parameter) => `query.${parameter.name}`);
  forOperation(operation.operationId, (test) => {
    test(`answers every boolean query parameter (${places.join(', ')}) spelled otherwise than true or false (${QUERY_SPELLINGS.map((spelling) => JSON.stringify(spelling)).join(', ')}) with a 422 naming each`, { check: 'negative_data_rejection', rules: RULES }, async (t: Kit) => {
      const ids = pathIds(t, operation);
      const answers = await Promise.all(QUERY_SPELLINGS.map((spelling) => t.call(operation, { ids, query: Object.fromEntries(booleans.map((parameter) => [parameter.name, spelling])) })));
      judge(t, operation, places, answers, QUERY_SPELLINGS.map((spelling) => `as ${JSON.stringify(spelling)}`));
    });
  });
}

function registerBody(operation: OperationInfo, fields: { name: string; boolean: boolean }[]): void {
  const places = fields.map((field) => field.name);
  forOperation(operation.operationId, (test) => {
    test(`answers every boolean and integer body field (${places.join(', ')}) spelled as another JSON type (numbers and strings for true and false, strings, true and arrays for an id) with a 422 naming each`, { check: 'negative_data_rejection', rules: RULES }, async (t: Kit) => {
      const ids = pathIds(t, operation);
      // The id an integer field spells: the run's author, a value author_id takes (category_id is judged
      // on its schema first, so any whole number stands for one it would take).
      const value = new Resources(t).authorId() ?? 1;
      const valid = operation.method === 'POST' ? validBody(t, operation, 'minimal') : {};
      const answers = await Promise.all(
        BODY_SPELLINGS.map((spelling) => {
          const body = { ...valid, ...Object.fromEntries(fields.map((field) => [field.name, field.boolean ? spelling.boolean : spelling.integer(value)])) };
          return t.call(operation, { ids, body });
        }),
      );
      judge(t, operation, places, answers, BODY_SPELLINGS.map((spelling) => spelling.title));
    });
  });
}

for (const operation of contract.operations) {
  const booleans = operation.parameters.filter((parameter) => parameter.in === 'query' && isBoolean(parameter));
  if (booleans.length > 0) registerQuery(operation, booleans);
  const media = jsonMedia(operation);
  if (!media) continue;
  const properties = Object.entries<unknown>(resolveSchema(contract, media.schema)?.properties ?? {});
  const fields = properties.flatMap(([name, schema]) => {
    const types = typeOf(schema);
    return types.includes('boolean') || types.includes('integer') ? [{ name, boolean: types.includes('boolean') }] : [];
  });
  if (fields.length > 0) registerBody(operation, fields);
}
