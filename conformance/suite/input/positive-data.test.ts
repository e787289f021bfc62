/**
 * positive_data_acceptance, for every operation that takes input: valid inputs generated from the
 * operation's schemas, including boundary values (every field at its longest, every nullable field
 * null, the largest page size), are accepted with the declared success status. Every operation that
 * takes a body is also sent one under its media type spelt in other letter case, with the parameters
 * the type takes (requests.media-type-any-case, media-type-spellings.ts): the same type to HTTP.
 */
import { jsonMedia, takesUpload } from '../../cases/json-media.ts';
import { deleterOf, successStatus } from '../../cases/run-case.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { ValueGenerator, type Strategy } from '../../generate/values.ts';
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import { imageUpload, SAMPLE_IMAGES, someShapeOf } from '../images.ts';
import type { Kit, OperationCall, RawRequest } from '../kit.ts';
import { formBytes, formDataMediaTypeSpelledOtherwise, jsonMediaTypeSpelledOtherwise } from '../media-type-spellings.ts';
import { missingCapability } from '../../checks/profile.ts';
import { fillPath, pathIdsFor, validBody, type PathIds } from '../requests.ts';
import { Resources } from '../resources.ts';
import { guardAuthor, sendHoldingAuthor } from '../shared-author.ts';

const { contract } = suiteContext();

const BODY_CASES: Record<Strategy, string> = {
  minimal: 'a body with only the required fields',
  typical: 'a body with every field',
  longest: 'a body with every field at its longest',
  nulls: 'a body with every nullable field null',
  random: 'a random valid body',
};
const QUERY_CASES: Record<Strategy, string> = {
  minimal: 'no query parameters',
  typical: 'every query parameter',
  longest: 'every query parameter at its largest value',
  nulls: 'no query parameters',
  random: 'a random valid combination of query parameters',
};

/** Pages and newsletters cannot be deleted: fewer cases, so a run leaves little behind. */
const UNDELETABLE_CREATES = new Set(['createPage', 'createNewsletter']);

async function bodyCall(t: Kit, operation: OperationInfo, ids: PathIds, strategy: Strategy): Promise<OperationCall> {
  const media = jsonMedia(operation)!;
  // A category of the same page is the only valid non-null category_id: make one when a case wants it.
  const properties = contract.resolve(media.schema, media.schemaPointer).node.properties ?? {};
  const wantsCategory = strategy !== 'minimal' && strategy !== 'nulls' && 'category_id' in properties;
  const categoryId = wantsCategory ? (await new Resources(t).category(ids.page_id ?? new Resources(t).sharedPageId())).id : null;
  return { ids, body: validBody(t, operation, strategy, { categoryId }) };
}

function queryCall(t: Kit, operation: OperationInfo, ids: PathIds, strategy: Strategy): OperationCall {
  const generator = new ValueGenerator(contract, t.random.fork(`query:${strategy}`));
  const query: Record<string, string | number | boolean> = {};
  if (strategy !== 'minimal' && strategy !== 'nulls') {
    for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'query')) {
      if (strategy === 'random' && t.random.bool()) continue;
      query[parameter.name] = generator.value(parameter.schema, strategy) as string | number | boolean;
    }
  }
  return { ids, query };
}

/**
 * Sends the valid input (JSON through the typed client, an upload as multipart, or a request as given
 * with the path ids it was made for) and judges the answer; `why` says what the input stands for.
 */
async function accept(t: Kit, operation: OperationInfo, input: OperationCall | RawRequest, ids = 'ids' in input ? input.ids : undefined, why = ''): Promise<void> {
  const expected = successStatus(operation);
  const { status, json } = await sendHoldingAuthor(t, operation, () => ('ids' in input ? t.call(operation, input) : t.raw(input)));
  const deleter = deleterOf(t, operation);
  const createdId = (json as { id?: unknown } | undefined)?.id;
  if (deleter && typeof createdId === 'number' && ids) {
    t.cleanup(`${deleter.operationId} ${createdId}`, async () => {
      const { status: deleted } = await t.call(deleter, { ids: { ...ids, id: createdId } });
      if (deleted !== 204 && deleted !== 404) throw new Error(`answered ${deleted}`);
    });
  }
  t.verify(status === expected, status === undefined ? 'no response' : `answered ${status}; expected ${expected}${why}`);
}

/** Why another spelling of the media type is the same type, for a failure's reason. */
const SAME_TYPE = (sent: string, usual: string) =>
  ` to a body sent as ${JSON.stringify(sent)}, which is ${usual}: media types, their parameter names and a charset's value are case-insensitive, a quoted parameter value is the same value, parameters come in any order, one the type does not define is ignored, and white space around each `;` is optional (RFC 9110 sections 8.3.1, 8.3.2, 5.6.6; RFC 6838 section 4.3; requests.media-type-any-case)`;

