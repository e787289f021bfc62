/**
 * listEmails (core): the defaults and limits the v1 description gives (page 1, size 10, size up to 100),
 * the envelope and its arithmetic across pages, newest-first order, and the status filter.
 *
 * On a live target the tests read a newsletter of their own holding a known set of emails: 12 in all,
 * 9 drafts and 3 scheduled for a later date (never delivered during the run).
 */
import type { Email } from '../../../generated/openapi.d.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { orderingProblem } from '../../contract/list-order.ts';
import { envelopeArithmeticProblem } from '../lists.ts';
import { Resources } from '../resources.ts';
import { dateTimeWithOffset } from '../../generate/values.ts';

const EMAILS = 12;
const SCHEDULED = 3;

interface KnownList {
  newsletterId: number;
  /** In creation order. */
  emails: Email[];
}

async function buildKnownList(t: Kit): Promise<KnownList> {
  const resources = new Resources(t);
  const newsletter = await resources.newsletter('list');
  await resources.subscriber(newsletter.id);
  const emails: Email[] = [];
  for (let index = 0; index < EMAILS; index++) {
    emails.push(await resources.email(newsletter.id, { content_html: `<p>Email ${index + 1} of a known list.</p>` }));
  }
  const later = dateTimeWithOffset(new Date(Date.now() + 30 * 86_400_000), 0);
  for (const email of emails.slice(0, SCHEDULED)) {
    const { data, response } = await t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', {
      params: { path: { newsletter_id: newsletter.id, id: email.id } },
      body: { scheduled_at: later },
    });
    if (data?.status !== 'scheduled') t.notApplicable(`needs scheduled emails, but sendEmail answered ${response.status}`);
  }
  return { newsletterId: newsletter.id, emails };
}

/** Built once, by the first test that needs it, and read by the others. */
function knownList(t: Kit): Promise<KnownList> {
  return t.shared('known-list', () => buildKnownList(t));
}

/** The newsletter a test reads: its own known list on a live target, the shared one on the mock. */
async function newsletterFor(t: Kit): Promise<number> {
  return t.options.profile === 'live' ? (await knownList(t)).newsletterId : new Resources(t).sharedNewsletterId();
}

