/**
 * The faults that live in the server's parts: each replaces a method of a store, a service or the
 * Markdown renderer with a broken one, before the application is built on them.
 */
import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import slugifyText from '@sindresorhus/slugify';
import type { Email } from '../../generated/openapi.d.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug, slugify, slugOr } from '../domain/slugs.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';

/**
 * The slugs in use, as a derived slug's numbering sees them, include `base-1` once `base` is taken:
 * the first free suffix is then -2.
 */
function numberSlugsFromTwo(store: { slugsFrom(pageId: number, base: string): string[] }): void {
  const slugsFrom = store.slugsFrom.bind(store);
  store.slugsFrom = (pageId, base) => {
    const used = slugsFrom(pageId, base);
    return used.includes(base) ? [...used, `${base}-1`] : used;
  };
}

export function breakParts(on: FaultSet, { db, stores, services, markdown }: ServerParts): void {
  if (on('send-state-before-time')) {
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      if (services.emails.get(workspaceId, newsletterId, id).status === 'sent') throw problems.emailAlreadySent(`Email ${id} has been sent.`);
      return send(workspaceId, newsletterId, id, at);
    };
  }
  if (on('empty-filter-ignored')) {
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => list(workspaceId, newsletterId, (status as string) === '' ? undefined : status, paging);
  }
  if (on('empty-update-touches')) {
    const update = services.categories.update.bind(services.categories);
    const touch = db.prepare('UPDATE categories SET updated_at = ? WHERE id = ? AND page_id = ?');
    services.categories.update = (workspaceId, pageId, id, input) => {
      if (Object.keys(input).length === 0) touch.run(new Date().toISOString(), id, pageId);
      return update(workspaceId, pageId, id, input);
    };
  }
  if (on('slug-suffix-past-limit')) {
    // The slug as it would be cut at the limit itself, leaving no room for the suffix.
    const create = services.categories.create.bind(services.categories);
    const slugs = db.prepare<[number, number], string>('SELECT slug FROM categories WHERE page_id = ? AND id != ?').pluck();
    const setSlug = db.prepare('UPDATE categories SET slug = ? WHERE id = ?');
    services.categories.create = (workspaceId, pageId, input) => {
      const category = create(workspaceId, pageId, input);
      const base = slugifyText(input.name.replace(/\//g, ''), { decamelize: false }).slice(0, 100).replace(/-+$/, '');
      if (input.slug != null || base.length <= 90) return category;
      setSlug.run(nextFreeSlug(base, slugs.all(pageId, category.id).filter((slug) => slug.startsWith(base))), category.id);
      return services.categories.get(workspaceId, pageId, category.id);
    };
  }
  if (on('cross-workspace-leak')) {
    const anyWorkspace = db.prepare('SELECT id, name, name_slug, workspace_id, created_at, updated_at FROM newsletters WHERE id = ?');
    stores.newsletters.get = (_workspaceId, id) => anyWorkspace.get(id) as ReturnType<typeof stores.newsletters.get>;
    // Emails and subscribers check their newsletter with exists(): the leak reaches them too.
    stores.newsletters.exists = (_workspaceId, id) => anyWorkspace.get(id) !== undefined;
  }
  if (on('upsert-case-sensitive')) {
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      if (!stores.newsletters.get(workspaceId, newsletterId)) throw problems.notFound(`There is no newsletter ${newsletterId}.`);
      return stores.subscribers.upsertActive(newsletterId, email, new Date().toISOString());
    };
  }
  if (on('upsert-duplicates')) {
    // The unique key forbids two rows for one address, so the older row steps aside under a
    // marked address: both stay listed, as a duplicate would.
    const upsert = stores.subscribers.upsertActive.bind(stores.subscribers);
    const setAside = db.prepare("UPDATE subscribers SET email = email || '#' || id WHERE newsletter_id = ? AND email = ?");
    stores.subscribers.upsertActive = (newsletterId, email, now) => {
      setAside.run(newsletterId, email);
      return upsert(newsletterId, email, now);
    };
  }
  if (on('send-accepts-past-time')) {
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) =>
      send(workspaceId, newsletterId, id, at != null && new Date(at).getTime() <= Date.now() ? undefined : at);
  }
  if (on('resend-sent-email')) {
    const send = services.emails.send.bind(services.emails);
    const reopen = db.prepare("UPDATE emails SET status = 'draft', delivery_started_at = NULL WHERE id = ? AND status = 'sent'");
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      reopen.run(id);
      return send(workspaceId, newsletterId, id, at);
    };
  }
  if (on('ignore-status-filter') || on('ignore-size') || on('total-counts-page')) {
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => {
      const page = list(
        workspaceId,
        newsletterId,
        on('ignore-status-filter') ? undefined : status,
        on('ignore-size') ? { page: paging.page, size: paging.size * 2 } : paging,
      );
      return on('total-counts-page') ? { ...page, total: page.items.length } : page;
    };
  }
  if (on('ignore-verified-false')) {
    const list = services.subscribers.list.bind(services.subscribers);
    services.subscribers.list = (workspaceId, newsletterId, filter, paging) =>
      list(workspaceId, newsletterId, filter.verified === false ? { ...filter, verified: undefined } : filter, paging);
  }
  if (on('publish-without-timestamp')) {
    const create = services.posts.create.bind(services.posts);
    const clear = db.prepare('UPDATE posts SET first_published_at = NULL WHERE id = ?');
    services.posts.create = (workspaceId, pageId, input, contentHtml) => {
      const post = create(workspaceId, pageId, input, contentHtml);
      clear.run(post.id);
      return { ...post, first_published_at: null };
    };
  }
  if (on('markdown-unbounded')) {
    // marked, the renderer the server had before: on the event loop, nesting without bound.
    markdown.render = async (text) => {
      const { marked } = await import('marked');
      return { html: marked.parse(text, { async: false, gfm: true }) };
    };
  }
  if (on('ascii-case-folding')) {
    const asciiLower = (name: string) => name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
    stores.pages.nameKey = asciiLower;
    stores.newsletters.nameKey = asciiLower;
  }
  if (on('domain-leak')) {
    // The label counts the pages of that name in every workspace: `-1` says another has one.
    const insert = stores.pages.insert.bind(stores.pages);
    const labels = db.prepare<[string, string], string>('SELECT domain FROM pages WHERE domain >= ? AND domain < ?').pluck();
    stores.pages.insert = (page) => {
      const suffix = page.domain.slice(page.domain.indexOf('.') + 1);
      const label = page.name_slug.slice(0, 55);
      const inUse = labels.all(label, `${label}/`).filter((d) => d.endsWith(`.${suffix}`)).map((d) => d.slice(0, -(suffix.length + 1)));
      return insert({ ...page, domain: `${nextFreeSlug(label, inUse)}.${suffix}` });
    };
  }
  if (on('past-the-end-total-zero')) {
    // As a total counted over the rows of the page query itself (a window count): past the
    // end there are no rows to count.
    const list = services.pages.list.bind(services.pages);
    services.pages.list = (workspaceId, paging) => {
      const page = list(workspaceId, paging);
      return page.items.length === 0 ? { ...page, total: 0 } : page;
    };
  }
  if (on('emails-oldest-first')) {
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => {
      const { total } = list(workspaceId, newsletterId, status, { page: 1, size: 1 });
      const oldestFirst = list(workspaceId, newsletterId, status, { page: 1, size: Math.max(total, 1) }).items.reverse();
      const start = (paging.page - 1) * paging.size;
      return { total, items: oldestFirst.slice(start, start + paging.size) };
    };
  }
  if (on('new-pages-unlisted')) {
    // Lists read a replica that is 5 s behind: what was created since is not there yet.
    const lagMs = 5_000;
    const list = services.pages.list.bind(services.pages);
    const recent = db.prepare<[number, string], number>('SELECT count(*) FROM pages WHERE workspace_id = ? AND created_at > ?').pluck();
    services.pages.list = (workspaceId, paging) => {
      const since = new Date(Date.now() - lagMs).toISOString();
      const page = list(workspaceId, paging);
      return { total: page.total - recent.get(workspaceId, since)!, items: page.items.filter((item) => item.created_at <= since) };
    };
  }
  if (on('update-null-ignored')) {
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) =>
      update(workspaceId, pageId, id, Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null)));
  }
  if (on('delete-keeps-post')) {
    // A missing post is still a 404; an existing one is answered as deleted and left in place.
    const get = services.posts.get.bind(services.posts);
    services.posts.delete = (workspaceId, pageId, id) => void get(workspaceId, pageId, id);
  }
  if (on('post-found-in-any-page')) {
    const pageOf = db
      .prepare<[number, number], number>('SELECT posts.page_id FROM posts JOIN pages ON pages.id = posts.page_id WHERE posts.id = ? AND pages.workspace_id = ?')
      .pluck();
    const get = services.posts.get.bind(services.posts);
    services.posts.get = (workspaceId, pageId, id) => get(workspaceId, pageOf.get(id, workspaceId) ?? pageId, id);
  }
  if (on('category-checked-after-write')) {
    // A post refused for its category is written first, without it, and the refusal undoes nothing.
    const prepare = services.posts.contentForCreate.bind(services.posts);
    const create = services.posts.create.bind(services.posts);
    services.posts.contentForCreate = async (workspaceId, pageId, input) => {
      try {
        return await prepare(workspaceId, pageId, input);
      } catch (error) {
        if (input.category_id != null && error instanceof ProblemError && error.status === 422) {
          const withoutCategory = { ...input, category_id: null };
          create(workspaceId, pageId, withoutCategory, await prepare(workspaceId, pageId, withoutCategory));
        }
        throw error;
      }
    };
  }
  if (on('page-slug-ascii-only') || on('page-slug-taken-suffixed')) {
    const create = services.pages.create.bind(services.pages);
    const freeSlug = (workspaceId: number, base: string) => nextFreeSlug(base, stores.pages.slugsFrom(workspaceId, 'slug', base));
    services.pages.create = (workspaceId, input) => {
      if (input.slug == null && on('page-slug-ascii-only')) {
        // A hand-made slugifier: lowercase, then every run of other characters becomes one hyphen.
        const ascii = input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'page';
        return create(workspaceId, { ...input, slug: freeSlug(workspaceId, ascii) });
      }
      const explicit = input.slug == null ? '' : slugify(input.slug);
      if (explicit && on('page-slug-taken-suffixed') && stores.pages.idBySlug(workspaceId, explicit) !== undefined) {
        return create(workspaceId, { ...input, slug: freeSlug(workspaceId, explicit) });
      }
      return create(workspaceId, input);
    };
  }
  if (on('rename-moves-slug')) {
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      if (input.name == null || input.slug !== undefined) return update(workspaceId, id, input);
      const current = services.pages.get(workspaceId, id).slug;
      const base = slugOr(input.name, 'page');
      const slug = nextFreeSlug(base, stores.pages.slugsFrom(workspaceId, 'slug', base).filter((taken) => taken !== current));
      return update(workspaceId, id, { ...input, slug });
    };
  }
  if (on('markdown-over-html')) {
    const prepare = services.posts.contentForCreate.bind(services.posts);
    services.posts.contentForCreate = (workspaceId, pageId, input) =>
      prepare(workspaceId, pageId, input.content_md != null ? { ...input, content_html: null } : input);
  }
  if (on('post-slug-from-2')) numberSlugsFromTwo(stores.posts);
  if (on('category-of-any-page')) {
    // The reference check, private to the service, is replaced: a category of another page of
    // the workspace passes as if no category had been given.
    type References = { category_id?: number | null; author_id?: number | null };
    const posts = services.posts as unknown as { checkReferences(workspaceId: number, pageId: number, input: References): void };
    const check = posts.checkReferences.bind(posts);
    const inWorkspace = db
      .prepare<[number, number], number>('SELECT 1 FROM categories JOIN pages ON pages.id = categories.page_id WHERE categories.id = ? AND pages.workspace_id = ?')
      .pluck();
    posts.checkReferences = (workspaceId, pageId, input) =>
      check(workspaceId, pageId, input.category_id != null && inWorkspace.get(input.category_id, workspaceId) !== undefined ? { ...input, category_id: null } : input);
  }
  if (on('unpublish-clears-first-published')) {
    const update = services.posts.update.bind(services.posts);
    const clear = db.prepare('UPDATE posts SET first_published_at = NULL WHERE id = ?');
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const post = update(workspaceId, pageId, id, input, contentHtml);
      if (input.status !== 'draft') return post;
      clear.run(id);
      return { ...post, first_published_at: null };
    };
  }
  if (on('category-slug-skips-one')) numberSlugsFromTwo(stores.categories);
  if (on('category-slug-taken-suffixed')) {
    // An explicit slug is never found taken; the store makes it free the way a derived one is.
    stores.categories.idBySlug = () => undefined;
    const free = (pageId: number, slug: string) => nextFreeSlug(slug, stores.categories.slugsFrom(pageId, slug));
    const insert = stores.categories.insert.bind(stores.categories);
    stores.categories.insert = (category) => insert({ ...category, slug: free(category.page_id, category.slug) });
    const update = stores.categories.update.bind(stores.categories);
    const pageOf = db.prepare<[number], number>('SELECT page_id FROM categories WHERE id = ?').pluck();
    stores.categories.update = (id, changes) =>
      update(id, typeof changes.slug === 'string' ? { ...changes, slug: free(pageOf.get(id)!, changes.slug) } : changes);
  }
  if (on('category-color-lowercased')) {
    const insert = stores.categories.insert.bind(stores.categories);
    stores.categories.insert = (category) => insert({ ...category, color: category.color?.toLowerCase() ?? null });
  }
  if (on('category-delete-removes-posts')) {
    const remove = stores.categories.delete.bind(stores.categories);
    const removePosts = db.prepare<[number, number]>('DELETE FROM posts WHERE page_id = ? AND category_id = ?');
    stores.categories.delete = (pageId, id) => {
      removePosts.run(pageId, id);
      return remove(pageId, id);
    };
  }
  if (on('subscriber-created-pending')) {
    const upsert = stores.subscribers.upsertActive.bind(stores.subscribers);
    const pending = db.prepare<[number]>("UPDATE subscribers SET verified = 0, active = 0, status = 'pending', verified_at = NULL WHERE id = ?");
    stores.subscribers.upsertActive = (newsletterId, email, now) => {
      const subscriber = upsert(newsletterId, email, now);
      // Created by this upsert: its creation time is this upsert's.
      if (subscriber.created_at !== now) return subscriber;
      pending.run(subscriber.id);
      return stores.subscribers.get(newsletterId, subscriber.id)!;
    };
  }
  if (on('subscriber-id-restored')) {
    // Remembers the id of each deleted address, and inserts the address under it when it comes back.
    const deleted = new Map<string, number>();
    const remove = stores.subscribers.delete.bind(stores.subscribers);
    stores.subscribers.delete = (newsletterId, id) => {
      const gone = stores.subscribers.get(newsletterId, id);
      const removed = remove(newsletterId, id);
      if (removed && gone) deleted.set(`${newsletterId} ${gone.email}`, id);
      return removed;
    };
    const upsert = stores.subscribers.upsertActive.bind(stores.subscribers);
    const restore = db.prepare(
      `INSERT INTO subscribers (id, newsletter_id, email, verified, active, status, verified_at, created_at, updated_at)
       VALUES (@id, @newsletter_id, @email, 1, 1, 'active', @now, @now, @now) ON CONFLICT DO NOTHING`,
    );
    stores.subscribers.upsertActive = (newsletterId, email, now) => {
      const id = deleted.get(`${newsletterId} ${email}`);
      if (id !== undefined) {
        deleted.delete(`${newsletterId} ${email}`);
        restore.run({ id, newsletter_id: newsletterId, email, now });
      }
      return upsert(newsletterId, email, now);
    };
  }
  if (on('newsletter-empty-update-touches')) {
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      if (input.name === undefined && stores.newsletters.exists(workspaceId, id)) stores.newsletters.update(id, { updated_at: new Date().toISOString() });
      return update(workspaceId, id, input);
    };
  }
  if (on('newsletter-rename-keeps-name-slug')) {
    const update = stores.newsletters.update.bind(stores.newsletters);
    stores.newsletters.update = (id, changes) => {
      const { name_slug: _kept, ...rest } = changes;
      update(id, rest);
    };
  }
  if (on('newsletter-name-slug-ascii-only')) {
    // A hand-written slug: lowercase, then everything but a-z and 0-9 is a separator.
    const asciiSlug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 90) || 'newsletter';
    const insert = stores.newsletters.insert.bind(stores.newsletters);
    stores.newsletters.insert = (newsletter) => {
      const base = asciiSlug(newsletter.name);
      return insert({ ...newsletter, name_slug: nextFreeSlug(base, stores.newsletters.nameSlugsFrom(newsletter.workspace_id, base)) });
    };
  }
  if (on('email-markdown-not-rendered')) {
    const contentForCreate = services.emails.contentForCreate.bind(services.emails);
    services.emails.contentForCreate = (workspaceId, newsletterId, input) => contentForCreate(workspaceId, newsletterId, { ...input, content_md: undefined });
  }
  if (on('email-change-any-status')) {
    // The check that an email is a draft, before a change or a delete, finds any email.
    const emails = services.emails as unknown as { draft(workspaceId: number, newsletterId: number, id: number): Email };
    emails.draft = (workspaceId, newsletterId, id) => services.emails.get(workspaceId, newsletterId, id);
  }
  if (on('send-later-drops-offset')) {
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) =>
      send(workspaceId, newsletterId, id, at == null ? at : at.replace(/(?:[+-]\d\d:\d\d|z)$/i, 'Z'));
  }
  if (on('send-without-audience')) {
    const countAudience = stores.subscribers.countAudience.bind(stores.subscribers);
    stores.subscribers.countAudience = (newsletterId) => Math.max(1, countAudience(newsletterId));
  }
  if (on('author-position-not-stored')) {
    const update = stores.authors.update.bind(stores.authors);
    stores.authors.update = (id, changes) => {
      const { position: _dropped, ...rest } = changes;
      update(id, rest);
    };
  }
  if (on('image-url-without-extension')) {
    const store = services.images.store.bind(services.images);
    services.images.store = async (content) => {
      const { url } = await store(content);
      return { url: url.replace(/\.[a-z]+$/, '') };
    };
  }
  if (on('image-any-type')) {
    const store = services.images.store.bind(services.images);
    const { directory, publicUrl } = services.images as unknown as { directory: string; publicUrl: string };
    services.images.store = async (incoming) => {
      try {
        return await store(incoming);
      } catch (error) {
        if (!(error instanceof ProblemError && error.status === 415)) throw error;
        const name = `${randomBytes(16).toString('hex')}.bin`;
        await mkdir(directory, { recursive: true });
        await copyFile(incoming, path.join(directory, name), fsConstants.COPYFILE_EXCL);
        return { url: `${publicUrl}/images/${name}` };
      }
    };
  }
}
