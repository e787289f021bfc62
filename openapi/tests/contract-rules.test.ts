/**
 * The decisions the contract takes where the v1 interface description is silent, checked across the
 * whole document so that every operation added later follows them too: the supporting operations,
 * problem-details errors, bearer auth, strict request bodies, always-present response fields,
 * timestamps, limits and the list envelope.
 */
import { describe, expect, it } from 'vitest';
import {
  document,
  operationById,
  operations,
  parametersOf,
  propertiesOf,
  resolve,
  schema,
  typesOf,
  type Node,
} from './document.ts';

const supportingOperations: Array<[operationId: string, method: string, path: string, success: string]> = [
  ['listPages', 'get', '/pages', '200'],
  ['getPage', 'get', '/pages/{id}', '200'],
  ['updatePage', 'patch', '/pages/{id}', '200'],
  ['listCategories', 'get', '/pages/{page_id}/categories', '200'],
  ['getCategory', 'get', '/pages/{page_id}/categories/{id}', '200'],
  ['updateCategory', 'patch', '/pages/{page_id}/categories/{id}', '200'],
  ['deleteCategory', 'delete', '/pages/{page_id}/categories/{id}', '204'],
  ['listPosts', 'get', '/pages/{page_id}/posts', '200'],
  ['getPost', 'get', '/pages/{page_id}/posts/{id}', '200'],
  ['updatePost', 'patch', '/pages/{page_id}/posts/{id}', '200'],
  ['deletePost', 'delete', '/pages/{page_id}/posts/{id}', '204'],
  ['listNewsletters', 'get', '/newsletters', '200'],
  ['getNewsletter', 'get', '/newsletters/{id}', '200'],
  ['createNewsletter', 'post', '/newsletters', '201'],
  ['listSubscribers', 'get', '/newsletters/{newsletter_id}/subscribers', '200'],
  ['deleteSubscriber', 'delete', '/newsletters/{newsletter_id}/subscribers/{id}', '204'],
  ['getEmail', 'get', '/newsletters/{newsletter_id}/emails/{id}', '200'],
  ['createEmail', 'post', '/newsletters/{newsletter_id}/emails', '201'],
  ['updateEmail', 'patch', '/newsletters/{newsletter_id}/emails/{id}', '200'],
  ['deleteEmail', 'delete', '/newsletters/{newsletter_id}/emails/{id}', '204'],
  ['listAuthors', 'get', '/authors', '200'],
  ['getAuthor', 'get', '/authors/{id}', '200'],
  ['updateAuthor', 'patch', '/authors/{id}', '200'],
  ['uploadImage', 'post', '/images/upload', '201'],
];

const all = operations();
const errorStatuses = (operation: Node) => Object.keys(operation.responses).filter((s) => /^[45]/.test(s));
const takesJson = (operation: Node) => Boolean(resolve(operation.requestBody)?.content?.['application/json']);
const hasPathParameters = (entry: (typeof all)[number]) => parametersOf(entry).some((p) => p.in === 'path');

/** Every object schema reachable from a node (through refs, properties, items and compositions). */
function objectSchemas(node: Node, seen = new Set<Node>()): Node[] {
  const s = resolve(node);
  if (!s || typeof s !== 'object' || seen.has(s)) return [];
  seen.add(s);
  const nested = [
    ...Object.values(s.properties ?? {}),
    ...(s.items ? [s.items] : []),
    ...(s.allOf ?? []),
    ...(s.oneOf ?? []),
    ...(s.anyOf ?? []),
  ].flatMap((child) => objectSchemas(child, seen));
  return typesOf(s).includes('object') ? [s, ...nested] : nested;
}

const successBodies = all.flatMap((entry) =>
  Object.entries<Node>(entry.operation.responses)
    .filter(([status]) => status.startsWith('2'))
    .map(([status, response]) => ({ entry, status, response: resolve(response) }))
    .filter(({ response }) => response.content),
);

