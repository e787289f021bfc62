/**
 * SQL for the changes the platform makes outside this API, which the API only reads: its editor
 * schedules a post (`scheduled` is never accepted by createPost or updatePost), a subscriber who has
 * not followed the confirmation link is `pending`, and one who unsubscribed or bounced is
 * `suppressed`. The demo seed uses these, so that every state the contract declares can be seen.
 */
import type { Db } from '../db/database.ts';

export class PlatformStore {
  constructor(private readonly db: Db) {}

  /** The post is set to be published at `at` (the editor's schedule). */
  schedulePost(postId: number, at: string, now: string): void {
    this.db.prepare("UPDATE posts SET status = 'scheduled', scheduled_at = ?, updated_at = ? WHERE id = ?").run(at, now, postId);
  }

  /** The subscriber has not confirmed the address yet: neither verified nor active. */
  subscriberAwaitingConfirmation(subscriberId: number, now: string): void {
    this.db
      .prepare("UPDATE subscribers SET status = 'pending', verified = 0, active = 0, verified_at = NULL, updated_at = ? WHERE id = ?")
      .run(now, subscriberId);
  }

  /** The subscriber unsubscribed, bounced or complained: verified, but receives nothing. */
  suppressSubscriber(subscriberId: number, now: string): void {
    this.db.prepare("UPDATE subscribers SET status = 'suppressed', active = 0, updated_at = ? WHERE id = ?").run(now, subscriberId);
  }
}
