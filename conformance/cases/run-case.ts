/**
 * Sends one generated case and judges the answer: accepted with the declared success status, or
 * refused with the status the case expects. Every exchange also goes through the shared response
 * validator (Kit does that), and a list answer to a filtered request is checked to match the filter.
 */
import { missingCapability } from '../checks/profile.ts';
import type { OperationInfo } from '../contract/document.ts';
import type { Kit, RawRequest } from '../suite/kit.ts';
import { fillPath, pathIdsFor, type PathIds } from '../suite/requests.ts';
import { Resources } from '../suite/resources.ts';
import { guardAuthor, sendHoldingAuthor } from '../suite/shared-author.ts';
import { noteExchange, type CaseMeta } from './case-meta.ts';
import { freshen } from './freshen.ts';
import { jsonMedia } from './json-media.ts';
import { absentCauses } from './present-causes.ts';
import type { GeneratedCase } from './model.ts';

export function successStatus(operation: OperationInfo): number {
  const success = operation.responses.find((response) => /^2\d\d$/.test(response.status));
  if (!success) throw new Error(`${operation.operationId} declares no success status`);
  return Number(success.status);
}

/** The operation that deletes what this one creates (`DELETE <path>/{id}`), if the contract has one. */
export function deleterOf(t: Kit, operation: OperationInfo): OperationInfo | undefined {
  if (operation.method !== 'POST') return undefined;
  return t.contract.operations.find((candidate) => candidate.method === 'DELETE' && candidate.path === `${operation.path}/{id}`);
}

/**
 * Ids for the case: a refused request changes nothing, so refused cases of an operation share one set;
 * an accepted one may change or use up its resource (a sent email, a deleted post), so it gets its own.
 */
export async function idsFor(t: Kit, operation: OperationInfo, generated: GeneratedCase): Promise<PathIds> {
  return generated.expect.kind === 'reject' ? t.shared('generated-ids', () => pathIdsFor(t, operation)) : pathIdsFor(t, operation);
}

/** The request a case stands for, with real ids and (for accepted cases) fresh names. */
export async function requestOf(t: Kit, operation: OperationInfo, generated: GeneratedCase, ids: PathIds): Promise<RawRequest> {
  const { input } = generated;
  const request: RawRequest = { method: operation.method, path: fillPath(operation.path, { ...ids, ...input.path }) };
  if (input.query) request.query = input.query;
  if (input.rawBody) {
    request.body = input.rawBody.text;
    request.contentType = input.rawBody.contentType;
  } else if (input.body !== undefined) {
    const resources = new Resources(t);
    const body =
      generated.expect.kind === 'accept'
        ? await freshen(
            t,
            input.body,
            {
              categoryId: async () => (await resources.category(ids.page_id ?? resources.sharedPageId())).id,
              authorId: resources.authorId(),
            },
            generated.location.startsWith('body.') ? generated.location.slice('body.'.length) : undefined,
          )
        : input.body;
    request.body = JSON.stringify(body);
    request.contentType = 'application/json';
  }
  return request;
}

/** Whether the input as sent is valid against the contract (a raw body, sent as the wrong content type, never is). */
function stillValid(t: Kit, operation: OperationInfo, generated: GeneratedCase, request: RawRequest): boolean {
  const { validator } = t.context;
  if (generated.input.rawBody) return false;
  for (const [name, value] of Object.entries({ ...generated.input.query, ...generated.input.path })) {
    const parameter = operation.parameters.find((candidate) => candidate.name === name);
    if (!parameter || validator.parameterErrors(parameter, value)) return false;
  }
  const media = jsonMedia(operation);
  if (media && request.body !== undefined && validator.schemaErrors(media.schemaPointer, JSON.parse(String(request.body)))) return false;
  return true;
}

/** The rule a refused case's status stands for: a JSON body of another media type is 415, a query parameter the operation does not have 422 (requests.unknown-query-parameter), anything else invalid 422. */
export function refusalRule(generated: GeneratedCase): string {
  if (generated.rule !== undefined) return generated.rule;
  if (generated.expect.kind === 'reject' && generated.expect.status === 415) return 'requests.json-content-type';
  return unknownQueryOnly(generated) ? 'requests.unknown-query-parameter' : 'requests.schema-validation';
}

