/**
 * Resources a test needs, made through the API's own operations and deleted after the test's group
 * where the API allows. When a resource cannot be made, the test that needed it is not applicable
 * (the failing operation's own tests report the failure).
 */
import type { Category, Email, EmailCreate, Newsletter, Page, Post, PostCreate, Subscriber } from '../../generated/openapi.d.ts';
import type { Kit } from './kit.ts';

interface ApiResult<T> {
  data?: T;
  response: Response;
}

function made<T>(t: Kit, result: ApiResult<T>, what: string, operationId: string): T {
  if (result.data === undefined) {
    const status = result.response?.status;
    t.notApplicable(`needs ${what}, but ${operationId} answered ${status ?? 'nothing'}`);
  }
  return result.data;
}

/** Ignores the answers a clean-up can legitimately get: already gone, or no longer deletable. */
async function deleteQuietly(run: () => Promise<{ response: Response }>, tolerated: number[]): Promise<void> {
  const { response } = await run();
  if (response.status !== 204 && !tolerated.includes(response.status)) throw new Error(`answered ${response.status}`);
}

export class Resources {
  constructor(private readonly t: Kit) {}

  /** The run's shared page (created once by the global setup, or given in --fixtures). */
  sharedPageId(): number {
    const { pageId, missing } = this.t.fixtures;
    if (pageId === undefined) this.t.notApplicable(`needs a page: ${missing.page ?? 'none was created'}`);
    return pageId;
  }

  sharedNewsletterId(): number {
    const { newsletterId, missing } = this.t.fixtures;
    if (newsletterId === undefined) this.t.notApplicable(`needs a newsletter: ${missing.newsletter ?? 'none was created'}`);
    return newsletterId;
  }

  /** The run's author (found by the global setup, or given in --fixtures): authors cannot be created. */
  sharedAuthorId(): number {
    const { authorId, missing } = this.t.fixtures;
    if (authorId === undefined) this.t.notApplicable(`needs an author: ${missing.author ?? 'none found'}`);
    return authorId;
  }

  /** An author of the workspace to name in `author_id`, or null when the workspace has none. */
  authorId(): number | null {
    return this.t.fixtures.authorId ?? null;
  }

  /** Pages cannot be deleted: this one stays, named after the run. */
  async page(label = 'page'): Promise<Page> {
    const result = await this.t.api.POST('/pages', { body: { name: this.t.names.name(label) } });
    return made(this.t, result, 'a page of its own', 'createPage');
  }

  /** Newsletters cannot be deleted: this one stays, named after the run. */
  async newsletter(label = 'newsletter'): Promise<Newsletter> {
    const result = await this.t.api.POST('/newsletters', { body: { name: this.t.names.name(label) } });
    return made(this.t, result, 'a newsletter of its own', 'createNewsletter');
  }

  async category(pageId: number, body: { name?: string; slug?: string | null; description?: string | null; color?: string | null } = {}): Promise<Category> {
    const result = await this.t.api.POST('/pages/{page_id}/categories', {
      params: { path: { page_id: pageId } },
      body: { name: this.t.names.name('category'), ...body },
    });
    const category = made(this.t, result, 'a category', 'createCategory');
    this.t.cleanup(`category ${category.id} of page ${pageId}`, () =>
      deleteQuietly(() => this.t.api.DELETE('/pages/{page_id}/categories/{id}', { params: { path: { page_id: pageId, id: category.id } } }), [404]),
    );
    return category;
  }

  async post(pageId: number, body: Partial<PostCreate> = {}): Promise<Post> {
    const result = await this.t.api.POST('/pages/{page_id}/posts', {
      params: { path: { page_id: pageId } },
      body: { title: this.t.names.name('post'), status: 'draft', ...body },
    });
    const post = made(this.t, result, 'a post', 'createPost');
    this.t.cleanup(`post ${post.id} of page ${pageId}`, () =>
      deleteQuietly(() => this.t.api.DELETE('/pages/{page_id}/posts/{id}', { params: { path: { page_id: pageId, id: post.id } } }), [404]),
    );
    return post;
  }

  async email(newsletterId: number, body: Partial<EmailCreate> = {}): Promise<Email> {
    const result = await this.t.api.POST('/newsletters/{newsletter_id}/emails', {
      params: { path: { newsletter_id: newsletterId } },
      body: { subject: this.t.names.name('email'), ...body },
    });
    const email = made(this.t, result, 'an email', 'createEmail');
    // A sent or scheduled email can no longer be deleted (409): that is expected, not a leftover.
    this.t.cleanup(`email ${email.id} of newsletter ${newsletterId}`, () =>
      deleteQuietly(() => this.t.api.DELETE('/newsletters/{newsletter_id}/emails/{id}', { params: { path: { newsletter_id: newsletterId, id: email.id } } }), [404, 409]),
    );
    return email;
  }

  async subscriber(newsletterId: number, email = this.t.names.email('subscriber')): Promise<Subscriber> {
    const result = await this.t.api.POST('/newsletters/{newsletter_id}/subscribers', {
      params: { path: { newsletter_id: newsletterId } },
      body: { email },
    });
    const subscriber = made(this.t, result, 'a subscriber', 'createSubscriber');
    this.t.cleanup(`subscriber ${subscriber.id} of newsletter ${newsletterId}`, () =>
      deleteQuietly(
        () => this.t.api.DELETE('/newsletters/{newsletter_id}/subscribers/{id}', { params: { path: { newsletter_id: newsletterId, id: subscriber.id } } }),
        [404],
      ),
    );
    return subscriber;
  }

  /** A draft that can be sent: subject, content, and a newsletter with an active, verified subscriber. */
  async sendableEmail(body: Partial<EmailCreate> = {}): Promise<Email> {
    // One newsletter with a subscriber serves every send of the operation's tests.
    const newsletter = await this.t.shared('sending-newsletter', async () => {
      const made = await this.newsletter('sending');
      await this.subscriber(made.id);
      return made;
    });
    return this.email(newsletter.id, { content_html: '<p>Sent by the conformance suite to a reserved example.com address.</p>', ...body });
  }
}
