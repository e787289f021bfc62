/**
 * Faults in what a state change leaves alone, each confined to one operation and each one the
 * publication and the send at once pass: an unpublish that takes the post's slug offline in every page
 * of the workspace, an unpublish that stamps the page as changed, a send for later that schedules the
 * newsletter's other drafts with it, and an author's deactivation that deactivates the same person (the
 * same address) in every other workspace. Each is a bug an implementer could plausibly write, and each
 * breaks resources.write-named-only ("A create, update or send writes only the resource it names or
 * makes: every other resource ... reads as before, `updated_at` included") or auth.workspace-scope ("a
 * resource of another workspace ... is not changed").
 */
import type { ServerParts } from '../compose.ts';
import { timestamp, type Clock } from '../domain/clock.ts';
import type { ServiceContext } from '../services/context.ts';
import type { FaultSet } from './fault-set.ts';

export function breakStateNeighboursParts(on: FaultSet, { db, services }: ServerParts): void {
  const clockOf = (service: object) => (service as unknown as { context: ServiceContext }).context.clock as Clock;

  if (on('post-unpublish-same-slug-in-workspace')) {
    // updatePost's unpublish was written to take the article offline by its public address, which is
    // its slug, in a query over the workspace's posts (the public site resolves posts by slug): a
    // published post returned to draft returns every published post of the same slug on the
    // workspace's other pages to draft too. Publishing, and an unpublish of a slug no other page
    // holds, are right. Breaks resources.write-named-only ("those of the workspace's other pages ...
    // whatever slug ... they share").
    const clock = clockOf(services.posts);
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const was = services.posts.get(workspaceId, pageId, id);
      const post = update(workspaceId, pageId, id, input, contentHtml);
      if (input.status === 'draft' && was.status === 'published') {
        db.prepare("UPDATE posts SET status = 'draft', updated_at = ? WHERE slug = ? AND id != ? AND status = 'published' AND page_id IN (SELECT id FROM pages WHERE workspace_id = ?)").run(timestamp(clock), post.slug, id, workspaceId);
      }
      return post;
    };
  }
  if (on('post-unpublish-stamps-page')) {
    // updatePost's unpublish marks the page as changed, so that its public listing is rebuilt: a
    // published post returned to draft writes the page's updated_at. Publishing leaves the page
    // alone, as it should. Breaks resources.parent-unchanged-by-children ("updating ... a post ...
    // changes nothing of the page ... `updated_at` included") and resources.write-named-only.
    const clock = clockOf(services.posts);
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const was = services.posts.get(workspaceId, pageId, id);
      const post = update(workspaceId, pageId, id, input, contentHtml);
      if (input.status === 'draft' && was.status === 'published') db.prepare('UPDATE pages SET updated_at = ? WHERE id = ?').run(timestamp(clock), pageId);
      return post;
    };
  }
  if (on('send-later-schedules-newsletter-drafts')) {
    // sendEmail with a scheduled_at was written as "schedule the newsletter's issue": its UPDATE
    // names the newsletter and the draft state, not the email, so every draft of the newsletter
    // is scheduled at that time with it. A send at once writes the email alone. Breaks
    // resources.write-named-only ("the resources beside it ... read as before").
    const clock = clockOf(services.emails);
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      const email = send(workspaceId, newsletterId, id, scheduledAt);
      if (scheduledAt != null) {
        db.prepare("UPDATE emails SET status = 'scheduled', scheduled_at = ?, updated_at = ? WHERE newsletter_id = ? AND id != ? AND status = 'draft'").run(email.scheduled_at, timestamp(clock), newsletterId, id);
      }
      return email;
    };
  }
  if (on('author-deactivate-same-address-elsewhere')) {
    // updateAuthor treats a deactivation as the person leaving: `active: false` deactivates every
    // author of the same sign-in address, in every workspace. Other changes, and a reactivation,
    // write the one author. Breaks auth.workspace-scope ("a resource of another workspace ... is not
    // changed") and resources.write-named-only.
    const clock = clockOf(services.authors);
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      const author = update(workspaceId, id, input);
      if (input.active === false) db.prepare('UPDATE authors SET active = 0, updated_at = ? WHERE email = ? AND id != ? AND active = 1').run(timestamp(clock), author.email, id);
      return author;
    };
  }
}
