/**
 * The shared response validator: built from the bundled contract, it passes the contract's own examples
 * and names each way a response can break the contract.
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../contract/document.ts';
import { ContractValidator, type ResponseCheckResult } from '../contract/validator.ts';

const contract = loadContract();
const validator = new ContractValidator(contract);
const examples = contract.document.components.examples;

function check(operationId: string, status: number, body: unknown, headers: Record<string, string> = {}): ResponseCheckResult[] {
  const bodyText = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const contentType = status >= 400 ? 'application/problem+json' : 'application/json';
  return validator.checkResponse(contract.operation(operationId), {
    status,
    headers: new Headers({ ...(bodyText ? { 'content-type': contentType } : {}), ...headers }),
    bodyText,
  });
}

const failed = (results: ResponseCheckResult[]) => results.filter((result) => !result.passed).map((result) => result.check);

describe('operation matching', () => {
  it('maps a request to its operation by method and path template', () => {
    expect(contract.match('GET', '/pages/12/posts/481')?.operationId).toBe('getPost');
    expect(contract.match('POST', '/newsletters/3/emails/57/send')?.operationId).toBe('sendEmail');
    expect(contract.match('POST', '/images/upload')?.operationId).toBe('uploadImage');
    expect(contract.match('PUT', '/pages')).toBeUndefined();
    expect(contract.match('GET', '/widgets')).toBeUndefined();
  });

  it('knows the seven core operations', () => {
    expect(contract.operations.filter((operation) => operation.core).map((operation) => operation.operationId).sort()).toEqual(
      ['createCategory', 'createPage', 'createPost', 'createSubscriber', 'listEmails', 'sendEmail', 'updateNewsletter'],
    );
  });
});

describe('response checks', () => {
  it("pass the contract's own examples", () => {
    expect(failed(check('listEmails', 200, examples.EmailList.value))).toEqual([]);
    expect(failed(check('createSubscriber', 200, examples.Subscriber.value))).toEqual([]);
    expect(failed(check('getPage', 404, examples.NotFound.value))).toEqual([]);
    expect(failed(check('getPage', 401, examples.Unauthorized.value, { 'www-authenticate': 'Bearer realm="publishing-api"' }))).toEqual([]);
    expect(failed(check('deletePost', 204, undefined))).toEqual([]);
  });

  it('fail status_code_conformance for a status the operation does not declare', () => {
    const results = check('createPost', 200, examples.PostDraft.value);
    expect(failed(results)).toEqual(['status_code_conformance']);
    expect(results.find((result) => result.check === 'status_code_conformance')?.reason).toMatch(/200 is not a status createPost declares/);
  });

  it('fail not_a_server_error for a 5xx, even a declared one', () => {
    expect(failed(check('getPage', 500, examples.InternalError.value))).toEqual(['not_a_server_error']);
  });

  it('pass not_a_server_error for the 503 of a server at capacity where the operation declares it, and only there', () => {
    expect(failed(check('createPost', 503, examples.Overloaded.value, { 'retry-after': '2' }))).toEqual([]);
    // Its form is still judged: the declared Retry-After.
    expect(failed(check('createPost', 503, examples.Overloaded.value))).toEqual(['response_headers_conformance']);
    expect(failed(check('listPages', 503, examples.Overloaded.value, { 'retry-after': '2' }))).toEqual(expect.arrayContaining(['not_a_server_error', 'status_code_conformance']));
  });

  it('fail content_type_conformance for a media type the status does not declare, or a body where none is declared', () => {
    expect(failed(check('listPages', 200, examples.PageList.value, { 'content-type': 'text/plain' }))).toEqual(['content_type_conformance']);
    expect(failed(check('getPage', 404, examples.NotFound.value, { 'content-type': 'application/json' }))).toEqual(['content_type_conformance']);
    expect(failed(check('deletePost', 204, '{}'))).toEqual(['content_type_conformance']);
  });

  it('pass content_type_conformance for JSON declared utf-8 in any case, or without a charset; fail it for another charset, or bytes that are not UTF-8', () => {
    for (const contentType of ['application/json', 'application/json; charset=utf-8', 'application/json;charset="UTF-8"']) {
      expect(failed(check('listPages', 200, examples.PageList.value, { 'content-type': contentType }))).toEqual([]);
    }
    expect(failed(check('getPage', 404, examples.NotFound.value, { 'content-type': 'application/problem+json; charset=UTF-8' }))).toEqual([]);
    const latin1 = check('listPages', 200, examples.PageList.value, { 'content-type': 'application/json; charset=iso-8859-1' });
    expect(failed(latin1)).toEqual(['content_type_conformance']);
    expect(latin1.find((result) => !result.passed)?.reason).toContain('RFC 8259');
    const observed = { status: 200, headers: new Headers({ 'content-type': 'application/json' }), bodyText: JSON.stringify(examples.PageList.value) };
    expect(failed(validator.checkResponse(contract.operation('listPages'), { ...observed, utf8: true }))).toEqual([]);
    expect(failed(validator.checkResponse(contract.operation('listPages'), { ...observed, utf8: false }))).toEqual(['content_type_conformance']);
  });

  it('fail response_schema_conformance for a missing or mistyped field, naming it', () => {
    const { slug: _slug, ...withoutSlug } = examples.PostDraft.value;
    const missing = check('getPost', 200, withoutSlug);
    expect(failed(missing)).toEqual(['response_schema_conformance']);
    expect(missing.find((result) => !result.passed)?.reason).toMatch(/slug/);
    expect(failed(check('createSubscriber', 200, { ...examples.Subscriber.value, id: '1024' }))).toEqual(['response_schema_conformance']);
    expect(failed(check('listEmails', 200, '<html>'))).toEqual(['response_schema_conformance']);
  });

  it('fail response_headers_conformance for a 401 without WWW-Authenticate: Bearer', () => {
    expect(failed(check('listPages', 401, examples.Unauthorized.value))).toEqual(['response_headers_conformance']);
    expect(failed(check('listPages', 401, examples.Unauthorized.value, { 'www-authenticate': 'Basic' }))).toEqual(['response_headers_conformance']);
  });

  it("fail response_headers_conformance for a declared header missing, on a 204 as on any answer, unless it is one the target may leave out", () => {
    const operation = contract.operation('deleteSubscriber');
    const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'WWW-Authenticate,Allow,Location,RateLimit,RateLimit-Policy,Retry-After' };
    const limits = { ratelimit: '"token"; r=19998; t=60', 'ratelimit-policy': '"token"; q=20000; w=60' };
    const judged = (headers: Record<string, string>, omittable?: ReadonlySet<string>) =>
      failed(validator.checkResponse(operation, { status: 204, headers: new Headers(headers), bodyText: '' }, omittable));
    expect(judged({ ...cors, ...limits }, new Set())).toEqual([]);
    expect(judged(cors, new Set())).toEqual(['response_headers_conformance']);
    expect(judged(limits, new Set())).toEqual(['response_headers_conformance']);
    // A target without a rate limit (the mock) sends no rate-limit fields; without a list, `required` decides.
    expect(judged(cors, new Set(['ratelimit', 'ratelimit-policy']))).toEqual([]);
    expect(judged({})).toEqual([]);
  });
});

describe('parameter validation', () => {
  const size = contract.operation('listEmails').parameters.find((parameter) => parameter.name === 'size')!;
  it('reads query values as a server does, coercing them to the declared type', () => {
    expect(validator.parameterErrors(size, '100')).toBeUndefined();
    expect(validator.parameterErrors(size, '101')).toMatch(/<= 100/);
    expect(validator.parameterErrors(size, 'ten')).toMatch(/integer/);
  });
});
