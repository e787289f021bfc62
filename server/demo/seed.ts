/**
 * Loads the demo content (content.ts) into a server's database through the server's own services,
 * the ones the API's handlers call: every page, post, category, newsletter, subscriber and email is
 * made as a request would make it, Markdown rendered, slugs derived, names checked, emails sent and
 * delivered by the delivery worker. Only what the API cannot do is done otherwise: workspaces and
 * tokens as the admin command makes them, and the platform's own changes (a post scheduled in its
 * editor, a subscriber pending or suppressed) through store/platform.ts.
 *
 * Everything happens in the order of the content's own timeline, on a clock that the seed moves from
 * months ago up to the start: lists come out in a realistic order, a subscriber who joined last week
 * did not receive last month's email, and the delivery worker sends each email at its time.
 */
import { inTransaction, type Db } from '../db/database.ts';
import { OutboxTransport, type BatchOutcome, type OutgoingMessage, type Transport } from '../delivery/transports.ts';
import { DeliveryWorker } from '../delivery/worker.ts';
import type { Clock } from '../domain/clock.ts';
import { renderMarkdown } from '../domain/markdown.ts';
import type { MarkdownRenderer } from '../domain/markdown-pool.ts';
import type { RandomSource } from '../domain/random.ts';
import type { Logger } from '../logger.ts';
import type { ServiceContext } from '../services/context.ts';
import { createServices, type Services } from '../services/index.ts';
import type { Stores } from '../store/index.ts';
import { PlatformStore } from '../store/platform.ts';
import { DEMO_WORKSPACES, type DemoEmail, type DemoNewsletter, type DemoPage, type DemoPost, type DemoWorkspace } from './content.ts';
import { gradientPng } from './png.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface DemoTarget {
  db: Db;
  stores: Stores;
  /** Where the server keeps uploaded images, and the origin their URLs name. */
  imagesDir: string;
  publicUrl: string;
  pagesDomain: string;
  logger: Logger;
}

export interface DemoLoadOptions {
  /** The moment the content is relative to: "3 days ago", "due in 5 minutes". */
  start: Date;
  /** The API token to give each workspace. */
  tokenFor(workspace: DemoWorkspace): string;
  /**
   * Draws the random part of page domains and the images' names: a seeded source gives the same
   * domains and image URLs at every load (the mock); the operating system's randomness when absent.
   */
  random?: RandomSource;
}

export interface LoadedWorkspace {
  id: number;
  name: string;
  token: string;
}

/** A clock the seed sets to each moment of the content's timeline. */
class TimelineClock implements Clock {
  private current: Date;
  constructor(start: Date) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date): void {
    this.current = at;
  }
}

/** One step of the timeline: what happens, and when. */
interface Step {
  at: number;
  run(): Promise<void> | void;
}

/**
 * Delivers through the outbox, as a server without SMTP does, except for the emails meant to fail:
 * their mail server "refuses" every message with the content's error, and the worker marks them failed.
 */
class DemoTransport implements Transport {
  readonly name = 'demo';
  readonly refusals = new Map<number, string>();
  constructor(private readonly outbox: OutboxTransport) {}
  async deliver(batch: OutgoingMessage[], outcome: BatchOutcome): Promise<void> {
    const refusal = batch[0] && this.refusals.get(batch[0].emailId);
    if (refusal === undefined) return this.outbox.deliver(batch, outcome);
    for (const message of batch) outcome.failed(message, new Error(refusal));
  }
  async close(): Promise<void> {}
}

/**
 * The server's own rendering (domain/markdown.ts), in this thread: the pool's threads are there to
 * keep clients' Markdown off the event loop, and this Markdown is the demo's own, small and known.
 * Starting a thread would cost more (over a second on a busy machine) than rendering all of it.
 */
const inProcessMarkdown: MarkdownRenderer = {
  render: async (markdown) => renderMarkdown(markdown),
  close: async () => {},
};