/** A case whose every cause is a query parameter the operation does not have (a name it does not declare, in any spelling). */
function unknownQueryOnly(generated: GeneratedCase): boolean {
  const causes = generated.causes ?? [generated.location];
  return generated.keywords.every((keyword) => keyword === 'additionalProperties') && causes.every((cause) => cause.startsWith('query.'));
}

/** The reason given when the status is not the expected one. */
export function verdict(status: number | undefined, expected: number): string {
  if (status === undefined) return 'no response';
  if (status >= 200 && status < 300 && expected >= 400) return `accepted with ${status}; expected ${expected}`;
  if (status >= 500) return `answered ${status}, a server error; expected ${expected}`;
  return `answered ${status}; expected ${expected}`;
}

/** List items must all match an exact-match filter named like one of their fields (`status`, `verified`). */
function checkFilter(t: Kit, operation: OperationInfo, query: Record<string, string> | undefined, json: unknown): void {
  const items = (json as { result?: unknown } | undefined)?.result;
  // A mock answers with the contract's examples whatever the filter: nothing to compare.
  if (!query || !Array.isArray(items) || missingCapability(t.options.profile, ['input_reflection'])) return;
  for (const [name, value] of Object.entries(query)) {
    if (['page', 'size'].includes(name)) continue;
    const differing = items.find((item) => item && typeof item === 'object' && name in item && String((item as Record<string, unknown>)[name]) !== value);
    if (items.some((item) => item && typeof item === 'object' && name in item)) {
      t.verify(!differing, `?${name}=${value} listed an item with ${name} ${JSON.stringify((differing as Record<string, unknown> | undefined)?.[name])}`, { check: 'status_filter' });
    }
  }
}

/**
 * A 422 for a case that breaks one input names that input in `errors`, and one that breaks several
 * names each: a body field by its name, a parameter as `query.<name>` or `path.<name>` (rule
 * errors.field-names). A mock answers every invalid
 * request with the same example, so it is not asked to.
 */
function verifyFieldNamed(t: Kit, generated: GeneratedCase, json: unknown): void {
  if (missingCapability(t.options.profile, ['input_reflection'])) return;
  const expected = (generated.causes ?? [generated.location]).flatMap((cause) => {
    const location = /^(body|query|path)\.(.+)$/.exec(cause);
    if (!location) return [];
    return [location[1] === 'body' ? location[2]! : cause];
  });
  if (expected.length === 0) return;
  const errors = (json as { errors?: Array<{ field?: unknown }> } | undefined)?.errors;
  const fields = Array.isArray(errors) ? errors.map((error) => error?.field) : [];
  if (generated.listed !== undefined && expected.length > generated.listed) return verifyListBounded(t, generated.listed, expected, fields, json);
  const unnamed = expected.filter((field) => !fields.includes(field));
  const what = expected.length > 1 ? `; the request breaks ${expected.join(' and ')}, and a 422 lists each invalid input` : ', the input this request breaks';
  t.verify(unnamed.length === 0, `the 422 names ${JSON.stringify(fields)}, not ${unnamed.join(' nor ')}${what}`, { rules: ['errors.field-names'] });
}

/**
 * A 422 for more invalid inputs than it may list names exactly that many of them, each a cause the
 * request has (errors.field-names, "up to 20"), and says in `detail` how many there were
 * (errors.count-beyond-list): the true count appears in it as a number.
 */
function verifyListBounded(t: Kit, listed: number, expected: string[], fields: unknown[], json: unknown): void {
  const named = new Set(fields.filter((field) => typeof field === 'string' && expected.includes(field)));
  t.verify(
    fields.length === listed && named.size === listed,
    `the request breaks ${expected.length} inputs; the 422 lists ${fields.length} errors naming ${named.size} of them, not the ${listed} the contract lists`,
    { rules: ['errors.field-names'] },
  );
  const detail = (json as { detail?: unknown } | undefined)?.detail;
  const counted = typeof detail === 'string' && new RegExp(`(^|\\D)${expected.length}(\\D|$)`).test(detail);
  t.verify(counted, `the request breaks ${expected.length} inputs, more than the ${listed} a 422 lists, and the detail ${JSON.stringify(detail)} does not say ${expected.length}`, {
    rules: ['errors.count-beyond-list'],
  });
}

