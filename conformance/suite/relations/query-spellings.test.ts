/**
 * Query strings in every spelling a URL allows, for every query parameter of every operation that
 * declares one, and for the unknown-parameter rule on every operation. Every query parameter of the
 * contract takes one value, and none takes the empty text (whole numbers, enums, booleans), so:
 *
 * - every declared parameter given an empty value (`?page=&size=`), and again written without `=`
 *   (`?page&size`, which a URL's query reads as the empty value), all at once: a `422` naming exactly
 *   each (`lists.empty-filter-value` for a filter, "not a whole number" for paging): a server that reads
 *   an empty value as no value (`query.page ? Number(query.page) : 1`) answers page 1;
 * - every declared parameter given twice, with two values it takes (`?status=draft&status=sent`) and
 *   with the same one twice: a `422` naming each once (`requests.schema-validation`: two values are not
 *   the one the schema takes; errors.field-names: one entry an input). A server whose parser keeps the
 *   last (or first) value of a name answers 200; one that reports each finding on the array names the
 *   same input twice;
 * - every declared parameter with a value that changes the answer (page 2 of size 3, each filter's
 *   value, `false` where a flag defaults to `true`), its name and value percent-encoded (RFC 3986
 *   section 2.1: `%70%61%67%65=%32` is `page=2`), every character in upper-case hexadecimal, and every
 *   other character in lower case: answered `200` as the plain spelling is, the envelope saying the page
 *   and size asked for and every item matching each filter (`requests.valid-input-accepted`,
 *   `lists.exact-filters`): a server that reads its raw query without decoding it refuses them;
 * - every operation, an unknown parameter in each of those spellings at once (an empty value, no `=`,
 *   given twice, its name percent-encoded): a `422` naming each, as decoded
 *   (`requests.unknown-query-parameter`): a server that drops empty parameters before judging names, or
 *   judges names undecoded, shows only here.
 *
 * The refusals come before any work (errors.precedence), so an `{id}` names an id no resource has and
 * parents are the shared page and newsletter. Cost: one request an operation, and six more a list (all
 * refused at once or light reads of a shared list): about 75 requests.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import { missingCapability } from '../../checks/profile.ts';
import type { OperationInfo, ParameterInfo } from '../../contract/document.ts';
import { resolveSchema, typesOf } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit, RawResult } from '../kit.ts';
import { fillPath, validBody } from '../requests.ts';
import { Resources } from '../resources.ts';

const { contract } = suiteContext();

/** An id within the contract's range that no resource of a run reaches. */
const UNKNOWN_ID = 2_147_480_000;

const schemaOf = (parameter: ParameterInfo): { enum?: unknown[]; minimum?: unknown; default?: unknown } => resolveSchema(contract, parameter.schema) ?? {};
const typesOfParameter = (parameter: ParameterInfo) => typesOf(contract, resolveSchema(contract, parameter.schema)).types;

/**
 * Two values a parameter takes: the first is one that changes the answer from the parameter's default
 * (page 2, size 3, a flag's other value, an enum's first value, an id).
 */
function valuesOf(parameter: ParameterInfo): [string, string] | undefined {
  const schema = schemaOf(parameter);
  const values = (schema.enum ?? []).filter((value): value is string => typeof value === 'string' && value !== '');
  if (values.length >= 2) return [values[0]!, values[1]!];
  const types = typesOfParameter(parameter);
  if (types.includes('boolean')) return schema.default === true ? ['false', 'true'] : ['true', 'false'];
  if (types.includes('integer')) {
    if (parameter.name === 'page') return ['2', '1'];
    if (parameter.name === 'size') return ['3', '4'];
    const low = typeof schema.minimum === 'number' ? Math.max(1, schema.minimum) : 1;
    return [String(low), String(low + 1)];
  }
  return undefined;
}

/** Every character as `%XX`, upper-case hexadecimal; or every other one, in lower case. */
const percentEncoded = (text: string, every: 1 | 2) =>
  [...text]
    .map((character, index) => {
      if (index % every !== 0) return character;
      const hex = character.charCodeAt(0).toString(16).padStart(2, '0');
      return `%${every === 1 ? hex.toUpperCase() : hex.toLowerCase()}`;
    })
    .join('');

