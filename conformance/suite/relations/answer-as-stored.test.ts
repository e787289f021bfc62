/**
 * resources.answer-as-stored: the answer to a create or update is the resource as stored, so a read right
 * after it answers the same fields. The writes are the ones where a server can store one thing and answer
 * another: a third resource of one name (a derived slug with its suffix), a post published, unpublished
 * and published again (`first_published_at` kept from the first time), a published post published again
 * with new values.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';

const { contract } = suiteContext();

type Json = Record<string, unknown> & { id: number };

/** The fields an answer and a later read disagree on: `slug: "a-1" answered, "a-2" read`. */
function differences(answered: Json, read: Json): string[] {
  const fields = new Set([...Object.keys(answered), ...Object.keys(read)]);
  return [...fields].filter((field) => JSON.stringify(answered[field]) !== JSON.stringify(read[field])).map((field) => `${field}: ${JSON.stringify(answered[field])} answered, ${JSON.stringify(read[field])} read`);
}

/** Sends a write, reads the resource back with `readerId`, and verifies both agree; returns the answer. */
async function writeAndRead(t: Kit, operationId: string, ids: Record<string, number>, body: Record<string, unknown>, readerId: string, readerIds: (answer: Json) => Record<string, number>): Promise<Json> {
  const { status, json, exchange } = await t.call(contract.operation(operationId), { ids, body });
  t.ensure(status === 200 || status === 201, `${operationId} answered ${status ?? 'nothing'}`, { evidence: exchange });
  const answer = json as Json;
  const reader = contract.operation(readerId);
  const read = await t.call(reader, { ids: readerIds(answer), query: reader.path.endsWith('}') ? undefined : { size: 100 } });
  const stored = (reader.path.endsWith('}') ? read.json : ((read.json as { result?: Json[] }).result ?? []).find((item) => item.id === answer.id)) as Json | undefined;
  t.ensure(stored !== undefined, `${readerId} does not show ${operationId}'s ${answer.id}`, { evidence: read.exchange });
  const wrong = differences(answer, stored);
  t.verify(wrong.length === 0, `${operationId} answered what ${readerId} does not read back: ${wrong.join('; ')}`, { evidence: read.exchange });
  return answer;
}

const A_NAME = (t: Kit) => `${t.names.name('same')} Ünïcode Name`;

forOperation('createCategory', (test) => {
  test('answers each of three categories of one name as it stores it, suffix included', { check: 'crud_agreement', rules: ['resources.answer-as-stored', 'category.slug-derived'], needs: ['state'] }, async (t: Kit) => {
    const page = await new Resources(t).page('stored');
    const name = A_NAME(t);
    for (let index = 0; index < 3; index++) {
      const made = await writeAndRead(t, 'createCategory', { page_id: page.id }, { name: `${name} ${'!'.repeat(index)}` }, 'getCategory', (answer) => ({ page_id: page.id, id: answer.id }));
      t.cleanup(`category ${made.id}`, async () => void (await t.call(contract.operation('deleteCategory'), { ids: { page_id: page.id, id: made.id } })));
    }
  });
});

forOperation('createPost', (test) => {
  test('answers each of three posts of one title as it stores it, suffix included', { check: 'crud_agreement', rules: ['resources.answer-as-stored', 'post.slug-unique-in-page'], needs: ['state'] }, async (t: Kit) => {
    const pageId = new Resources(t).sharedPageId();
    const title = A_NAME(t);
    for (let index = 0; index < 3; index++) {
      const made = await writeAndRead(t, 'createPost', { page_id: pageId }, { title, status: index === 1 ? 'published' : 'draft' }, 'getPost', (answer) => ({ page_id: pageId, id: answer.id }));
      t.cleanup(`post ${made.id}`, async () => void (await t.call(contract.operation('deletePost'), { ids: { page_id: pageId, id: made.id } })));
    }
  });
});

forOperation('createEmail', (test) => {
  test('answers each of three emails of one subject as it stores it, suffix included', { check: 'crud_agreement', rules: ['resources.answer-as-stored', 'email.created-draft'], needs: ['state'] }, async (t: Kit) => {
    const newsletter = await new Resources(t).newsletter('stored');
    const subject = A_NAME(t);
    const slugs: string[] = [];
    for (let index = 0; index < 3; index++) {
      const made = await writeAndRead(t, 'createEmail', { newsletter_id: newsletter.id }, { subject }, 'getEmail', (answer) => ({ newsletter_id: newsletter.id, id: answer.id }));
      slugs.push(String(made.slug));
      t.cleanup(`email ${made.id}`, async () => void (await t.call(contract.operation('deleteEmail'), { ids: { newsletter_id: newsletter.id, id: made.id } })));
    }
    t.verify(new Set(slugs).size === 3 && slugs[1] === `${slugs[0]}-1` && slugs[2] === `${slugs[0]}-2`, `three emails of one subject were answered with slugs ${slugs.join(', ')}; expected a slug, then it with -1 and -2`);
  });
});

