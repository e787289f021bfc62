/**
 * Phase 3, negative: invalid inputs one mutation at a time (wrong type, missing required, unknown field,
 * over or under a limit, bad format, bad enum, null where not allowed, wrong content type), from the same
 * mutation library the hand-written input tests use, one body with two invalid fields, one with every
 * field of the wrong type, one with an unknown field beside an invalid one, one invalid path parameter
 * beside an invalid body field (a 422 lists each invalid input), unknown query parameters beside every
 * other kind of invalid input, every enum value in other letter case and with white space around it,
 * and one with more unknown fields than a
 * 422 lists (it lists that many and says how many there were). Each is validated against the schema
 * again before it is judged (send.ts), so a mutation that happens to be valid is never held against a
 * server.
 */
import type { ContractDocument, OperationInfo } from '../contract/document.ts';
import { bodyMutations, parameterMutations, UNKNOWN_FIELD } from '../generate/mutations.ts';
import { mostErrorsListed } from './errors-listed.ts';
import { bodyKeywords, inputFields, type CoveredKeyword, type InputField } from './fields.ts';
import { jsonMedia } from './json-media.ts';
import { makeCase, type GeneratedCase } from './model.ts';

/** Which keyword a mutation description breaks, for the coverage report. */
function keywordOfMutation(description: string): CoveredKeyword {
  if (/missing/.test(description)) return 'required';
  if (/unknown field|array, not an object/.test(description)) return 'additionalProperties';
  if (/not one of/.test(description)) return 'enum';
  if (/longer than/.test(description)) return 'maxLength';
  if (/ empty$/.test(description)) return 'minLength';
  if (/not matching/.test(description)) return 'pattern';
  if (/not a valid/.test(description)) return 'format';
  if (/below its minimum/.test(description)) return 'minimum';
  if (/above its maximum/.test(description)) return 'maximum';
  if (/ null$/.test(description)) return 'nullable';
  return 'type';
}

/** The field a body mutation description starts with, or the whole body. */
function locationOfMutation(description: string, fields: string[]): string {
  const field = fields.find((name) => description.startsWith(`${name} `));
  return field ? `body.${field}` : 'body';
}

/** A value over this length makes a large body; a field with a larger limit is broken by its type instead. */
const SHORT_LIMIT = 1000;

/**
 * Two body fields broken at once, each the way one-mutation cases break it alone (too long where its
 * limit is short, else of the wrong type): a server that stops at the first error passes every
 * one-mutation case and fails this.
 */
function twoFieldCase(contract: ContractDocument, operation: OperationInfo, baseBody: Record<string, unknown>, fieldNames: string[]): GeneratedCase | undefined {
  const mutations = bodyMutations(contract, jsonMedia(operation)!.schema);
  const pick = (kind: string, fits: (description: string) => boolean = () => true) =>
    fieldNames.flatMap((field) => {
      const mutation = mutations.find((candidate) => candidate.description.startsWith(`${field} ${kind}`) && fits(candidate.description));
      return mutation ? [{ field, mutation }] : [];
    });
  const short = (description: string) => Number(/longer than (\d+)/.exec(description)?.[1]) <= SHORT_LIMIT;
  const [first, second] = [...pick('longer than', short), ...pick('of the wrong type')].filter((entry, index, all) => all.findIndex((other) => other.field === entry.field) === index);
  if (!first || !second) return undefined;
  return makeCase({
    phase: 'negative',
    operationId: operation.operationId,
    title: `a body with two invalid fields: ${first.mutation.description}, and ${second.mutation.description}`,
    location: 'body',
    causes: [`body.${first.field}`, `body.${second.field}`],
    keywords: [keywordOfMutation(first.mutation.description), keywordOfMutation(second.mutation.description)],
    expect: { kind: 'reject', status: 422 },
    input: { body: second.mutation.apply(first.mutation.apply(baseBody) as Record<string, unknown>) },
  });
}

/**
 * An unknown field beside a known field of the wrong type (errors.field-names): the 422 names both, the
 * unknown field by its name. A server that checks unknown fields only when the known ones pass names it
 * when it is sent alone, which is all the one-mutation case asks.
 */