/** A shared parent's id for a parent in the path, an id no resource has for the resource itself. */
function pathIds(t: Kit, operation: OperationInfo): Record<string, number> {
  const resources = new Resources(t);
  const path = operation.parameters.filter((parameter) => parameter.in === 'path');
  return Object.fromEntries(path.map((parameter) => [parameter.name, parameter.name === 'page_id' ? resources.sharedPageId() : parameter.name === 'newsletter_id' ? resources.sharedNewsletterId() : UNKNOWN_ID]));
}

/** The operation with this query string, a valid JSON body where it takes one (the query alone at fault). */
function send(t: Kit, operation: OperationInfo, query: string): Promise<RawResult> {
  const media = jsonMedia(operation);
  const body = media ? (operation.method === 'POST' ? validBody(t, operation, 'minimal') : {}) : undefined;
  return t.raw({ method: operation.method, path: fillPath(operation.path, pathIds(t, operation)), query, ...(body ? { body: JSON.stringify(body), contentType: 'application/json' } : {}) });
}

/** A 422 naming exactly `places`, each once; `body` passes beside them where a required body was not sent. */
function judgeRefused(t: Kit, operation: OperationInfo, places: string[], answer: RawResult, step: string, why: string): void {
  if (!t.verify(answer.status === 422, `${step} answered ${answer.status ?? 'nothing'}; expected 422 naming ${places.join(', ')}: ${why}`, { evidence: answer.exchange })) return;
  if (missingCapability(t.options.profile, ['input_reflection'])) return;
  const fields = ((answer.json as { errors?: { field?: unknown }[] } | undefined)?.errors ?? []).map((error) => String(error.field));
  const bodyUnsent = operation.requestBody !== undefined && !jsonMedia(operation);
  const named = fields.filter((field) => !(bodyUnsent && field === 'body'));
  const twice = [...new Set(named.filter((field, index) => named.indexOf(field) !== index))];
  t.verify(twice.length === 0, `${step} answered 422 naming ${twice.join(', ')} more than once in errors; each invalid input is one entry (errors.field-names)`, { evidence: answer.exchange });
  const unique = [...new Set(named)].sort();
  t.verify(JSON.stringify(unique) === JSON.stringify([...places].sort()), `${step} answered 422 naming ${unique.join(', ') || 'nothing'} in errors; expected exactly ${places.join(', ')}`, { evidence: answer.exchange });
}