describe('the surface', () => {
  it('has 31 operations: the seven core ones and the supporting ones', () => {
    expect(all).toHaveLength(7 + supportingOperations.length);
  });

  it.each(supportingOperations)('has the supporting operation %s (%s %s, %s)', (operationId, method, path, success) => {
    const entry = operationById(operationId);
    expect([entry.method, entry.path]).toEqual([method, path]);
    expect(Object.keys(entry.operation.responses).filter((s) => s.startsWith('2'))).toEqual([success]);
  });

  it.each(all.map((e) => [e.operation.operationId, e]))('%s says whether it is core or supporting', (_, entry) => {
    expect(entry.operation.description).toMatch(/\*\*(Core|Supporting) operation\*\*/);
  });
});

describe('authentication', () => {
  it('requires a bearer token on every operation', () => {
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { operation } of all) expect(operation.security).toBeUndefined();
  });

  it.each(all.map((e) => [e.operation.operationId, e]))('%s declares 401 with WWW-Authenticate', (_, entry) => {
    const unauthorized = resolve(entry.operation.responses['401']);
    expect(resolve(unauthorized.headers['WWW-Authenticate']).required).toBe(true);
  });
});

describe('rate limits and CORS', () => {
  const SENT_ON_EVERY_ANSWER = ['RateLimit', 'RateLimit-Policy', 'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'];

  it.each(all.map((e) => [e.operation.operationId, e]))('%s declares 429 with Retry-After', (_, entry) => {
    const tooMany = resolve(entry.operation.responses['429']);
    expect(resolve(tooMany.headers['Retry-After']).required).toBe(true);
    expect(Object.keys(tooMany.content)).toEqual(['application/problem+json']);
  });

  it.each(all.map((e) => [e.operation.operationId, e]))('%s declares the rate-limit and CORS headers on every response', (_, entry) => {
    for (const [status, response] of Object.entries<Node>(entry.operation.responses)) {
      const headers = Object.keys(resolve(response).headers ?? {});
      for (const name of SENT_ON_EVERY_ANSWER) expect(headers, `${status} ${name}`).toContain(name);
    }
  });
});

describe('errors', () => {
  it.each(all.map((e) => [e.operation.operationId, e]))('%s answers every error as problem details with an example', (_, entry) => {
    for (const status of errorStatuses(entry.operation)) {
      const response = resolve(entry.operation.responses[status]);
      expect(Object.keys(response.content), `${status}`).toEqual(['application/problem+json']);
      const media = response.content['application/problem+json'];
      expect(['Problem', 'ValidationProblem'].map(schema)).toContain(resolve(media.schema));
      expect(Object.keys(media.examples ?? {}).length, `${status} examples`).toBeGreaterThan(0);
      for (const example of Object.values<Node>(media.examples)) {
        expect(resolve(example).value.status, `${status} example`).toBe(Number(status));
      }
    }
  });

  it.each(all.map((e) => [e.operation.operationId, e]))('%s declares each error it can produce', (_, entry) => {
    // Every operation: a Content-Length over the limit is a 413 whatever the operation.
    const expected = new Set(['401', '413', '422', '500']);
    if (hasPathParameters(entry)) expected.add('404');
    if (takesJson(entry.operation)) for (const s of ['400', '415']) expected.add(s);
    for (const status of expected) expect(errorStatuses(entry.operation), status).toContain(status);
  });

  it('answers every 422 with the invalid inputs listed in errors', () => {
    for (const { operation } of all) {
      const media = resolve(operation.responses['422']).content['application/problem+json'];
      expect(resolve(media.schema)).toBe(schema('ValidationProblem'));
    }
    expect(schema('Problem').required).toEqual(['type', 'title', 'status']);
    expect(propertiesOf(schema('ValidationProblem')).errors.minItems).toBe(1);
    expect(propertiesOf(schema('ValidationProblem')).errors.maxItems).toBe(20);
    expect(propertiesOf(schema('FieldError'))).toHaveProperty('field');
  });

  it('declares the conflicts the contract names', () => {
    const conflicts = (id: string) => Object.keys(operationById(id).operation.responses).includes('409');
    for (const id of ['createPage', 'updatePage', 'createCategory', 'updateCategory', 'createNewsletter', 'updateNewsletter', 'sendEmail', 'updateEmail', 'deleteEmail']) {
      expect(conflicts(id), id).toBe(true);
    }
  });
});