function unknownBesideInvalidCase(contract: ContractDocument, operation: OperationInfo, baseBody: Record<string, unknown>, fieldNames: string[]): GeneratedCase | undefined {
  const mutations = bodyMutations(contract, jsonMedia(operation)!.schema);
  const unknown = mutations.find((mutation) => mutation.description === `an unknown field ${UNKNOWN_FIELD}`);
  const known = fieldNames.flatMap((field) => {
    const mutation = mutations.find((candidate) => candidate.description.startsWith(`${field} of the wrong type`));
    return mutation ? [{ field, mutation }] : [];
  })[0];
  if (!unknown || !known) return undefined;
  return makeCase({
    phase: 'negative',
    operationId: operation.operationId,
    title: `a body with ${unknown.description} and ${known.mutation.description}`,
    location: 'body',
    causes: [`body.${UNKNOWN_FIELD}`, `body.${known.field}`],
    keywords: ['additionalProperties', 'type'],
    expect: { kind: 'reject', status: 422 },
    input: { body: known.mutation.apply(unknown.apply(baseBody) as Record<string, unknown>) },
  });
}

/**
 * More invalid inputs than a 422 lists (errors.field-names "up to 20", errors.count-beyond-list): the
 * contract's bound plus five unknown fields. The 422 lists exactly the bound's number of them and its
 * `detail` says how many there were; a server that counts what it lists instead of what it found says
 * the bound, and one that lists every error breaks the bound.
 */
function beyondListCase(contract: ContractDocument, operation: OperationInfo, baseBody: Record<string, unknown>): GeneratedCase | undefined {
  const mutations = bodyMutations(contract, jsonMedia(operation)!.schema);
  // Only a body that refuses unknown fields has them as invalid inputs.
  if (!mutations.some((mutation) => mutation.description === `an unknown field ${UNKNOWN_FIELD}`)) return undefined;
  const listed = mostErrorsListed(contract.document);
  const unknown = Array.from({ length: listed + 5 }, (_, index) => `${UNKNOWN_FIELD}_${index + 1}`);
  return makeCase({
    phase: 'negative',
    operationId: operation.operationId,
    title: `a body with ${unknown.length} unknown fields, more than the ${listed} a 422 lists`,
    location: 'body',
    causes: unknown.map((field) => `body.${field}`),
    listed,
    keywords: ['additionalProperties'],
    expect: { kind: 'reject', status: 422 },
    input: { body: { ...baseBody, ...Object.fromEntries(unknown.map((field) => [field, 'x'])) } },
  });
}

/**
 * Every body field of the wrong type at once (errors.field-names: "every one of a request with
 * several"). The two-field case breaks two fields in two ways; a server that keeps one error per
 * message (two nullable text fields sent as numbers get the same message) names one field of the pair
 * it breaks the same way, which only a body breaking every field shows.
 */
function everyFieldCase(contract: ContractDocument, operation: OperationInfo, baseBody: Record<string, unknown>, fieldNames: string[]): GeneratedCase | undefined {
  const mutations = bodyMutations(contract, jsonMedia(operation)!.schema);
  const broken = fieldNames.flatMap((field) => {
    const mutation = mutations.find((candidate) => candidate.description.startsWith(`${field} of the wrong type`));
    return mutation ? [{ field, mutation }] : [];
  });
  if (broken.length < 3) return undefined;
  return makeCase({
    phase: 'negative',
    operationId: operation.operationId,
    title: `a body with every field of the wrong type (${broken.map(({ field }) => field).join(', ')})`,
    location: 'body',
    causes: broken.map(({ field }) => `body.${field}`),
    keywords: ['type'],
    expect: { kind: 'reject', status: 422 },
    input: { body: broken.reduce<Record<string, unknown>>((body, { mutation }) => mutation.apply(body) as Record<string, unknown>, baseBody) },
  });
}

/**
 * An invalid path parameter and an invalid body field at once (errors.only-present-causes: the 422
 * names each). Both are judged before the resource is looked up, so the answer is one 422 listing both:
 * a server that validates the path and the body in separate steps, and answers the first step's error
 * alone, passes every one-mutation case and fails this.
 */
