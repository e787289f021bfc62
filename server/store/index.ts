/** All stores over one database. */
import type { Db } from '../db/database.ts';
import { AuthorStore } from './authors.ts';
import { CategoryStore } from './categories.ts';
import { DeliveryStore } from './deliveries.ts';
import { EmailStore } from './emails.ts';
import { NewsletterStore } from './newsletters.ts';
import { PageStore } from './pages.ts';
import { PostStore } from './posts.ts';
import { SubscriberStore } from './subscribers.ts';
import { TokenStore } from './tokens.ts';

export function createStores(db: Db) {
  return {
    tokens: new TokenStore(db),
    authors: new AuthorStore(db),
    pages: new PageStore(db),
    categories: new CategoryStore(db),
    posts: new PostStore(db),
    newsletters: new NewsletterStore(db),
    emails: new EmailStore(db),
    subscribers: new SubscriberStore(db),
    deliveries: new DeliveryStore(db),
  };
}

export type Stores = ReturnType<typeof createStores>;