for (const operation of contract.operations) {
  const hasQuery = operation.parameters.some((parameter) => parameter.in === 'query');
  const hasJsonBody = jsonMedia(operation) !== undefined;
  const hasUpload = takesUpload(operation);
  if (!hasQuery && !hasJsonBody && !hasUpload) continue;

  forOperation(operation.operationId, (test) => {
    if (hasJsonBody) {
      const strategies: Strategy[] = UNDELETABLE_CREATES.has(operation.operationId) ? ['minimal', 'longest'] : ['minimal', 'typical', 'longest', 'nulls', 'random'];
      for (const strategy of strategies) {
        test(`accepts ${BODY_CASES[strategy]}`, { check: 'positive_data_acceptance', rules: ['requests.valid-input-accepted'] }, async (t) => {
          guardAuthor(t, operation);
          const ids = await pathIdsFor(t, operation);
          await accept(t, operation, await bodyCall(t, operation, ids, strategy));
        });
      }
      test('accepts a body whose media type is spelt in other letter case, with a charset of UTF-8', { check: 'positive_data_acceptance', rules: ['requests.media-type-any-case', 'requests.valid-input-accepted'] }, async (t) => {
        // A body the typed client would send, under `Application/JSON; CHARSET="Utf-8"` or the like.
        guardAuthor(t, operation);
        const ids = await pathIdsFor(t, operation);
        const strategy: Strategy = UNDELETABLE_CREATES.has(operation.operationId) ? 'minimal' : 'typical';
        const { body } = await bodyCall(t, operation, ids, strategy);
        const contentType = jsonMediaTypeSpelledOtherwise(t.random.fork('media type'), missingCapability(t.options.profile, ['tab_white_space']) === undefined);
        const request: RawRequest = { method: operation.method, path: fillPath(operation.path, ids), body: JSON.stringify(body), contentType };
        await accept(t, operation, request, ids, SAME_TYPE(contentType, 'application/json in UTF-8'));
      });
      if (operation.requestBody?.required === false) {
        test('accepts a request without a body', { check: 'positive_data_acceptance', rules: ['requests.valid-input-accepted'] }, async (t) => {
          const ids = await pathIdsFor(t, operation);
          await accept(t, operation, { ids });
        });
      }
    }
    if (hasQuery) {
      for (const strategy of ['minimal', 'typical', 'longest', 'random'] as Strategy[]) {
        test(`accepts ${QUERY_CASES[strategy]}`, { check: 'positive_data_acceptance', rules: ['requests.valid-input-accepted'] }, async (t) => {
          const ids = await pathIdsFor(t, operation);
          await accept(t, operation, queryCall(t, operation, ids, strategy));
        });
      }
    }
    if (hasUpload) {
      for (const image of SAMPLE_IMAGES) {
        test(`accepts a ${image.type} image${image.variant ? ` (${image.variant})` : ''}`, { check: 'positive_data_acceptance', rules: ['requests.valid-input-accepted'] }, async (t) => {
          // Raw: a file upload's curl line reads better as -F than as the multipart bytes. The file is the
          // sample bare or in a shape real files have (metadata, bytes after its end), drawn from the seed.
          await accept(t, operation, { method: operation.method, path: fillPath(operation.path, {}), ...imageUpload(someShapeOf(image, t.random)) });
        });
      }
      test('accepts an upload whose media type is spelt in other letter case', { check: 'positive_data_acceptance', rules: ['requests.media-type-any-case', 'image.form-data-only', 'requests.valid-input-accepted'] }, async (t) => {
        // The multipart bytes fetch would send, under `Multipart/Form-Data; charset=utf-8; Boundary=...; x-note=1`
        // or the like (media-type-spellings.ts): the type is the one the upload takes, so
        // image.form-data-only's 415 is not its answer.
        const { bytes, boundary } = await formBytes(imageUpload(someShapeOf(t.random.pick(SAMPLE_IMAGES), t.random)).body);
        const contentType = formDataMediaTypeSpelledOtherwise(boundary, t.random.fork('media type'), missingCapability(t.options.profile, ['tab_white_space']) === undefined);
        await accept(t, operation, { method: operation.method, path: fillPath(operation.path, {}), body: bytes, contentType }, {}, SAME_TYPE(contentType, 'multipart/form-data'));
      });
    }
  }, { concurrent: true });
}