function pathAndBodyCase(contract: ContractDocument, operation: OperationInfo, baseBody: Record<string, unknown>, fieldNames: string[]): GeneratedCase | undefined {
  const path = inputFields(contract, operation).find((field) => field.in === 'path' && field.parameter);
  const pathMutation = path && parameterMutations(contract, path.parameter!).find((mutation) => /not a number/.test(mutation.description));
  const short = (description: string) => Number(/longer than (\d+)/.exec(description)?.[1]) <= SHORT_LIMIT;
  const mutations = bodyMutations(contract, jsonMedia(operation)!.schema);
  const body = fieldNames
    .flatMap((field) => mutations.filter((mutation) => mutation.description.startsWith(`${field} `)).map((mutation) => ({ field, mutation })))
    .find(({ mutation }) => /of the wrong type/.test(mutation.description) || (/longer than/.test(mutation.description) && short(mutation.description)));
  if (!path || !pathMutation || !body) return undefined;
  return makeCase({
    phase: 'negative',
    operationId: operation.operationId,
    title: `${pathMutation.description} (${JSON.stringify(pathMutation.value)}) and a body with ${body.mutation.description}`,
    location: path.location,
    causes: [path.location, `body.${body.field}`],
    keywords: [keywordOfMutation(pathMutation.description), keywordOfMutation(body.mutation.description)],
    expect: { kind: 'reject', status: 422 },
    input: { path: { [path.name]: pathMutation.value }, body: body.mutation.apply(baseBody) },
  });
}

/** A valid value of a query parameter, as sent: its first enum value, `true`, or its minimum (1 unless said). */
export function validQueryValue(field: InputField): string | undefined {
  const schema = field.constrained;
  if (Array.isArray(schema?.enum)) {
    const value = schema.enum.find((candidate: unknown) => candidate !== null);
    return value === undefined ? undefined : String(value);
  }
  if (field.types.includes('boolean')) return 'true';
  if (field.types.includes('integer') || field.types.includes('number')) return String(typeof schema?.minimum === 'number' ? schema.minimum : 1);
  return undefined;
}

/**
 * errors.only-present-causes among valid parameters: each query parameter made invalid while every
 * other query parameter of the operation is sent with a valid value. The one-mutation cases send the
 * invalid parameter alone, so a server whose 422 also names the valid filters sent beside it (every
 * filter of the query, whether at fault or not) passes them all.
 */
function amongValidQueryCases(contract: ContractDocument, operation: OperationInfo, baseBody: Record<string, unknown> | undefined): GeneratedCase[] {
  const query = inputFields(contract, operation).filter((field) => field.in === 'query' && field.parameter);
  if (query.length < 2) return [];
  const valid = new Map(query.map((field) => [field.name, validQueryValue(field)] as const));
  if ([...valid.values()].some((value) => value === undefined)) return [];
  return query.flatMap((field) => {
    const [mutation] = parameterMutations(contract, field.parameter!);
    if (!mutation) return [];
    const others = Object.fromEntries(query.filter((other) => other !== field).map((other) => [other.name, valid.get(other.name)!]));
    return [
      makeCase({
        phase: 'negative',
        operationId: operation.operationId,
        title: `${mutation.description} (${JSON.stringify(mutation.value)}), every other query parameter valid (${Object.entries(others).map(([name, value]) => `${name}=${value}`).join('&')})`,
        location: field.location,
        keywords: [keywordOfMutation(mutation.description)],
        expect: { kind: 'reject', status: 422 },
        input: { ...(baseBody ? { body: baseBody } : {}), query: { ...others, [field.name]: mutation.value } },
      }),
    ];
  });
}

/**
 * errors.field-names over query parameters: every pair of query parameters, each made invalid (its
 * first mutation), at once. Both are judged on their own before anything else, so the 422 names both:
 * a server that checks paging in a step of its own and answers its error alone (`?status=bogus&page=0`
 * naming only `query.page`) passes every case that breaks one parameter.
 */
