/**
 * The one validator every response of every test goes through, built with Ajv from the OpenAPI document
 * itself. Schemas are compiled by JSON pointer into the document, so `$ref`s into `components` resolve
 * exactly as the contract writes them (document-ajv.ts); for the bundled contract the build has compiled
 * them already (precompiled-validators.ts).
 */
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { parseAnswerJson } from './answer-json.ts';
import { DOCUMENT_ID, documentAjv, parameterWrapper } from './document-ajv.ts';
import type { ContractDocument, OperationInfo, ParameterInfo, ResponseInfo } from './document.ts';
import { visibleInternals } from './internals.ts';
import { precompiledValidatorsFor, type PrecompiledValidators } from './precompiled-validators.ts';

export type ResponseCheckName =
  | 'not_a_server_error'
  | 'status_code_conformance'
  | 'content_type_conformance'
  | 'response_schema_conformance'
  | 'response_headers_conformance'
  | 'no_internals_disclosed';

export interface ResponseCheckResult {
  check: ResponseCheckName;
  passed: boolean;
  /** Why it failed, in words. */
  reason?: string;
}

export interface ObservedResponse {
  status: number;
  headers: Headers;
  bodyText: string;
  /** Whether the body's bytes are valid UTF-8; undefined when only the text is known. */
  utf8?: boolean;
}

