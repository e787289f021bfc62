/**
 * negative_data_rejection, for every operation: each invalid input, one mutation at a time, is answered
 * with the status the contract gives (422 for a schema violation in path, query or body; 400 for a body
 * that cannot be parsed; 415 for a wrong content type, each JSON-looking one included, or charset; 413 for a body over the limit), never
 * with 2xx or 5xx. Every mutated input is validated against the schema again before it is sent: one that
 * happens to be valid is reported not applicable, never held against the server.
 */
import { jsonMedia, takesUpload } from '../../cases/json-media.ts';
import { verdict } from '../../cases/run-case.ts';
import { missingCapability, type Need } from '../../checks/profile.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { bodyMutations, parameterMutations } from '../../generate/mutations.ts';
import { forOperation } from '../harness.ts';
import { foreignQueryParameters, judgeForeignQuery } from './foreign-query.ts';
import { suiteContext } from '../context.ts';
import { imageUpload, NOT_AN_ACCEPTED_IMAGE, SAMPLE_IMAGES } from '../images.ts';
import { hasJsonSuffix, REFUSED_BODY_TYPES } from '../json-looking-types.ts';
import type { Kit, RawRequest } from '../kit.ts';
import { fillPath, pathIdsFor, validBody, wellFormedRequest, type PathIds } from '../requests.ts';

const { contract } = suiteContext();

/** JSON bodies over 1 MiB are refused; this is comfortably over. */
const OVERSIZED_JSON_BYTES = 1024 * 1024 + 64 * 1024;
/** Images over 10 MiB are refused. */
const OVERSIZED_IMAGE_BYTES = 10 * 1024 * 1024 + 64 * 1024;

interface NegativeCase {
  title: string;
  expected: number;
  /** The contract rules the case verifies. */
  rules: string[];
  needs?: Need[];
  /** The request, from valid path ids; undefined when the mutated input turns out valid. */
  build(t: Kit, ids: PathIds): RawRequest | undefined;
}

function jsonRequest(operation: OperationInfo, ids: PathIds, body: string, contentType = 'application/json'): RawRequest {
  return { method: operation.method, path: fillPath(operation.path, ids), body, contentType };
}

function parameterCases(operation: OperationInfo): NegativeCase[] {
  const cases: NegativeCase[] = [];
  for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'path' || candidate.in === 'query')) {
    for (const mutation of parameterMutations(contract, parameter)) {
      cases.push({
        title: `rejects ${mutation.description} (${JSON.stringify(mutation.value)}) with 422`,
        expected: 422,
        rules: ['requests.schema-validation'],
        build: (t, ids) => {
          if (!t.context.validator.parameterErrors(parameter, mutation.value)) return undefined;
          // Everything else about the request is valid, so only the mutated parameter is wrong.
          const request = wellFormedRequest(t, operation, ids);
          if (parameter.in === 'query') return { ...request, query: { [parameter.name]: mutation.value } };
          return { ...request, path: fillPath(operation.path, { ...ids, [parameter.name]: mutation.value }) };
        },
      });
    }
  }
  cases.push({
    title: 'rejects an unknown query parameter with 422',
    expected: 422,
    rules: ['requests.unknown-query-parameter'],
    needs: ['unknown_query_rejection'],
    build: (t, ids) => ({ ...wellFormedRequest(t, operation, ids), query: { conformance_unknown: '1' } }),
  });
  return cases;
}

function jsonBodyCases(operation: OperationInfo): NegativeCase[] {
  const media = jsonMedia(operation);
  if (!media) return [];
  const cases: NegativeCase[] = bodyMutations(contract, media.schema).map((mutation) => ({
    title: `rejects a body with ${mutation.description} with 422`,
    expected: 422,
    rules: ['requests.schema-validation'],
    build: (t, ids) => {
      const mutated = mutation.apply(validBody(t, operation, 'typical'));
      if (!t.context.validator.schemaErrors(media.schemaPointer, mutated)) return undefined;
      return jsonRequest(operation, ids, JSON.stringify(mutated));
    },
  }));
  cases.push(
    {
      title: 'rejects a body that is not parseable JSON with 400',
      expected: 400,
      rules: ['requests.malformed-body'],
      needs: ['parse_error_problem'],
      build: (t, ids) => jsonRequest(operation, ids, JSON.stringify(validBody(t, operation, 'minimal')).slice(0, -1)),
    },
    {
      title: 'rejects a JSON body in another charset than UTF-8 with 415',
      expected: 415,
      rules: ['requests.json-content-type'],
      needs: ['charset_rejection'],
      build: (t, ids) => jsonRequest(operation, ids, JSON.stringify(validBody(t, operation, 'minimal')), 'application/json; charset=iso-8859-1'),
    },
    {
      title: 'rejects a body over 1 MiB with 413',
      expected: 413,
      rules: ['requests.body-size-limit'],
      needs: ['size_limit'],
      // Valid JSON padded with white space: only the size is wrong.
      build: (t, ids) => {
        const valid = JSON.stringify(validBody(t, operation, 'minimal'));
        return jsonRequest(operation, ids, valid + ' '.repeat(OVERSIZED_JSON_BYTES - valid.length));
      },
    },
  );
  return cases;
}