function queryPairCases(contract: ContractDocument, operation: OperationInfo, baseBody: Record<string, unknown> | undefined): GeneratedCase[] {
  const broken = inputFields(contract, operation).flatMap((field) => {
    const [mutation] = field.in === 'query' && field.parameter ? parameterMutations(contract, field.parameter) : [];
    return mutation ? [{ field, mutation }] : [];
  });
  return broken.flatMap((first, index) =>
    broken.slice(index + 1).map((second) =>
      makeCase({
        phase: 'negative',
        operationId: operation.operationId,
        title: `${first.mutation.description} (${JSON.stringify(first.mutation.value)}) and ${second.mutation.description} (${JSON.stringify(second.mutation.value)})`,
        location: first.field.location,
        causes: [first.field.location, second.field.location],
        keywords: [keywordOfMutation(first.mutation.description), keywordOfMutation(second.mutation.description)],
        expect: { kind: 'reject', status: 422 },
        input: { ...(baseBody ? { body: baseBody } : {}), query: { [first.field.name]: first.mutation.value, [second.field.name]: second.mutation.value } },
      }),
    ),
  );
}

/** Query parameters no operation declares, as the unknown-parameter cases send them. */
const UNKNOWN_QUERY = ['conformance_unknown', 'conformance_other'];

/**
 * requests.unknown-query-parameter with errors.field-names: unknown query parameters beside each
 * other and beside every other kind of invalid input, for every operation. Two unknown parameters
 * at once; one beside an invalid query parameter (where the operation has one); one beside an
 * invalid path parameter; one beside an invalid body field. Each 422 names every cause: a server
 * that refuses unknown parameters in a step of its own and answers its first finding alone (the
 * validator the reference server uses does: `?foo=1&bar=2` named only `query.foo`, and
 * `?size=0&foo=1` only `query.foo`) passes the one-parameter case and fails these.
 */
function unknownQueryCases(contract: ContractDocument, operation: OperationInfo, baseBody: Record<string, unknown> | undefined): GeneratedCase[] {
  const [unknown, other] = UNKNOWN_QUERY as [string, string];
  const fields = inputFields(contract, operation);
  const beside: { title: string; location: string; keyword: CoveredKeyword; input: GeneratedCase['input'] }[] = [
    { title: `and an unknown query parameter ${other}`, location: `query.${other}`, keyword: 'additionalProperties', input: { query: { [other]: '1' } } },
  ];
  const query = fields.find((field) => field.in === 'query' && field.parameter);
  const queryMutation = query && parameterMutations(contract, query.parameter!)[0];
  if (query && queryMutation) {
    beside.push({ title: `and ${queryMutation.description} (${JSON.stringify(queryMutation.value)})`, location: query.location, keyword: keywordOfMutation(queryMutation.description), input: { query: { [query.name]: queryMutation.value } } });
  }
  const path = fields.find((field) => field.in === 'path' && field.parameter);
  const pathMutation = path && parameterMutations(contract, path.parameter!).find((mutation) => /not a number/.test(mutation.description));
  if (path && pathMutation) {
    beside.push({ title: `and ${pathMutation.description} (${JSON.stringify(pathMutation.value)})`, location: path.location, keyword: keywordOfMutation(pathMutation.description), input: { path: { [path.name]: pathMutation.value } } });
  }
  const media = jsonMedia(operation);
  const mutations = media && baseBody ? bodyMutations(contract, media.schema) : [];
  const wrongType = fields
    .filter((field) => field.in === 'body')
    .flatMap((field) => mutations.filter((mutation) => mutation.description.startsWith(`${field.name} of the wrong type`)).map((mutation) => ({ field, mutation })))[0];
  if (wrongType && baseBody) {
    const { field, mutation } = wrongType;
    beside.push({ title: `and a body with ${mutation.description}`, location: `body.${field.name}`, keyword: 'type', input: { body: mutation.apply(baseBody) } });
  }
  return beside.map((second) =>
    makeCase({
      phase: 'negative',
      operationId: operation.operationId,
      title: `an unknown query parameter ${unknown} ${second.title}`,
      location: `query.${unknown}`,
      causes: [`query.${unknown}`, second.location],
      keywords: ['additionalProperties', second.keyword],
      expect: { kind: 'reject', status: 422 },
      input: { ...(baseBody ? { body: baseBody } : {}), ...second.input, query: { [unknown]: '1', ...second.input.query } },
      needs: ['unknown_query_rejection'],
    }),
  );
}