/** A 422 names no cause the request does not have (rule errors.only-present-causes); see present-causes.ts. */
function verifyCausesPresent(t: Kit, operation: OperationInfo, request: RawRequest, generated: GeneratedCase, ids: PathIds, json: unknown): void {
  if (missingCapability(t.options.profile, ['input_reflection'])) return;
  const errors = (json as { errors?: Array<{ field?: unknown }> } | undefined)?.errors;
  if (!Array.isArray(errors)) return;
  let body: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = typeof request.body === 'string' ? JSON.parse(request.body) : undefined;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    body = undefined; // Not JSON: only its parameters can be judged.
  }
  const path = Object.fromEntries(Object.entries({ ...ids, ...generated.input.path }).map(([name, value]) => [name, String(value)]));
  // A field refused by a rule beside its schema (a limit of Markdown) is a cause though its schema allows it.
  const refusedByRule = generated.rule !== undefined ? generated.location.replace(/^body\./, '') : undefined;
  const named = errors.map((error) => error?.field).filter((field) => field !== refusedByRule);
  const absent = absentCauses(t.contract, t.context.validator, operation, { body, query: generated.input.query ?? {}, path }, named);
  t.verify(absent.length === 0, `the 422 lists causes this request does not have: ${absent.join('; ')}`, { rules: ['errors.only-present-causes'] });
}

/** Sends the case with the test's kit, records the verdict on its check, and notes coverage in `meta`. */
export async function runCase(t: Kit, operation: OperationInfo, generated: GeneratedCase, meta: CaseMeta): Promise<void> {
  guardAuthor(t, operation);
  const ids = await idsFor(t, operation, generated);
  const request = await requestOf(t, operation, generated, ids);
  const valid = stillValid(t, operation, generated, request);
  // A refusal by a rule beside the schema (generated.rule) is of an input the schema allows.
  if (generated.expect.kind === 'reject' && valid && generated.rule === undefined) return t.notApplicable('the generated input is valid after all, so it is not judged');
  if (generated.expect.kind === 'accept' && !valid) throw new Error(`the suite generated an invalid input for "${generated.title}"; this is a fault of the suite`);

  const { status, json } = await sendHoldingAuthor(t, operation, () => t.raw(request));
  noteExchange(meta, status, [...Object.keys(generated.input.query ?? {}).map((name) => `query.${name}`), ...Object.keys(ids).map((name) => `path.${name}`)]);

  if (generated.expect.kind === 'reject') {
    // A 404 for a path id that names nothing (and is invalid on its own) answers in the wrong order.
    const beforeValidation = status === 404 && generated.location.startsWith('path.');
    t.verify(status === generated.expect.status, verdict(status, generated.expect.status), {
      rules: beforeValidation ? [refusalRule(generated), 'errors.precedence'] : [refusalRule(generated)],
    });
    if (status === 422) {
      verifyFieldNamed(t, generated, json);
      verifyCausesPresent(t, operation, request, generated, ids, json);
    }
    return;
  }
  const expected = successStatus(operation);
  const createdId = (json as { id?: unknown } | undefined)?.id;
  const deleter = deleterOf(t, operation);
  if (deleter && typeof createdId === 'number') {
    t.cleanup(`${deleter.operationId} ${createdId}`, async () => {
      await t.call(deleter, { ids: { ...ids, id: createdId } });
    });
  }
  // A short name or slug of a generated case may already be taken on a target that keeps state: the
  // contract's 409, not a refusal of the value.
  if (status === 409 && operation.responses.some((response) => response.status === '409')) {
    return t.notApplicable('the generated name or slug is already taken on the target (409), so acceptance cannot be judged');
  }
  t.verify(status === expected, verdict(status, expected));
  if (status === expected) checkFilter(t, operation, generated.input.query, json);
}
