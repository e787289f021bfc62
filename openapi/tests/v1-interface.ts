/**
 * The v1 interface description of the publishing service, restated as data: the seven operations it
 * specifies and the resources it lists. This is the part of the contract that is not ours to change;
 * the tests in this folder fail if the OpenAPI document drifts from it.
 *
 * Where the description leaves something open (error codes, envelopes, auth), the contract decides,
 * and those decisions are tested separately in contract-rules.test.ts.
 */

export type ScalarType = 'integer' | 'number' | 'string' | 'boolean' | 'object';

export interface ParameterFact {
  name: string;
  in: 'path' | 'query';
  /** The description declares path ids and page/size as "number"; the contract narrows them to integers. */
  type: 'number' | 'string';
  required: boolean;
  default?: number | string;
  maximum?: number;
  enum?: string[];
}

export interface BodyFieldFact {
  name: string;
  type: ScalarType;
  required: boolean;
  /** The default the description gives; `null` where it says "null". */
  default?: string | null;
  enum?: string[];
}

export interface OperationFact {
  operationId: string;
  method: 'get' | 'post' | 'patch';
  path: string;
  successStatus: string;
  /** The resource schema of the success body; `EmailList` is the paginated list of emails. */
  successSchema: string;
  parameters: ParameterFact[];
  body?: BodyFieldFact[];
}

const newsletterId: ParameterFact = { name: 'newsletter_id', in: 'path', type: 'number', required: true };
const pageId: ParameterFact = { name: 'page_id', in: 'path', type: 'number', required: true };
const id: ParameterFact = { name: 'id', in: 'path', type: 'number', required: true };
const optionalNull = (name: string, type: ScalarType = 'string'): BodyFieldFact => ({
  name,
  type,
  required: false,
  default: null,
});

export const coreOperations: OperationFact[] = [
  {
    operationId: 'listEmails',
    method: 'get',
    path: '/newsletters/{newsletter_id}/emails',
    successStatus: '200',
    successSchema: 'EmailList',
    parameters: [
      newsletterId,
      { name: 'status', in: 'query', type: 'string', required: false, enum: ['draft', 'scheduled', 'sent', 'failed'] },
      { name: 'page', in: 'query', type: 'number', required: false, default: 1 },
      { name: 'size', in: 'query', type: 'number', required: false, default: 10, maximum: 100 },
    ],
  },
  {
    operationId: 'createPost',
    method: 'post',
    path: '/pages/{page_id}/posts',
    successStatus: '201',
    successSchema: 'Post',
    parameters: [pageId],
    body: [
      { name: 'title', type: 'string', required: true },
      { name: 'status', type: 'string', required: false, default: 'draft', enum: ['draft', 'published'] },
      optionalNull('content_html'),
      optionalNull('content_md'),
      optionalNull('description'),
      optionalNull('category_id', 'integer'),
      optionalNull('seo_title'),
      optionalNull('seo_description'),
      optionalNull('og_title'),
      optionalNull('og_description'),
      optionalNull('author_id', 'integer'),
      optionalNull('cover_image_url'),
      optionalNull('og_image_url'),
    ],
  },
  {
    operationId: 'sendEmail',
    method: 'post',
    path: '/newsletters/{newsletter_id}/emails/{id}/send',
    successStatus: '200',
    successSchema: 'Email',
    parameters: [newsletterId, id],
    body: [optionalNull('scheduled_at')],
  },
  {
    operationId: 'createCategory',
    method: 'post',
    path: '/pages/{page_id}/categories',
    successStatus: '201',
    successSchema: 'Category',
    parameters: [pageId],
    body: [
      { name: 'name', type: 'string', required: true },
      optionalNull('slug'),
      optionalNull('description'),
      optionalNull('color'),
    ],
  },
  {
    operationId: 'createSubscriber',
    method: 'post',
    path: '/newsletters/{newsletter_id}/subscribers',
    successStatus: '200',
    successSchema: 'Subscriber',
    parameters: [newsletterId],
    body: [{ name: 'email', type: 'string', required: true }],
  },
  {
    operationId: 'createPage',
    method: 'post',
    path: '/pages',
    // Not given by the description; the platform answers 201.
    successStatus: '201',
    successSchema: 'Page',
    parameters: [],
    body: [{ name: 'name', type: 'string', required: true }, optionalNull('slug')],
  },
  {
    operationId: 'updateNewsletter',
    method: 'patch',
    path: '/newsletters/{id}',
    // Not given by the description; the platform answers 200.
    successStatus: '200',
    successSchema: 'Newsletter',
    parameters: [id],
    body: [{ name: 'name', type: 'string', required: false }],
  },
];

export interface ResourceFieldFact {
  name: string;
  type: ScalarType;
  /** Values the description lists for a status field. */
  enum?: string[];
}

const f = (name: string, type: ScalarType = 'string', values?: string[]): ResourceFieldFact =>
  values ? { name, type, enum: values } : { name, type };

/** Every field each resource has in responses, in the description's order. Ids are numbers (integers). */
export const resources: Record<string, ResourceFieldFact[]> = {
  Page: [
    f('id', 'integer'), f('name'), f('slug'), f('name_slug'), f('domain'), f('workspace_id', 'integer'),
    f('created_at'), f('updated_at'),
  ],
  Post: [
    f('id', 'integer'), f('title'), f('slug'), f('status', 'string', ['draft', 'published', 'scheduled']),
    f('description'), f('content_html'), f('seo_title'), f('seo_description'), f('og_title'), f('og_description'),
    f('cover_image_url'), f('og_image_url'), f('category_id', 'integer'), f('page_id', 'integer'),
    f('scheduled_at'), f('first_published_at'), f('created_at'), f('updated_at'),
  ],
  Category: [
    f('id', 'integer'), f('name'), f('slug'), f('description'), f('color'), f('page_id', 'integer'),
    f('created_at'), f('updated_at'),
  ],
  Newsletter: [
    f('id', 'integer'), f('name'), f('name_slug'), f('workspace_id', 'integer'), f('created_at'), f('updated_at'),
  ],
  Email: [
    f('id', 'integer'), f('subject'), f('preview'), f('slug'), f('status', 'string', ['draft', 'scheduled', 'sent', 'failed']),
    f('content_html'), f('content_json', 'object'), f('author_id', 'integer'), f('newsletter_id', 'integer'),
    f('scheduled_at'), f('sent_at'), f('created_at'), f('updated_at'),
  ],
  Subscriber: [
    f('id', 'integer'), f('email'), f('verified', 'boolean'), f('active', 'boolean'), f('status'),
    f('newsletter_id', 'integer'), f('verified_at'), f('created_at'), f('updated_at'),
  ],
};

/** Fields accepted on post creation that a post response never carries. */
export const postWriteOnlyFields = ['content_md', 'author_id'];

/** The eight tags the description groups operations under. */
export const tags = ['Authors', 'Categories', 'Emails', 'Images', 'Newsletters', 'Pages', 'Posts', 'Subscribers'];

/** Every path lives under a base URL that ends in the major version. */
export const basePathSuffix = '/api/v1';
export const descriptionVersion = '1.0.0';