/** A name in other letter case: its first letter a capital (`Size`), or all in capitals (`SIZE`). */
const OTHER_CASES: { form: string; spell: (name: string) => string }[] = [
  { form: 'its first letter a capital', spell: (name) => `${name[0]!.toUpperCase()}${name.slice(1)}` },
  { form: 'all in capitals', spell: (name) => name.toUpperCase() },
];

/**
 * requests.unknown-query-parameter over letter case: every query parameter of the operation, each with
 * a valid value, spelt in other letter case, one request per spelling (`?Page=1&Size=1`,
 * `?PAGE=1&SIZE=1`). Names are the contract's as written ("An unknown query parameter is answered
 * `422`, never ignored"; `Size` is not `size`), so the 422 names each spelling: a server that reads
 * names in any case (lowercasing the query first) takes them as the parameters they spell, answers
 * 200, and shows only here. One spelling a request, so that such a server does not meet the same
 * parameter twice and refuse the request for that.
 */
function otherCaseQueryCases(contract: ContractDocument, operation: OperationInfo, baseBody: Record<string, unknown> | undefined): GeneratedCase[] {
  const query = inputFields(contract, operation).flatMap((field) => {
    const value = field.in === 'query' && field.parameter ? validQueryValue(field) : undefined;
    return value === undefined ? [] : [{ name: field.name, value }];
  });
  return OTHER_CASES.flatMap(({ form, spell }) => {
    const spelt = query.map(({ name, value }) => [spell(name), value] as const).filter(([spelling], index) => spelling !== query[index]!.name);
    if (spelt.length === 0) return [];
    return [
      makeCase({
        phase: 'negative',
        operationId: operation.operationId,
        title: `every query parameter spelt with ${form} (${spelt.map(([name, value]) => `${name}=${value}`).join('&')})`,
        location: `query.${spelt[0]![0]}`,
        causes: spelt.map(([name]) => `query.${name}`),
        keywords: ['additionalProperties'],
        expect: { kind: 'reject', status: 422 },
        input: { ...(baseBody ? { body: baseBody } : {}), query: Object.fromEntries(spelt) },
        needs: ['unknown_query_rejection'],
      }),
    ];
  });
}

/** Spellings of an enum value that are not it: other letter case and surrounding white space. */
const ENUM_SPELLINGS: { form: string; spell: (value: string) => string }[] = [
  { form: 'its first letter a capital', spell: (value) => `${value[0]!.toUpperCase()}${value.slice(1)}` },
  { form: 'all in capitals', spell: (value) => value.toUpperCase() },
  { form: 'a space before it', spell: (value) => ` ${value}` },
  { form: 'a line feed after it', spell: (value) => `${value}\n` },
];

/**
 * requests.schema-validation over the spellings of enum values: every enum-valued query parameter and
 * body field of the operation, all at once, given one of its values in another letter case or with
 * white space around it, one request per spelling. An enum lists its values as written: `DRAFT`,
 * `Sent` and ` draft` are none of them ("A ... query ... or body value that breaks its schema (...
 * enum ...) is answered `422`, never accepted"; the description's Lists: "Filters are exact matches;
 * an unknown enum value is a `422`"), so the 422 names each (errors.field-names). A server that
 * lowercases or trims a value before it reads it answers 200, and shows only here: the value the
 * default phase sends (`conformance-not-a-value`) no reading takes. The values go round the enum, one
 * spelling each, so each spelling meets a value of its own where the enum has enough.
 */
