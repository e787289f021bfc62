/**
 * Runs once per run, before any test file: makes the page and the newsletter every test file shares (or
 * takes them from --fixtures) and finds an author to name in `author_id` (the one the suite may change
 * when --fixtures names it or --disposable-target is given). Pages and newsletters cannot
 * be deleted through the API, so a run leaves exactly these two, named `conformance-<run id>-...`; on a
 * disposable target it also makes the lists of pages and newsletters longer than their largest page
 * (long-lists.ts).
 */
import type { TestProject } from 'vitest/node';
import { loadContract } from '../contract/document.ts';
import { createApiClient } from '../http/api-client.ts';
import { exchange } from '../http/exchange.ts';
import { ratePolicyFor } from '../http/rate-limit.ts';
import type { RunOptions, SharedFixtures } from '../run-options.ts';
import { fillSharedLists } from './long-lists.ts';
import { serviceStateFixtures } from './service-states.ts';

async function sharedFixtures(options: RunOptions): Promise<SharedFixtures> {
  // Paced and waiting out 429s like every request of the tests.
  const rate = ratePolicyFor(options);
  const api = createApiClient(options.baseUrl, `Bearer ${options.token}`, async (request) => {
    const { exchange: sent, response } = await exchange(request, { timeoutMs: options.requestTimeoutSeconds * 1000, rate, extraHeaders: options.headers });
    if (!response) throw new Error(sent.error ?? 'no response');
    return response;
  });
  const given = options.fixtures;
  // An author may be changed when the run is told which one, or that the whole target is disposable.
  const fixtures: SharedFixtures = { missing: {}, authorWritable: given.author_id !== undefined || options.disposableTarget === true };
  const describe = (operationId: string, status: number | undefined) => `${operationId} answered ${status ?? 'nothing'}`;

  if (given.page_id !== undefined) {
    const { response } = await api.GET('/pages/{id}', { params: { path: { id: given.page_id } } });
    if (response.ok) fixtures.pageId = given.page_id;
    else fixtures.missing.page = `page_id ${given.page_id} from --fixtures: ${describe('getPage', response.status)}`;
  } else {
    const { data, response } = await api.POST('/pages', { body: { name: `conformance-${options.runId}-shared-page` } });
    if (data) fixtures.pageId = data.id;
    else fixtures.missing.page = `${describe('createPage', response.status)}; give an existing page_id in --fixtures`;
  }

  if (given.newsletter_id !== undefined) {
    const { response } = await api.GET('/newsletters/{id}', { params: { path: { id: given.newsletter_id } } });
    if (response.ok) fixtures.newsletterId = given.newsletter_id;
    else fixtures.missing.newsletter = `newsletter_id ${given.newsletter_id} from --fixtures: ${describe('getNewsletter', response.status)}`;
  } else {
    const { data, response } = await api.POST('/newsletters', { body: { name: `conformance-${options.runId}-shared-newsletter` } });
    if (data) fixtures.newsletterId = data.id;
    else fixtures.missing.newsletter = `${describe('createNewsletter', response.status)}; give an existing newsletter_id in --fixtures`;
  }

  if (given.author_id !== undefined) {
    const { response } = await api.GET('/authors/{id}', { params: { path: { id: given.author_id } } });
    if (response.ok) fixtures.authorId = given.author_id;
    else fixtures.missing.author = `author_id ${given.author_id} from --fixtures: ${describe('getAuthor', response.status)}`;
  } else {
    const { data, response } = await api.GET('/authors', { params: { query: { size: 1 } } });
    const first = data?.result[0];
    if (first) fixtures.authorId = first.id;
    else fixtures.missing.author = data ? 'the workspace has no active author' : describe('listAuthors', response.status);
  }

  await serviceStateFixtures(api, given, fixtures);

  const unfilled = await fillSharedLists(api, loadContract(options.specPath), options);
  if (unfilled.length > 0) fixtures.missing['list longer than its largest page'] = unfilled.join('; ');
  return fixtures;
}

export default async function setup(project: TestProject): Promise<void> {
  const options = project.getProvidedContext().conformanceOptions;
  const writable = options.fixtures.author_id !== undefined || options.disposableTarget === true;
  try {
    project.provide('conformanceFixtures', await sharedFixtures(options));
  } catch (error) {
    // No response at all: every test will meet the same, and report it against its own operation.
    const reason = `the target did not answer: ${(error as Error).message}`;
    project.provide('conformanceFixtures', { missing: { page: reason, newsletter: reason, author: reason }, authorWritable: writable });
  }
}
