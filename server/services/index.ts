/** All services over one set of stores. */
import { AuthorService } from './authors.ts';
import { CategoryService } from './categories.ts';
import type { ServiceContext } from './context.ts';
import type { MarkdownRenderer } from '../domain/markdown-pool.ts';
import { cryptoRandom, type RandomSource } from '../domain/random.ts';
import { EmailService } from './emails.ts';
import { ImageService } from './images.ts';
import { NewsletterService } from './newsletters.ts';
import { PageService } from './pages.ts';
import { PostService } from './posts.ts';
import { SubscriberService } from './subscribers.ts';

export interface ServiceOptions {
  pagesDomain: string;
  imagesDir: string;
  publicUrl: string;
  /** Called when an email is queued, to start its delivery without waiting for the next poll. */
  onEmailQueued: () => void;
  /** Renders the Markdown of posts and emails, off the event loop. */
  markdown: MarkdownRenderer;
  /** Draws the random part of page domains and the names of images; the operating system's randomness when absent. */
  random?: RandomSource;
}

export function createServices(context: ServiceContext, options: ServiceOptions) {
  const random = options.random ?? cryptoRandom;
  return {
    pages: new PageService(context, options.pagesDomain, random),
    posts: new PostService(context, options.markdown),
    categories: new CategoryService(context),
    newsletters: new NewsletterService(context),
    emails: new EmailService(context, options.markdown, options.onEmailQueued),
    subscribers: new SubscriberService(context),
    authors: new AuthorService(context),
    images: new ImageService(options.imagesDir, options.publicUrl, random),
  };
}

export type Services = ReturnType<typeof createServices>;