function enumSpellingCases(operation: OperationInfo, fields: InputField[], baseBody: Record<string, unknown> | undefined): GeneratedCase[] {
  const enums = fields.flatMap((field) => {
    if (field.in === 'path' || (field.in === 'body' && !baseBody)) return [];
    const values = (Array.isArray(field.constrained?.enum) ? field.constrained.enum : []).filter((value: unknown): value is string => typeof value === 'string' && value !== '');
    return values.length === 0 ? [] : [{ field, values }];
  });
  if (enums.length === 0) return [];
  return ENUM_SPELLINGS.flatMap(({ form, spell }, index) => {
    const spelt = enums.flatMap(({ field, values }) => {
      const value = values[index % values.length]!;
      const spelling = spell(value);
      return values.includes(spelling) ? [] : [{ field, value, spelling }];
    });
    if (spelt.length === 0) return [];
    const query = Object.fromEntries(spelt.filter(({ field }) => field.in === 'query').map(({ field, spelling }) => [field.name, spelling]));
    const body = spelt.filter(({ field }) => field.in === 'body');
    return [
      makeCase({
        phase: 'negative',
        operationId: operation.operationId,
        title: `every enum value spelt with ${form} (${spelt.map(({ field, value, spelling }) => `${field.location} ${JSON.stringify(spelling)} for ${JSON.stringify(value)}`).join(', ')})`,
        location: spelt[0]!.field.location,
        causes: spelt.map(({ field }) => field.location),
        keywords: ['enum'],
        expect: { kind: 'reject', status: 422 },
        input: {
          ...(baseBody ? { body: body.length ? { ...baseBody, ...Object.fromEntries(body.map(({ field, spelling }) => [field.name, spelling])) } : baseBody } : {}),
          ...(Object.keys(query).length ? { query } : {}),
        },
      }),
    ];
  });
}

export function negativeCases(contract: ContractDocument, operation: OperationInfo, baseBody: Record<string, unknown> | undefined): GeneratedCase[] {
  const cases: GeneratedCase[] = [];
  const operationId = operation.operationId;
  for (const field of inputFields(contract, operation)) {
    if (!field.parameter) continue;
    for (const mutation of parameterMutations(contract, field.parameter)) {
      cases.push(
        makeCase({
          phase: 'negative',
          operationId,
          title: `${mutation.description} (${JSON.stringify(mutation.value)})`,
          location: field.location,
          keywords: [keywordOfMutation(mutation.description)],
          expect: { kind: 'reject', status: 422 },
          // The rest of the request stays valid, body included, so only the parameter is wrong.
          input: { ...(baseBody ? { body: baseBody } : {}), ...(field.in === 'query' ? { query: { [field.name]: mutation.value } } : { path: { [field.name]: mutation.value } }) },
        }),
      );
    }
  }
  cases.push(...amongValidQueryCases(contract, operation, baseBody));
  cases.push(...queryPairCases(contract, operation, baseBody));
  cases.push(...unknownQueryCases(contract, operation, baseBody));
  cases.push(...otherCaseQueryCases(contract, operation, baseBody));
  cases.push(...enumSpellingCases(operation, inputFields(contract, operation), baseBody));
  const media = jsonMedia(operation);
  if (media && baseBody) {
    const fieldNames = inputFields(contract, operation).filter((field) => field.in === 'body').map((field) => field.name);
    for (const mutation of bodyMutations(contract, media.schema)) {
      const location = locationOfMutation(mutation.description, fieldNames);
      cases.push(
        makeCase({
          phase: 'negative',
          operationId,
          title: `a body with ${mutation.description}`,
          location,
          keywords: [location === 'body' ? (bodyKeywords(contract, operation).at(-1) ?? 'type') : keywordOfMutation(mutation.description)],
          expect: { kind: 'reject', status: 422 },
          input: { body: mutation.apply(baseBody) },
        }),
      );
    }
    const twoFields = twoFieldCase(contract, operation, baseBody, fieldNames);
    if (twoFields) cases.push(twoFields);
    const pathAndBody = pathAndBodyCase(contract, operation, baseBody, fieldNames);
    if (pathAndBody) cases.push(pathAndBody);
    const everyField = everyFieldCase(contract, operation, baseBody, fieldNames);
    if (everyField) cases.push(everyField);
    const unknownBeside = unknownBesideInvalidCase(contract, operation, baseBody, fieldNames);
    if (unknownBeside) cases.push(unknownBeside);
    const beyondList = beyondListCase(contract, operation, baseBody);
    if (beyondList) cases.push(beyondList);
    cases.push(
      makeCase({
        phase: 'negative',
        operationId,
        title: 'a JSON body sent as text/plain',
        location: 'content-type',
        keywords: [],
        expect: { kind: 'reject', status: 415 },
        input: { rawBody: { text: JSON.stringify(baseBody), contentType: 'text/plain' } },
      }),
    );
  }
  return cases;
}