export async function loadDemo(target: DemoTarget, options: DemoLoadOptions): Promise<LoadedWorkspace[]> {
  const clock = new TimelineClock(options.start);
  const context: ServiceContext = { db: target.db, stores: target.stores, clock };
  const markdown = inProcessMarkdown;
  const services = createServices(context, {
    markdown,
    pagesDomain: target.pagesDomain,
    imagesDir: target.imagesDir,
    publicUrl: target.publicUrl,
    onEmailQueued: () => {},
    random: options.random,
  });
  const transport = new DemoTransport(new OutboxTransport(target.stores.deliveries, (work) => inTransaction(target.db, work), () => clock.now().toISOString()));
  const worker = new DeliveryWorker(context, { transport, mailFrom: 'newsletters@localhost', messageIdHost: new URL(target.publicUrl).hostname, batchSize: 200, pollMs: 60_000, logger: target.logger.child({ seed: 'demo' }, { level: 'error' }) });
  const seed = new Seeder(services, new PlatformStore(target.db), target.stores, clock, worker, transport, options);
  try {
    const loaded: LoadedWorkspace[] = [];
    for (const workspace of DEMO_WORKSPACES) loaded.push(await seed.workspace(workspace));
    return loaded;
  } finally {
    clock.set(options.start);
    await worker.stop();
  }
}

class Seeder {
  constructor(
    private readonly services: Services,
    private readonly platform: PlatformStore,
    private readonly stores: Stores,
    private readonly clock: TimelineClock,
    private readonly worker: DeliveryWorker,
    private readonly transport: DemoTransport,
    private readonly options: DemoLoadOptions,
  ) {}

  /** The instant `daysAgo` days before the start, an hour early, plus `step` seconds so steps keep their order. */
  private ago(daysAgo: number, step: number): number {
    return this.options.start.getTime() - daysAgo * DAY - 60 * MINUTE + step * 1000;
  }

  async workspace(content: DemoWorkspace): Promise<LoadedWorkspace> {
    const oldest = Math.max(...content.pages.map((p) => p.daysAgo), ...content.newsletters.map((n) => n.daysAgo)) + 1;
    this.clock.set(new Date(this.ago(oldest, 0)));
    const now = this.clock.now().toISOString();
    const workspaceId = this.stores.tokens.createWorkspace(content.name, now);
    const token = this.options.tokenFor(content);
    this.stores.tokens.addToken(workspaceId, token, 'demo', now);
    const authors = new Map<string, number>();
    for (const author of content.authors) {
      const { key, inactive, short_description, ...input } = author;
      const created = this.services.authors.create(workspaceId, input);
      this.services.authors.update(workspaceId, created.id, { short_description, ...(inactive ? { active: false } : {}) });
      authors.set(key, created.id);
    }

    const steps: Step[] = [];
    let order = 0;
    const at = (daysAgo: number) => this.ago(daysAgo, (order += 1));
    for (const page of content.pages) this.pageSteps(workspaceId, page, authors, steps, at);
    for (const newsletter of content.newsletters) this.newsletterSteps(workspaceId, newsletter, authors, steps, at);
    // A stable sort: steps at the same instant keep the order they were written in.
    steps.sort((a, b) => a.at - b.at);
    for (const step of steps) {
      this.clock.set(new Date(step.at));
      await step.run();
    }
    return { id: workspaceId, name: content.name, token };
  }

  private pageSteps(workspaceId: number, content: DemoPage, authors: Map<string, number>, steps: Step[], at: (daysAgo: number) => number): void {
    const categories = new Map<string, number>();
    let pageId = 0;
    steps.push({
      at: at(content.daysAgo),
      run: () => {
        pageId = this.services.pages.create(workspaceId, { name: content.name, ...(content.slug ? { slug: content.slug } : {}) }).id;
        for (const { key, ...category } of content.categories) categories.set(key, this.services.categories.create(workspaceId, pageId, category).id);
      },
    });
    for (const post of content.posts) {
      steps.push({ at: at(post.daysAgo), run: () => this.post(workspaceId, pageId, post, categories, authors) });
      if (post.state.status === 'scheduled') {
        const inDays = post.state.inDays;
        steps.push({
          at: at(post.daysAgo) + 30 * MINUTE,
          run: () => {
            const id = this.postIdByTitle(pageId, post.title);
            this.platform.schedulePost(id, new Date(this.options.start.getTime() + inDays * DAY).toISOString(), this.clock.now().toISOString());
          },
        });
      }
    }
  }

