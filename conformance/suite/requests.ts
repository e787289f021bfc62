/**
 * Well-formed requests for any operation of the contract, for the tests that go over every operation
 * (input handling, authentication, isolation): path ids that name real resources, and valid bodies
 * generated from the operation's schema.
 */
import { jsonMedia, takesUpload } from '../cases/json-media.ts';
import type { OperationInfo } from '../contract/document.ts';
import { constrainedBranch, ValueGenerator, type Override, type Strategy, typesOf } from '../generate/values.ts';
import { imageUpload, SAMPLE_IMAGES } from './images.ts';
import type { Kit, OperationCall, RawRequest } from './kit.ts';
import { Resources } from './resources.ts';

/** A valid id that no server of a fresh test run has reached: stands for "no such resource". */
export const MISSING_ID = 9007199254740991;

type Kind = 'page' | 'post' | 'category' | 'newsletter' | 'email' | 'subscriber' | 'author';

/** An operation's `{id}` names a resource of the operation's tag; parents are named by parameter. */
const KIND_OF_TAG: Record<string, Kind> = {
  Pages: 'page',
  Posts: 'post',
  Categories: 'category',
  Newsletters: 'newsletter',
  Emails: 'email',
  Subscribers: 'subscriber',
  Authors: 'author',
};
const KIND_OF_PARENT: Record<string, Kind> = { page_id: 'page', newsletter_id: 'newsletter' };

export type PathIds = Record<string, number>;

/** Fills a path template: `/pages/{page_id}/posts` with `{ page_id: 12 }`. */
export function fillPath(template: string, ids: Record<string, string | number>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (ids[name] === undefined) throw new Error(`No value for path parameter ${name} of ${template}`);
    return encodeURIComponent(String(ids[name]));
  });
}

/**
 * Path ids naming resources the operation may act on: the run's shared page and newsletter as parents,
 * and a fresh resource of the test's own for `{id}` (an email that can be sent, for sendEmail, unless
 * `toSend` is false: a test that only names the path needs no more than an email).
 */
export async function pathIdsFor(t: Kit, operation: OperationInfo, { toSend = true }: { toSend?: boolean } = {}): Promise<PathIds> {
  const resources = new Resources(t);
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  if (pathParameters.length === 0) return {};
  const ids: PathIds = {};
  const ownKind = KIND_OF_TAG[operation.tags[0] ?? ''];
  if (ownKind === 'email' && pathParameters.some((parameter) => parameter.name === 'id')) {
    // An email's newsletter is part of the email: take both from it.
    const email = operation.operationId === 'sendEmail' && toSend ? await resources.sendableEmail() : await resources.email(resources.sharedNewsletterId());
    return { newsletter_id: email.newsletter_id, id: email.id };
  }
  for (const parameter of pathParameters) {
    const kind = KIND_OF_PARENT[parameter.name] ?? (parameter.name === 'id' ? ownKind : undefined);
    if (!kind) throw new Error(`No resource is known for path parameter ${parameter.name} of ${operation.operationId}`);
    ids[parameter.name] = await idOf(resources, kind, ids);
  }
  return ids;
}

async function idOf(resources: Resources, kind: Kind, parents: PathIds): Promise<number> {
  switch (kind) {
    case 'page':
      return resources.sharedPageId();
    case 'newsletter':
      return resources.sharedNewsletterId();
    case 'post':
      return (await resources.post(parents.page_id ?? resources.sharedPageId())).id;
    case 'category':
      return (await resources.category(parents.page_id ?? resources.sharedPageId())).id;
    case 'email':
      return (await resources.email(parents.newsletter_id ?? resources.sharedNewsletterId())).id;
    case 'subscriber':
      return (await resources.subscriber(parents.newsletter_id ?? resources.sharedNewsletterId())).id;
    case 'author':
      return resources.sharedAuthorId();
  }
}

/** Values no schema can get right: unique recognisable names, addresses, and ids of real resources. */
export function semanticOverride(t: Kit, references: { categoryId?: number | null; authorId?: number | null }): Override {
  return (field, schema, strategy) => {
    const { nullable } = typesOf(t.contract, schema);
    if (strategy === 'nulls' && nullable) return undefined;
    const longest = strategy === 'longest';
    const maxLength: number | undefined = constrainedBranch(t.contract, schema).maxLength;
    switch (field) {
      case 'name':
      case 'title':
      case 'subject':
      case 'first_name':
        return t.names.name(field, longest ? maxLength : undefined);
      case 'slug':
        return t.names.name('slug', longest ? maxLength : undefined);
      case 'email':
        return t.names.email('subscriber', longest ? maxLength : undefined);
      case 'category_id':
        return references.categoryId === undefined ? undefined : references.categoryId;
      case 'author_id':
        return references.authorId === undefined ? undefined : references.authorId;
      default:
        return undefined;
    }
  };
}

/** A valid JSON body for the operation, checked against its schema (a generator fault ends the test). */
export function validBody(t: Kit, operation: OperationInfo, strategy: Strategy, references: { categoryId?: number | null; authorId?: number | null } = {}): Record<string, unknown> {
  const media = jsonMedia(operation);
  if (!media) throw new Error(`${operation.operationId} takes no JSON body`);
  const defaults = { categoryId: null, authorId: new Resources(t).authorId(), ...references };
  const generator = new ValueGenerator(t.contract, t.random.fork(`body:${strategy}`), semanticOverride(t, defaults));
  const body = generator.value(media.schema, strategy) as Record<string, unknown>;
  const errors = t.context.validator.schemaErrors(media.schemaPointer, body);
  if (errors) throw new Error(`the suite generated an invalid ${operation.operationId} body (${errors}); this is a fault of the suite`);
  return body;
}

/** A well-formed request for the operation: valid path ids as given, a valid body where it takes one. */
export function wellFormedRequest(t: Kit, operation: OperationInfo, ids: PathIds, strategy: Strategy = 'minimal'): RawRequest {
  return requestWithBody(operation, ids, jsonMedia(operation) ? validBody(t, operation, strategy) : undefined);
}

/** The operation's request with these path ids and this JSON body, or a valid image upload where it takes one. */
export function requestWithBody(operation: OperationInfo, ids: Record<string, string | number>, body: unknown): RawRequest {
  const request: RawRequest = { method: operation.method, path: fillPath(operation.path, ids) };
  if (body !== undefined) {
    request.body = JSON.stringify(body);
    request.contentType = 'application/json';
  } else if (takesUpload(operation)) {
    const upload = imageUpload(SAMPLE_IMAGES[0]!);
    request.body = upload.body;
    request.curlBody = upload.curlBody;
  }
  return request;
}

/** The path ids and valid JSON body of a well-formed call to the operation (see Kit.call). */
export function wellFormedCall(t: Kit, operation: OperationInfo, ids: PathIds, strategy: Strategy = 'minimal'): OperationCall {
  return { ids, body: jsonMedia(operation) ? validBody(t, operation, strategy) : undefined };
}

/** Every path parameter set to an id that names nothing: for requests that must fail before any lookup. */
export function missingIds(operation: OperationInfo): PathIds {
  return Object.fromEntries(operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => [parameter.name, MISSING_ID]));
}