forOperation('createPage', (test) => {
  test('answers a page as it stores it', { check: 'crud_agreement', rules: ['resources.answer-as-stored'], needs: ['state'] }, async (t: Kit) => {
    await writeAndRead(t, 'createPage', {}, { name: A_NAME(t) }, 'getPage', (answer) => ({ id: answer.id }));
  });
});

forOperation('createNewsletter', (test) => {
  test('answers a newsletter as it stores it', { check: 'crud_agreement', rules: ['resources.answer-as-stored'], needs: ['state'] }, async (t: Kit) => {
    await writeAndRead(t, 'createNewsletter', {}, { name: A_NAME(t) }, 'getNewsletter', (answer) => ({ id: answer.id }));
  });
});

forOperation('createSubscriber', (test) => {
  test('answers a subscriber, and the same subscriber upserted again, as it stores it', { check: 'crud_agreement', rules: ['resources.answer-as-stored', 'subscriber.upsert-same-id'], needs: ['state'] }, async (t: Kit) => {
    const newsletter = await new Resources(t).newsletter('stored');
    const address = t.names.email('stored');
    for (const sent of [address, ` ${address.toUpperCase()} `]) {
      await writeAndRead(t, 'createSubscriber', { newsletter_id: newsletter.id }, { email: sent }, 'listSubscribers', () => ({ newsletter_id: newsletter.id }));
    }
  });
});

forOperation('updatePost', (test) => {
  test('keeps first_published_at through publish, draft, publish again and a second publish, answering what it stores', { check: 'post_publication_state', rules: ['post.first-published-kept', 'resources.answer-as-stored'], needs: ['state'] }, async (t: Kit) => {
    const pageId = new Resources(t).sharedPageId();
    const post = await new Resources(t).post(pageId, { status: 'draft' });
    const ids = { page_id: pageId, id: post.id };
    const update = (body: Record<string, unknown>) => writeAndRead(t, 'updatePost', ids, body, 'getPost', () => ids);
    const first = await update({ status: 'published' });
    t.ensure(typeof first.first_published_at === 'string', `publishing a draft answered first_published_at ${JSON.stringify(first.first_published_at)}; expected the time it was published`);
    // The clock moves on, so a server that stamps every publication shows a later time.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const steps: Array<[string, Record<string, unknown>]> = [
      ['published again with a new title', { status: 'published', title: t.names.name('republished') }],
      ['set back to draft', { status: 'draft' }],
      ['published again', { status: 'published' }],
      ['published again with a new description', { status: 'published', description: 'Published once more.' }],
    ];
    for (const [step, body] of steps) {
      const answer = await update(body);
      t.verify(answer.first_published_at === first.first_published_at, `${step}, the post answered first_published_at ${JSON.stringify(answer.first_published_at)}; it was first published at ${first.first_published_at}`);
    }
  });
});

for (const [operationId, readerId, body] of [
  ['updatePage', 'getPage', { name: 'renamed' }],
  ['updateNewsletter', 'getNewsletter', { name: 'renamed' }],
  ['updateCategory', 'getCategory', { name: 'renamed', color: '#A1B2C3', description: 'Changed.' }],
  ['updateEmail', 'getEmail', { subject: 'renamed', preview: 'Changed.' }],
] as const) {
  forOperation(operationId, (test) => {
    test('answers an update as it stores it', { check: 'crud_agreement', rules: ['resources.answer-as-stored'], needs: ['state'] }, async (t: Kit) => {
      const resources = new Resources(t);
      let ids: Record<string, number>;
      if (operationId === 'updatePage') ids = { id: (await resources.page('stored')).id };
      else if (operationId === 'updateNewsletter') ids = { id: (await resources.newsletter('stored')).id };
      else if (operationId === 'updateCategory') {
        const page = resources.sharedPageId();
        ids = { page_id: page, id: (await resources.category(page)).id };
      } else {
        const newsletter = resources.sharedNewsletterId();
        ids = { newsletter_id: newsletter, id: (await resources.email(newsletter)).id };
      }
      const sent: Record<string, unknown> = { ...body };
      for (const field of ['name', 'subject']) if (field in sent) sent[field] = A_NAME(t);
      await writeAndRead(t, operationId, ids, sent, readerId, () => ids);
    });
  });
}