export function describeErrors(errors: ErrorObject[] | null | undefined, limit = 5): string {
  if (!errors?.length) return 'invalid';
  const lines = errors.slice(0, limit).map((error) => {
    const where = error.instancePath || '(root)';
    const extra =
      error.keyword === 'additionalProperties'
        ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})`
        : error.keyword === 'enum'
          ? ` (${((error.params as { allowedValues?: unknown[] }).allowedValues ?? []).join(', ')})`
          : '';
    return `${where} ${error.message ?? error.keyword}${extra}`;
  });
  if (errors.length > limit) lines.push(`and ${errors.length - limit} more`);
  return lines.join('; ');
}

/** The media type of a Content-Type header, without parameters, lowercased. */
export function mediaTypeOf(contentType: string | null): string | undefined {
  if (!contentType) return undefined;
  return contentType.split(';')[0]?.trim().toLowerCase() || undefined;
}

/** The `charset` parameter of a Content-Type, lowercase and unquoted, if it has one. */
export function charsetOf(contentType: string | null): string | undefined {
  const parameter = (contentType ?? '').split(';').slice(1).map((part) => part.trim()).find((part) => /^charset\s*=/i.test(part));
  return parameter?.replace(/^charset\s*=\s*/i, '').replace(/^"(.*)"$/, '$1').trim().toLowerCase();
}

/**
 * JSON is UTF-8 (RFC 8259 section 8.1; application/json and the +json types define no charset other
 * than it): a charset parameter, where one is sent, names utf-8, and the bytes decode as UTF-8.
 */
function jsonEncoding(mediaType: string, response: ObservedResponse): ResponseCheckResult | undefined {
  if (!/^application\/(?:json|[^;]*\+json)$/.test(mediaType)) return undefined;
  const check = 'content_type_conformance';
  const charset = charsetOf(response.headers.get('content-type'));
  if (charset !== undefined && charset !== 'utf-8') {
    return { check, passed: false, reason: `Content-Type is "${response.headers.get('content-type')}": JSON is UTF-8 (RFC 8259), so a charset parameter can only be utf-8` };
  }
  if (response.utf8 === false) return { check, passed: false, reason: `the ${mediaType} body is not valid UTF-8 (RFC 8259): ${JSON.stringify(response.bodyText.slice(0, 80))}` };
  return undefined;
}

export class ContractValidator {
  /** Made when a schema is first compiled in the run: one the build compiled is not (precompiled-validators.ts). */
  private strictAjv?: Ajv2020;
  // Path and query values arrive as strings; servers coerce them before validating, and so does this.
  private coercingAjv?: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly precompiled: PrecompiledValidators | undefined;

  constructor(readonly contract: ContractDocument) {
    this.precompiled = precompiledValidatorsFor(contract);
  }

  private compiled(pointer: string): ValidateFunction {
    let validate = this.cache.get(pointer);
    if (!validate) {
      validate = this.precompiled?.schemas[pointer] ?? (this.strictAjv ??= documentAjv(this.contract, false)).getSchema(`${DOCUMENT_ID}#${pointer}`);
      if (!validate) throw new Error(`No schema at ${pointer} in ${this.contract.source}`);
      this.cache.set(pointer, validate);
    }
    return validate;
  }

  /** Errors of a JSON value against the schema at a pointer; empty when valid. */
  schemaErrors(pointer: string, value: unknown): string | undefined {
    const validate = this.compiled(pointer);
    return validate(value) ? undefined : describeErrors(validate.errors);
  }

  /** Errors of a path or query value as a server would see it (a string, coerced to the schema's type). */
  parameterErrors(parameter: ParameterInfo, value: string): string | undefined {
    // Wrapped in an object so Ajv can coerce in place; a root value cannot be replaced.
    const validate = this.wrapperFor(parameter);
    return validate({ value }) ? undefined : describeErrors(validate.errors).replace(/\/value\b ?/g, '');
  }

  private wrapperFor(parameter: ParameterInfo): ValidateFunction {
    const key = `param:${parameter.schemaPointer}`;
    let validate = this.cache.get(key);
    if (!validate) {
      validate = this.precompiled?.parameters[parameter.schemaPointer] ?? (this.coercingAjv ??= documentAjv(this.contract, true)).compile(parameterWrapper(parameter.schemaPointer));
      this.cache.set(key, validate);
    }
    return validate;
  }

  declaredResponse(operation: OperationInfo, status: number): ResponseInfo | undefined {
    const exact = operation.responses.find((response) => response.status === String(status));
    const range = operation.responses.find((response) => response.status.toUpperCase() === `${String(status)[0]}XX`);
    const fallback = operation.responses.find((response) => response.status === 'default');
    return exact ?? range ?? fallback;
  }

  /**
   * Every response-level check that applies to one response of an operation. `omittable` names (in
   * lowercase) the declared headers the target may leave out: given, every other header the status
   * declares must be present, `required: false` or not (responses.declared-headers: "Every header the
   * contract declares for a status is present and valid"); not given, a header's `required` decides.
   */
  checkResponse(operation: OperationInfo, response: ObservedResponse, omittable?: ReadonlySet<string>): ResponseCheckResult[] {
    const results: ResponseCheckResult[] = [];
    // A 503 the operation declares is the contract's answer of a server at capacity (nothing was done,
    // Retry-After says when to come back), not a failure of the server; the other checks judge its form.
    const atCapacity = response.status === 503 && operation.responses.some((declared) => declared.status === '503');
    results.push(
      response.status < 500 || atCapacity
        ? { check: 'not_a_server_error', passed: true }
        : { check: 'not_a_server_error', passed: false, reason: `the server answered ${response.status}` },
    );

    if (response.status >= 400) {
      const leak = visibleInternals(response.bodyText);
      results.push(leak ? { check: 'no_internals_disclosed', passed: false, reason: leak } : { check: 'no_internals_disclosed', passed: true });
    }

    const declared = this.declaredResponse(operation, response.status);
    if (!declared) {
      const statuses = operation.responses.map((r) => r.status).join(', ');
      results.push({
        check: 'status_code_conformance',
        passed: false,
        reason: `${response.status} is not a status ${operation.operationId} declares (declared: ${statuses})`,
      });
      return results;
    }
    results.push({ check: 'status_code_conformance', passed: true });
    results.push(this.checkContentType(declared, response));
    const schemaResult = this.checkSchema(declared, response);
    if (schemaResult) results.push(schemaResult);
    const headersResult = this.checkHeaders(declared, response, omittable);
    if (headersResult) results.push(headersResult);
    return results;
  }

  private checkContentType(declared: ResponseInfo, response: ObservedResponse): ResponseCheckResult {
    const check = 'content_type_conformance';
    if (declared.content.length === 0) {
      return response.bodyText.length === 0
        ? { check, passed: true }
        : { check, passed: false, reason: `${declared.status} is declared without a body, but the response has ${response.bodyText.length} bytes` };
    }
    const actual = mediaTypeOf(response.headers.get('content-type'));
    const allowed = declared.content.map((media) => media.mediaType.toLowerCase());
    if (actual && allowed.includes(actual)) return jsonEncoding(actual, response) ?? { check, passed: true };
    return {
      check,
      passed: false,
      reason: `Content-Type is ${actual ? `"${response.headers.get('content-type')}"` : 'missing'}; ${declared.status} declares ${allowed.join(' or ')}`,
    };
  }

  private checkSchema(declared: ResponseInfo, response: ObservedResponse): ResponseCheckResult | undefined {
    const check = 'response_schema_conformance';
    if (declared.content.length === 0) return undefined;
    const actual = mediaTypeOf(response.headers.get('content-type'));
    // With a wrong media type the body is still judged against the declared schema: both faults show.
    const media = declared.content.find((m) => m.mediaType.toLowerCase() === actual) ?? declared.content[0]!;
    if (!/json/.test(media.mediaType)) return undefined;
    let body: unknown;
    try {
      body = parseAnswerJson(response.bodyText);
    } catch {
      return { check, passed: false, reason: `the body is not JSON: ${JSON.stringify(response.bodyText.slice(0, 80))}` };
    }
    const errors = this.schemaErrors(media.schemaPointer, body);
    if (errors) return { check, passed: false, reason: `the body does not match the ${declared.status} schema: ${errors}` };
    // RFC 9457 section 3.1.3: a problem's status, when present, is the status code of the response.
    const problemStatus = media.mediaType.toLowerCase() === 'application/problem+json' ? (body as { status?: unknown } | null)?.status : undefined;
    if (problemStatus !== undefined && problemStatus !== response.status) {
      return { check, passed: false, reason: `the problem document says status ${JSON.stringify(problemStatus)} but the response is ${response.status}` };
    }
    return { check, passed: true };
  }

  private checkHeaders(declared: ResponseInfo, response: ObservedResponse, omittable: ReadonlySet<string> | undefined): ResponseCheckResult | undefined {
    const check = 'response_headers_conformance';
    if (declared.headers.length === 0) return undefined;
    const problems: string[] = [];
    for (const header of declared.headers) {
      const value = response.headers.get(header.name);
      if (value === null) {
        if (header.required) problems.push(`required header ${header.name} is missing`);
        // A 204 is judged as much as an answer with a body: a status without content still declares its headers.
        else if (omittable !== undefined && !omittable.has(header.name.toLowerCase())) problems.push(`header ${header.name}, which ${declared.status} declares, is missing`);
        continue;
      }
      const errors = this.schemaErrors(header.schemaPointer, value);
      if (errors) problems.push(`header ${header.name}: "${value}" ${errors.replace(/^\(root\) /, '')}`);
    }
    return problems.length ? { check, passed: false, reason: problems.join('; ') } : { check, passed: true };
  }
}
