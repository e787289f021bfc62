/**
 * Phase 5, stateful: sequences that follow the relationships between operations, each step using the
 * ids the target really returned: page, then category, then a post in it; newsletter, subscriber,
 * email, send, then reading until `sent`; and, for every list with an exact-match filter that has a
 * create operation on the same path, create one item and list it under every value of the filter.
 */
import type { CheckName } from '../checks/catalog.ts';
import type { ContractDocument, OperationInfo } from '../contract/document.ts';
import { resolveSchema } from '../generate/values.ts';
import type { Kit } from '../suite/kit.ts';
import { validBody } from '../suite/requests.ts';
import { Resources } from '../suite/resources.ts';
import type { CaseMeta } from './case-meta.ts';
import { noteExchange } from './case-meta.ts';

export interface Sequence {
  /** Stable name: what failures.json saves and --replay runs again. */
  name: string;
  operationId: string;
  check: CheckName;
  /** The contract rules the sequence verifies. */
  rules: string[];
  title: string;
  run(t: Kit, meta: CaseMeta): Promise<void>;
}

type Json = Record<string, unknown>;

async function pagePostInCategory(t: Kit, meta: CaseMeta): Promise<void> {
  const resources = new Resources(t);
  const page = await resources.page('sequence-page');
  const category = await resources.category(page.id);
  const post = await resources.post(page.id, { category_id: category.id, status: 'published' });
  const read = await t.api.GET('/pages/{page_id}/posts/{id}', { params: { path: { page_id: page.id, id: post.id } } });
  noteExchange(meta, read.response.status, ['path.page_id', 'path.id']);
  t.ensure(read.data !== undefined, `the post ${post.id} just created is not readable (${read.response.status})`, { check: 'ensure_resource_availability', evidence: read.response });
  t.verify(read.data.category_id === category.id, `the post was created in category ${category.id} but reads category_id ${read.data.category_id}`, { check: 'crud_agreement', evidence: read.response });
  const listed = await t.api.GET('/pages/{page_id}/posts', { params: { path: { page_id: page.id }, query: { category_id: category.id, size: 100 } } });
  noteExchange(meta, listed.response.status, ['query.category_id', 'query.size']);
  const ids = listed.data?.result.map((item) => item.id) ?? [];
  t.verify(ids.length === 1 && ids[0] === post.id, `?category_id=${category.id} lists ${JSON.stringify(ids)}; expected exactly the post ${post.id}`, { check: 'status_filter', evidence: listed.response });
}

async function newsletterSendPoll(t: Kit, meta: CaseMeta): Promise<void> {
  const resources = new Resources(t);
  const newsletter = await resources.newsletter('sequence-newsletter');
  await resources.subscriber(newsletter.id);
  const email = await resources.email(newsletter.id, { content_html: '<p>Sent by a generated sequence to a reserved example.com address.</p>' });
  const sent = await t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', { params: { path: { newsletter_id: newsletter.id, id: email.id } }, body: {} });
  noteExchange(meta, sent.response.status, ['path.newsletter_id', 'path.id']);
  t.ensure(sent.response.status === 200, `sending a draft with content and a subscriber answered ${sent.response.status}; expected 200`, { evidence: sent.response });
  const final = await t.poll(
    () => t.api.GET('/newsletters/{newsletter_id}/emails/{id}', { params: { path: { newsletter_id: newsletter.id, id: email.id } } }),
    (result) => result.data?.status === 'sent' || result.data?.status === 'failed',
    t.options.deliveryTimeoutSeconds * 1000,
  );
  noteExchange(meta, final.response.status, []);
  t.verify(final.data?.status === 'sent' && typeof final.data.sent_at === 'string', `the email reads ${final.data?.status} (sent_at ${final.data?.sent_at}) after ${t.options.deliveryTimeoutSeconds} s; expected sent with sent_at`, { evidence: final.response });
}

/** The finite values a filter parameter can take: its enum, or true and false. */
function filterValues(contract: ContractDocument, operation: OperationInfo): [string, string[]][] {
  return operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter): [string, string[]] => {
      const schema = resolveSchema(contract, parameter.schema);
      if (Array.isArray(schema.enum)) return [parameter.name, schema.enum.filter((value: unknown) => value !== null).map(String)];
      if (schema.type === 'boolean') return [parameter.name, ['true', 'false']];
      return [parameter.name, []];
    })
    .filter(([, values]) => values.length > 0);
}

function filterSequence(contract: ContractDocument, list: OperationInfo, create: OperationInfo): Sequence {
  return {
    name: `filters:${list.operationId}`,
    operationId: list.operationId,
    check: 'status_filter',
    rules: ['lists.exact-filters', 'resources.readable-after-create'],
    title: `an item made by ${create.operationId} is listed under exactly the filter values it has`,
    async run(t: Kit, meta: CaseMeta) {
      const resources = new Resources(t);
      // A parent of its own, so the list holds exactly what the sequence made.
      const ids: Record<string, number> = {};
      if (list.path.includes('{page_id}')) ids.page_id = (await resources.page('filters')).id;
      if (list.path.includes('{newsletter_id}')) ids.newsletter_id = (await resources.newsletter('filters')).id;
      const made = await t.call(create, { ids, body: validBody(t, create, 'minimal') });
      noteExchange(meta, made.status, Object.keys(ids).map((name) => `path.${name}`));
      const item = (made.json ?? {}) as Json;
      t.ensure(typeof item.id === 'number', `${create.operationId} answered ${made.status}; the sequence needs what it creates`, { check: 'ensure_resource_availability', evidence: made.exchange });
      for (const [name, values] of filterValues(contract, list)) {
        for (const value of values) {
          const listed = await t.call(list, { ids, query: { [name]: value, size: 100 } });
          noteExchange(meta, listed.status, [`query.${name}`, 'query.size']);
          const result = ((listed.json as { result?: Json[] } | undefined)?.result ?? []) as Json[];
          const shouldList = String(item[name]) === value;
          const listedIt = result.some((entry) => entry.id === item.id);
          const wrong = result.find((entry) => name in entry && String(entry[name]) !== value);
          t.verify(
            listedIt === shouldList && !wrong,
            wrong
              ? `?${name}=${value} lists item ${String(wrong.id)} whose ${name} is ${JSON.stringify(wrong[name])}`
              : `?${name}=${value} ${listedIt ? 'lists' : 'does not list'} the item ${String(item.id)} whose ${name} is ${JSON.stringify(item[name])}`,
            { evidence: listed.exchange },
          );
        }
      }
    },
  };
}

export function sequencesFor(contract: ContractDocument): Sequence[] {
  const sequences: Sequence[] = [];
  if (contract.hasOperation('createPost')) {
    sequences.push({ name: 'page-category-post', operationId: 'createPost', check: 'ensure_resource_availability', rules: ['resources.readable-after-create', 'lists.exact-filters'], title: 'a page, a category in it, a published post in the category, read and listed by category', run: pagePostInCategory });
  }
  if (contract.hasOperation('sendEmail')) {
    sequences.push({ name: 'newsletter-subscriber-email-send', operationId: 'sendEmail', check: 'email_send_state_table', rules: ['email.send-now'], title: 'a newsletter, a subscriber, an email, sent, then read until sent', run: newsletterSendPoll });
  }
  for (const list of contract.operations.filter((operation) => operation.method === 'GET')) {
    const create = contract.operations.find((operation) => operation.method === 'POST' && operation.path === list.path && operation.requestBody);
    if (create && filterValues(contract, list).length > 0) sequences.push(filterSequence(contract, list, create));
  }
  return sequences;
}