  private async post(workspaceId: number, pageId: number, content: DemoPost, categories: Map<string, number>, authors: Map<string, number>): Promise<void> {
    const cover = content.cover ? (await this.services.images.storeBytes(gradientPng(...content.cover))).url : null;
    if (!cover && content.markdown.includes('](cover)')) throw new Error(`The demo post "${content.title}" shows its cover but has none`);
    const input = {
      title: content.title,
      description: content.description,
      content_md: cover ? content.markdown.replace('](cover)', `](${cover})`) : content.markdown,
      status: content.state.status === 'published' ? ('published' as const) : ('draft' as const),
      seo_title: `${content.title} | ${content.category ? 'Field guide' : 'Notes'}`.slice(0, 255),
      seo_description: content.description,
      og_title: content.title,
      og_description: content.description,
      cover_image_url: cover,
      og_image_url: cover,
      category_id: content.category ? categories.get(content.category)! : null,
      author_id: content.author ? authors.get(content.author)! : null,
    };
    const html = await this.services.posts.contentForCreate(workspaceId, pageId, input);
    this.services.posts.create(workspaceId, pageId, input, html);
  }

  private postIdByTitle(pageId: number, title: string): number {
    const found = this.stores.posts.list(pageId, {}, { page: 1, size: 100 }).items.find((post) => post.title === title);
    if (!found) throw new Error(`The demo post "${title}" was not created`);
    return found.id;
  }

  private newsletterSteps(workspaceId: number, content: DemoNewsletter, authors: Map<string, number>, steps: Step[], at: (daysAgo: number) => number): void {
    let newsletterId = 0;
    steps.push({ at: at(content.daysAgo), run: () => void (newsletterId = this.services.newsletters.create(workspaceId, { name: content.name }).id) });
    for (const subscriber of content.subscribers) {
      let subscriberId = 0;
      steps.push({
        at: at(subscriber.daysAgo),
        run: () => {
          subscriberId = this.services.subscribers.upsert(workspaceId, newsletterId, subscriber.email).id;
          // Never confirmed: pending from the start.
          if (subscriber.state === 'pending') this.platform.subscriberAwaitingConfirmation(subscriberId, this.clock.now().toISOString());
        },
      });
      // Unsubscribed (or bounced) half way between joining and now.
      if (subscriber.state === 'suppressed') {
        steps.push({ at: at(subscriber.daysAgo / 2), run: () => this.platform.suppressSubscriber(subscriberId, this.clock.now().toISOString()) });
      }
    }
    for (const email of content.emails) this.emailSteps(workspaceId, () => newsletterId, email, authors, steps, at);
  }

  private emailSteps(workspaceId: number, newsletterId: () => number, content: DemoEmail, authors: Map<string, number>, steps: Step[], at: (daysAgo: number) => number): void {
    let emailId = 0;
    steps.push({
      at: at(content.daysAgo),
      run: async () => {
        const input = { subject: content.subject, preview: content.preview, content_md: content.markdown, author_id: content.author ? authors.get(content.author)! : null };
        const html = await this.services.emails.contentForCreate(workspaceId, newsletterId(), input);
        emailId = this.services.emails.create(workspaceId, newsletterId(), input, html).id;
      },
    });
    const fate = content.fate;
    switch (fate.status) {
      case 'draft':
        return;
      case 'scheduled':
        steps.push({
          at: at(content.daysAgo) + MINUTE,
          run: () => void this.services.emails.send(workspaceId, newsletterId(), emailId, new Date(this.options.start.getTime() + fate.inMinutes * MINUTE).toISOString()),
        });
        return;
      case 'sent':
      case 'failed':
        steps.push({
          at: at(fate.daysAgo),
          run: async () => {
            if (fate.status === 'failed') this.transport.refusals.set(emailId, fate.error);
            this.services.emails.send(workspaceId, newsletterId(), emailId, undefined);
            this.worker.wake();
            await this.worker.idle();
          },
        });
    }
  }
}