forOperation('listEmails', (test) => {
  test('answers page 1 with at most 10 emails when page and size are not given', { check: 'pagination_defaults', rules: ['lists.default-page-and-size'] }, async (t: Kit) => {
    const newsletterId = await newsletterFor(t);
    const { data, response } = await t.api.GET('/newsletters/{newsletter_id}/emails', { params: { path: { newsletter_id: newsletterId } } });
    t.ensure(data !== undefined, `answered ${response.status}`, { evidence: response });
    t.verify(data.page === 1, `page is ${data.page}; the default is 1`, { evidence: response });
    t.verify(data.size === 10, `size is ${data.size}; the default is 10`, { evidence: response });
    t.verify(data.result.length <= 10, `${data.result.length} emails; the default size is 10`, { evidence: response });
    if (t.options.profile === 'live') {
      t.verify(data.result.length === 10 && data.total === EMAILS, `the newsletter has ${EMAILS} emails: expected 10 on page 1 and total ${EMAILS}, got ${data.result.length} and ${data.total}`, {
        evidence: response,
      });
    }
  });

  test('accepts size 100 and answers at most 100 emails', { check: 'pagination_limits', rules: ['lists.size-range'] }, async (t: Kit) => {
    const newsletterId = await newsletterFor(t);
    const { data, response } = await t.api.GET('/newsletters/{newsletter_id}/emails', { params: { path: { newsletter_id: newsletterId }, query: { size: 100 } } });
    t.ensure(data !== undefined, `size=100 answered ${response.status}; 100 is the largest size allowed`, { evidence: response });
    t.verify(data.result.length <= 100, `${data.result.length} emails for size 100`, { evidence: response });
  });

  test('refuses size 101 with 422 instead of clamping it', { check: 'pagination_limits', rules: ['lists.size-range'] }, async (t: Kit) => {
    const newsletterId = await newsletterFor(t);
    const { response } = await t.api.GET('/newsletters/{newsletter_id}/emails', { params: { path: { newsletter_id: newsletterId }, query: { size: 101 } } });
    t.verify(response.status === 422, `size=101 answered ${response.status}; expected 422`, { evidence: response });
  });

  test('refuses ?status= with an empty value with 422, never reading it as no filter', { check: 'status_filter', rules: ['lists.empty-filter-value'], needs: ['empty_value_rejection'] }, async (t: Kit) => {
    const newsletterId = await newsletterFor(t);
    const { status, exchange } = await t.raw({ method: 'GET', path: `/newsletters/${newsletterId}/emails`, query: 'status=' });
    t.verify(status === 422, `?status= answered ${status ?? 'nothing'}; expected 422`, { evidence: exchange });
  });

  test('names query.status in the errors of the 422 for ?status=', { check: 'negative_data_rejection', rules: ['lists.empty-filter-value'], needs: ['input_reflection'] }, async (t: Kit) => {
    const newsletterId = await newsletterFor(t);
    const { status, json, exchange } = await t.raw({ method: 'GET', path: `/newsletters/${newsletterId}/emails`, query: 'status=' });
    t.ensure(status === 422, `?status= answered ${status ?? 'nothing'}; expected 422`, { evidence: exchange });
    const fields = ((json as { errors?: Array<{ field?: string }> } | undefined)?.errors ?? []).map((error) => error.field);
    t.verify(fields.includes('query.status'), `the errors name ${JSON.stringify(fields)}; expected query.status`, { evidence: exchange });
  });

  test('answers with the page and size asked for', { check: 'pagination_limits', rules: ['lists.size-range'], needs: ['input_reflection'] }, async (t: Kit) => {
    const newsletterId = await newsletterFor(t);
    const { data, response } = await t.api.GET('/newsletters/{newsletter_id}/emails', { params: { path: { newsletter_id: newsletterId }, query: { page: 2, size: 5 } } });
    t.ensure(data !== undefined, `answered ${response.status}`, { evidence: response });
    t.verify(data.page === 2 && data.size === 5, `asked for page 2 of size 5, the envelope says page ${data.page} of size ${data.size}`, { evidence: response });
  });

  test('answers an envelope that adds up', { check: 'pagination_arithmetic', rules: ['lists.envelope-arithmetic'] }, async (t: Kit) => {
    const newsletterId = await newsletterFor(t);
    const { data, response } = await t.api.GET('/newsletters/{newsletter_id}/emails', { params: { path: { newsletter_id: newsletterId } } });
    t.ensure(data !== undefined, `answered ${response.status}`, { evidence: response });
    const problem = envelopeArithmeticProblem(data);
    t.verify(problem === undefined, problem ?? '', { evidence: response });
  });

  test('visits every email once when walking the pages, and a page past the end is empty with the true total', { check: 'pagination_arithmetic', rules: ['lists.envelope-arithmetic', 'lists.past-the-end'], needs: ['state'] }, async (t: Kit) => {
    const { newsletterId, emails } = await knownList(t);
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const { data, response } = await t.api.GET('/newsletters/{newsletter_id}/emails', { params: { path: { newsletter_id: newsletterId }, query: { page, size: 5 } } });
      t.ensure(data !== undefined, `page ${page} answered ${response.status}`, { evidence: response });
      const expected = Math.max(0, Math.min(5, EMAILS - (page - 1) * 5));
      t.verify(data.result.length === expected, `page ${page} of size 5 holds ${data.result.length} emails; with ${EMAILS} in all it should hold ${expected}`, { evidence: response });
      t.verify(data.total === EMAILS, `total is ${data.total} on page ${page}; the newsletter has ${EMAILS} emails`, { evidence: response });
      seen.push(...data.result.map((email) => email.id));
    }
    const expectedIds = emails.map((email) => email.id).sort((a, b) => a - b);
    const duplicates = seen.filter((id, index) => seen.indexOf(id) !== index);
    t.verify(duplicates.length === 0, `the walk visited emails ${duplicates.join(', ')} twice`);
    t.verify(JSON.stringify([...seen].sort((a, b) => a - b)) === JSON.stringify(expectedIds), `the walk visited ${seen.length} emails, not the ${EMAILS} of the newsletter`);
  });

  test('lists emails newest first: created_at descending, then id descending', { check: 'list_ordering', rules: ['lists.newest-first'] }, async (t: Kit) => {
    const newsletterId = await newsletterFor(t);
    const { data, response } = await t.api.GET('/newsletters/{newsletter_id}/emails', { params: { path: { newsletter_id: newsletterId }, query: { size: 100 } } });
    t.ensure(data !== undefined, `answered ${response.status}`, { evidence: response });
    const problem = orderingProblem(data.result);
    t.verify(problem === undefined, problem ?? '', { evidence: response });
    if (t.options.profile === 'live') {
      const created = (await knownList(t)).emails.map((email) => email.id).reverse();
      const listed = data.result.map((email) => email.id);
      t.verify(JSON.stringify(listed) === JSON.stringify(created), `listed ${listed.join(', ')}; created newest last, so expected ${created.join(', ')}`, { evidence: response });
    }
  });

  for (const status of ['draft', 'scheduled', 'sent', 'failed'] as const) {
    const count = status === 'draft' ? EMAILS - SCHEDULED : status === 'scheduled' ? SCHEDULED : 0;
    test(`lists exactly the ${status} emails with status=${status}`, { check: 'status_filter', rules: ['lists.exact-filters'], needs: ['state'] }, async (t: Kit) => {
      const { newsletterId } = await knownList(t);
      const { data, response } = await t.api.GET('/newsletters/{newsletter_id}/emails', { params: { path: { newsletter_id: newsletterId }, query: { status, size: 100 } } });
      t.ensure(data !== undefined, `answered ${response.status}`, { evidence: response });
      const others = data.result.filter((email) => email.status !== status);
      t.verify(others.length === 0, `status=${status} lists emails ${others.map((email) => `${email.id} (${email.status})`).join(', ')}`, { evidence: response });
      t.verify(data.total === count && data.result.length === count, `the newsletter has ${count} ${status} emails; total is ${data.total} and ${data.result.length} are listed`, {
        evidence: response,
      });
    });
  }
});