function multipartCases(operation: OperationInfo): NegativeCase[] {
  if (!takesUpload(operation)) return [];
  const path = fillPath(operation.path, {});
  const png = SAMPLE_IMAGES[0]!;
  return [
    {
      title: 'rejects an upload without a file part with 422',
      expected: 422,
      rules: ['image.supported-types'],
      build: () => {
        const body = new FormData();
        body.append('caption', 'no file here');
        return { method: operation.method, path, body, curlBody: `-F 'caption=no file here'` };
      },
    },
    {
      // The contract's one part is named `file`: an image under any other name is no file part at all.
      title: 'rejects an image sent in a part named image instead of file with 422',
      expected: 422,
      rules: ['image.supported-types'],
      needs: ['upload_inspection'],
      build: () => ({ method: operation.method, path, ...imageUpload(png, 'image') }),
    },
    {
      title: 'rejects an upload with two file parts with 422',
      expected: 422,
      rules: ['image.supported-types'],
      needs: ['upload_inspection'],
      build: () => {
        const body = new FormData();
        for (const name of ['one.png', 'two.png']) body.append('file', new Blob([new Uint8Array(png.bytes)], { type: png.type }), name);
        return { method: operation.method, path, body, curlBody: `-F 'file=@one.png;type=image/png' -F 'file=@two.png;type=image/png'` };
      },
    },
    {
      title: 'rejects a JSON body where multipart is required with 415',
      expected: 415,
      rules: ['requests.json-content-type'],
      build: () => ({ method: operation.method, path, body: '{"file":"pixel.png"}', contentType: 'application/json' }),
    },
    {
      title: 'rejects a multipart body that cannot be parsed with 400',
      expected: 400,
      rules: ['requests.malformed-body'],
      needs: ['parse_error_problem'],
      build: () => ({
        method: operation.method,
        path,
        body: '--conformance\r\nContent-Disposition: form-data; name="file"; filename="pixel.png"\r\n\r\nunterminated',
        contentType: 'multipart/form-data; boundary=conformance',
      }),
    },
    {
      title: 'rejects a file that is not a PNG, JPEG, GIF or WebP image (an SVG) with 415',
      expected: 415,
      rules: ['image.supported-types'],
      needs: ['upload_inspection'],
      build: () => ({ method: operation.method, path, ...imageUpload(NOT_AN_ACCEPTED_IMAGE) }),
    },
    {
      title: 'rejects an image over 10 MiB with 413',
      expected: 413,
      rules: ['image.supported-types'],
      needs: ['size_limit'],
      build: () => {
        // A PNG signature followed by zeros: only the size is wrong.
        const bytes = Buffer.concat([png.bytes, Buffer.alloc(OVERSIZED_IMAGE_BYTES)]);
        return { method: operation.method, path, ...imageUpload({ ...png, name: 'large.png', bytes }) };
      },
    },
  ];
}

for (const operation of contract.operations) {
  forOperation(operation.operationId, (test) => {
    const cases = [...parameterCases(operation), ...jsonBodyCases(operation), ...multipartCases(operation)];
    for (const negative of cases) {
      test(negative.title, { check: 'negative_data_rejection', rules: negative.rules, needs: negative.needs }, async (t) => {
        // Rejected requests change nothing, so the cases of an operation share one set of resources.
        const ids = await t.shared('ids', () => pathIdsFor(t, operation));
        const request = negative.build(t, ids);
        if (!request) return t.notApplicable('the generated input is valid after all, so it is not judged');
        const { status } = await t.raw(request);
        t.verify(status === negative.expected, verdict(status, negative.expected));
      });
    }
    // requests.json-content-type over its class: a valid body in each type that is not application/json
    // (json-looking-types.ts), at once; a 415 is answered before the body is read, so nothing changes.
    if (jsonMedia(operation)) {
      test(`rejects a valid JSON body sent as ${REFUSED_BODY_TYPES.join(', ')}, each, with 415`, { check: 'negative_data_rejection', rules: ['requests.json-content-type'] }, async (t) => {
        const ids = await t.shared('ids', () => pathIdsFor(t, operation));
        const body = JSON.stringify(validBody(t, operation, 'minimal'));
        // The mock reads every `+json` type as JSON: it is sent the others only (checks/profile.ts).
        const suffixesRefused = missingCapability(t.options.profile, ['json_suffix_refused']) === undefined;
        const types = REFUSED_BODY_TYPES.filter((type) => suffixesRefused || !hasJsonSuffix(type));
        const answers = await Promise.all(types.map((type) => t.raw(jsonRequest(operation, ids, body, type))));
        answers.forEach(({ status }, index) => t.verify(status === 415, `the body sent as ${types[index]}: ${verdict(status, 415)}`));
      });
    }
    // Names of other operations, each alone (foreign-query.ts), on the resources these tests share.
    const foreign = foreignQueryParameters(contract, operation);
    if (foreign.length === 0) return;
    test(`rejects each query parameter another operation declares and this one does not (${foreign.map((parameter) => parameter.name).join(', ')}), sent alone, with 422 naming it`, { check: 'negative_data_rejection', rules: ['requests.unknown-query-parameter', 'errors.field-names'], needs: ['unknown_query_rejection'] }, async (t) => {
      await judgeForeignQuery(t, operation, await t.shared('ids', () => pathIdsFor(t, operation)), foreign);
    });
  }, { concurrent: true });
}