describe('requests', () => {
  const bodies = all.filter((e) => e.operation.requestBody);

  it.each(bodies.map((e) => [e.operation.operationId, e]))('%s rejects unknown body fields', (_, entry) => {
    for (const media of Object.values<Node>(resolve(entry.operation.requestBody).content)) {
      for (const object of objectSchemas(media.schema)) expect(object.additionalProperties).toBe(false);
    }
  });

  it.each(bodies.map((e) => [e.operation.operationId, e]))('%s has a named example of its body', (_, entry) => {
    const json = resolve(entry.operation.requestBody).content['application/json'];
    if (json) expect(Object.keys(json.examples ?? {}).length).toBeGreaterThan(0);
  });

  it('limits the length of text a person writes', () => {
    const limits: Array<[string, string, number]> = [
      ['PageCreate', 'name', 255], ['PostCreate', 'title', 255], ['EmailCreate', 'subject', 255],
      ['CategoryCreate', 'description', 1000], ['PostCreate', 'description', 1000],
      ['SubscriberCreate', 'email', 254], ['CategoryCreate', 'slug', 100], ['PageCreate', 'slug', 100],
      ['CategoryCreate', 'color', 7], ['NewsletterCreate', 'name', 255],
    ];
    for (const [schemaName, field, max] of limits) {
      const property = resolve(propertiesOf(schema(schemaName))[field]);
      const lengths = [property.maxLength, ...(property.oneOf ?? []).map((alt: Node) => resolve(alt).maxLength)];
      expect(lengths, `${schemaName}.${field}`).toContain(max);
    }
  });

  it('refuses control characters in every string of free text, requests and responses alike', () => {
    // Every schema of a string, wherever it sits in the document (schemas, parameters, headers).
    const strings: Array<[string, Node]> = [];
    const walk = (node: Node, at: string) => {
      if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${at}[${index}]`));
      if (!node || typeof node !== 'object') return;
      const types = Array.isArray(node.type) ? node.type : [node.type];
      if (types.includes('string')) strings.push([at, node]);
      for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'example') walk(value, `${at}.${key}`);
    };
    walk(document.paths, 'paths');
    walk(document.components, 'components');
    const free = strings.filter(([, node]) => node.format === undefined && node.enum === undefined && node.const === undefined && node.contentMediaType === undefined);
    expect(free.length).toBeGreaterThan(50);
    for (const [at, node] of free) {
      expect(typeof node.pattern, `${at} has a pattern`).toBe('string');
    }
    const text = free.filter(([, node]) => /\\u0000-/.test(node.pattern));
    for (const [at, node] of text) {
      const pattern = new RegExp(node.pattern, 'u');
      const valid = ['Ada wrote 1 note', 'ada@example.org'].find((sample) => pattern.test(sample));
      expect(valid, at).toBeDefined();
      for (const control of ['\u0000', '\u0007', '\u000B', '\u000C', '\u001B', '\u001F', '\u007F']) {
        expect(pattern.test(`${valid}${control}`), `${at} refuses U+${control.charCodeAt(0).toString(16)}`).toBe(false);
      }
    }
    const lines = (schemaName: string, field: string) => new RegExp(resolve(propertiesOf(schema(schemaName))[field]).pattern, 'u').test('one\ttwo\r\nthree\n');
    for (const [schemaName, field] of [['PostCreate', 'content_md'], ['PostCreate', 'content_html'], ['Post', 'content_html'], ['EmailCreate', 'content_md'], ['Category', 'description'], ['Problem', 'detail'], ['FieldError', 'message']]) {
      expect(lines(schemaName!, field!), `${schemaName}.${field} may span lines`).toBe(true);
    }
    for (const [schemaName, field] of [['PageCreate', 'name'], ['Page', 'name'], ['Post', 'title'], ['EmailCreate', 'subject'], ['Email', 'preview'], ['CategoryUpdate', 'slug'], ['Problem', 'title'], ['FieldError', 'field']]) {
      expect(lines(schemaName!, field!), `${schemaName}.${field} is one line`).toBe(false);
    }
  });

  it('takes identifiers as whole numbers from 1, in paths as in bodies', () => {
    for (const entry of all) {
      for (const parameter of parametersOf(entry).filter((p) => p.in === 'path')) {
        expect(resolve(parameter.schema)).toMatchObject({ type: 'integer', minimum: 1 });
      }
    }
    expect(schema('NullableId')).toMatchObject({ type: ['integer', 'null'], minimum: 1 });
  });

  it('accepts only draft or published when a post is created', () => {
    expect(propertiesOf(schema('PostCreate')).status.enum).toEqual(['draft', 'published']);
  });

  it('never lets a newsletter name be set to null', () => {
    expect(typesOf(propertiesOf(schema('NewsletterUpdate')).name)).toEqual(['string']);
    expect(schema('NewsletterUpdate').required ?? []).toEqual([]);
  });
});

describe('responses', () => {
  it.each(successBodies.map((b) => [`${b.entry.operation.operationId} ${b.status}`, b]))('%s is a JSON object with every field always present', (_, body) => {
    const media = body.response.content['application/json'];
    expect(Object.keys(body.response.content)).toEqual(['application/json']);
    expect(Object.keys(media.examples ?? {}).length).toBeGreaterThan(0);
    const top = resolve(media.schema);
    expect(typesOf(top)).toEqual(['object']);
    for (const object of objectSchemas(top).filter((o) => o.properties)) {
      expect([...(object.required ?? [])].sort()).toEqual(Object.keys(object.properties).sort());
    }
  });

  it('gives every timestamp in UTC with milliseconds', () => {
    for (const name of ['Page', 'Post', 'Category', 'Newsletter', 'Email', 'Subscriber', 'Author']) {
      for (const [field, property] of Object.entries<Node>(propertiesOf(schema(name)))) {
        if (!field.endsWith('_at')) continue;
        expect(property.format, `${name}.${field}`).toBe('date-time');
        expect(new RegExp(property.pattern).test('2026-11-21T09:30:00.000Z')).toBe(true);
        expect(new RegExp(property.pattern).test('2026-11-21T10:30:00+01:00')).toBe(false);
      }
    }
  });

  it('makes optional fields nullable rather than absent', () => {
    const nullable: Array<[string, string]> = [
      ['Post', 'description'], ['Post', 'category_id'], ['Post', 'first_published_at'], ['Post', 'scheduled_at'],
      ['Category', 'color'], ['Email', 'content_json'], ['Email', 'sent_at'], ['Subscriber', 'verified_at'],
    ];
    for (const [name, field] of nullable) expect(typesOf(schema(name).properties[field]), `${name}.${field}`).toContain('null');
  });
});

describe('lists', () => {
  const lists = all.filter((e) => e.operation.operationId.startsWith('list'));

  it.each(lists.map((e) => [e.operation.operationId, e]))('%s pages with page (default 1) and size (default 10, at most 100)', (_, entry) => {
    const parameters = parametersOf(entry);
    const page = resolve(parameters.find((p) => p.name === 'page').schema);
    const size = resolve(parameters.find((p) => p.name === 'size').schema);
    expect(page).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
    expect(size).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 10 });
  });

  it.each(lists.map((e) => [e.operation.operationId, e]))('%s answers the page, size, total, result envelope', (_, entry) => {
    const envelope = resolve(resolve(entry.operation.responses['200']).content['application/json'].schema);
    expect([...envelope.required].sort()).toEqual(['page', 'result', 'size', 'total']);
    expect(typesOf(envelope.properties.result)).toEqual(['array']);
  });
});

describe('documented behaviour', () => {
  it('writes the email send state table into sendEmail', () => {
    const { description } = operationById('sendEmail').operation;
    for (const row of ['`draft`, `scheduled` or `failed`', '`scheduled_at` now or in the past', '| `sent` | any | `409` |']) {
      expect(description).toContain(row);
    }
  });

  it('writes the upsert rules into createSubscriber', () => {
    const { description } = operationById('createSubscriber').operation;
    expect(description).toMatch(/case-insensitively/);
    expect(description).toMatch(/exactly one subscriber/);
  });

  it('explains auth, errors, lists and versioning to a newcomer', () => {
    for (const heading of ['## Authentication', '## Errors', '## Lists', '## Versioning']) {
      expect(document.info.description).toContain(heading);
    }
  });
});