function registerDeclared(operation: OperationInfo, parameters: { parameter: ParameterInfo; values: [string, string] }[]): void {
  const names = parameters.map(({ parameter }) => parameter.name);
  const places = names.map((name) => `query.${name}`);
  forOperation(operation.operationId, (test) => {
    test(
      `answers every query parameter (${places.join(', ')}) given an empty value and written without "=" with a 422 naming each`,
      { check: 'negative_data_rejection', rules: ['lists.empty-filter-value', 'lists.size-range', 'requests.schema-validation', 'errors.field-names'], needs: ['empty_value_rejection'] },
      async (t: Kit) => {
        const forms = [
          { title: 'each given an empty value', query: names.map((name) => `${name}=`).join('&') },
          { title: 'each written without "="', query: names.join('&') },
        ];
        const answers = await Promise.all(forms.map((form) => send(t, operation, form.query)));
        forms.forEach((form, index) =>
          judgeRefused(t, operation, places, answers[index]!, `${operation.operationId} with ${places.join(', ')} ${form.title} (?${form.query})`, 'an empty value is none of the values a query parameter takes, never read as the parameter left out'),
        );
      },
    );
    test(
      `answers every query parameter (${places.join(', ')}) given twice, with two values and with one value twice, with a 422 naming each once`,
      { check: 'negative_data_rejection', rules: ['requests.schema-validation', 'errors.field-names'] },
      async (t: Kit) => {
        const forms = [
          { title: 'each given twice with two values', query: parameters.flatMap(({ parameter, values }) => values.map((value) => `${parameter.name}=${value}`)).join('&') },
          { title: 'each given twice with the same value', query: parameters.flatMap(({ parameter, values }) => [values[0], values[0]].map((value) => `${parameter.name}=${value}`)).join('&') },
        ];
        const answers = await Promise.all(forms.map((form) => send(t, operation, form.query)));
        forms.forEach((form, index) =>
          judgeRefused(t, operation, places, answers[index]!, `${operation.operationId} with ${places.join(', ')} ${form.title} (?${form.query})`, 'a query parameter takes one value; neither the first nor the last of two is read'),
        );
      },
    );
    test(
      `reads every query parameter (${places.join(', ')}) with its name and value percent-encoded as written plainly`,
      { check: 'positive_data_acceptance', rules: ['requests.valid-input-accepted', 'lists.exact-filters', 'lists.size-range'] },
      async (t: Kit) => {
        const plain = parameters.map(({ parameter, values }) => [parameter.name, values[0]] as const);
        const forms = [
          { title: 'every character percent-encoded in upper-case hexadecimal', every: 1 as const },
          { title: 'every other character percent-encoded in lower-case hexadecimal', every: 2 as const },
        ].map((form) => ({ ...form, query: plain.map(([name, value]) => `${percentEncoded(name, form.every)}=${percentEncoded(value, form.every)}`).join('&') }));
        const answers = await Promise.all(forms.map((form) => send(t, operation, form.query)));
        forms.forEach((form, index) => {
          const answer = answers[index]!;
          const step = `${operation.operationId} with ${plain.map(([name, value]) => `${name}=${value}`).join('&')} ${form.title} (?${form.query})`;
          if (!t.verify(answer.status === 200, `${step} answered ${answer.status ?? 'nothing'}; expected 200 as for the plain spelling: a URL's query is read percent-decoded (RFC 3986 section 2.1)`, { evidence: answer.exchange })) return;
          // A target that answers examples (the mock) says nothing of the query it was sent.
          if (missingCapability(t.options.profile, ['input_reflection'])) return;
          const list = answer.json as { page?: unknown; size?: unknown; result?: unknown } | undefined;
          for (const [name, value] of plain.filter(([name]) => name === 'page' || name === 'size')) {
            t.verify(String(list?.[name as 'page' | 'size']) === value, `${step} answered ${name} ${JSON.stringify(list?.[name as 'page' | 'size'])}; asked for ${value}`, { evidence: answer.exchange });
          }
          const items = Array.isArray(list?.result) ? (list.result as Record<string, unknown>[]) : [];
          for (const [name, value] of plain.filter(([name]) => name !== 'page' && name !== 'size')) {
            const other = items.find((item) => item && typeof item === 'object' && name in item && String(item[name]) !== value);
            t.verify(!other, `${step} listed an item with ${name} ${JSON.stringify(other?.[name])}; the filter asked for ${value}`, { evidence: answer.exchange });
          }
        });
      },
    );
  });
}

/** Unknown parameters, one in each spelling: the query sent and each name as decoded. */
const UNKNOWN_SPELLINGS = [
  { query: 'conformance_empty=', name: 'conformance_empty' },
  { query: 'conformance_bare', name: 'conformance_bare' },
  { query: 'conformance_twice=1&conformance_twice=2', name: 'conformance_twice' },
  { query: `conformance_${percentEncoded('encoded', 1)}=1`, name: 'conformance_encoded' },
];

function registerUnknown(operation: OperationInfo): void {
  const places = UNKNOWN_SPELLINGS.map(({ name }) => `query.${name}`);
  const query = UNKNOWN_SPELLINGS.map((spelling) => spelling.query).join('&');
  forOperation(operation.operationId, (test) => {
    test(
      'answers unknown query parameters given an empty value, without "=", twice and percent-encoded with a 422 naming each as decoded',
      { check: 'negative_data_rejection', rules: ['requests.unknown-query-parameter', 'errors.field-names'], needs: ['unknown_query_rejection'] },
      async (t: Kit) => {
        judgeRefused(t, operation, places, await send(t, operation, query), `${operation.operationId} with ?${query}`, 'an unknown query parameter is answered 422 in any spelling, never ignored');
      },
    );
  });
}

for (const operation of contract.operations) {
  registerUnknown(operation);
  const parameters = operation.parameters.flatMap((parameter) => {
    const values = parameter.in === 'query' ? valuesOf(parameter) : undefined;
    return values ? [{ parameter, values }] : [];
  });
  if (parameters.length > 0) registerDeclared(operation, parameters);
}
