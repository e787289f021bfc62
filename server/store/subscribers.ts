/** SQL for subscribers. Addresses are stored trimmed and lowercase; (newsletter, address) is unique. */
import type { Subscriber } from '../../generated/openapi.d.ts';
import type { Db } from '../db/database.ts';
import { filteredPage, prepareList, type PageOf, type Paging } from './common.ts';

const COLUMNS = 'id, email, verified, active, status, newsletter_id, verified_at, created_at, updated_at';

type SubscriberRow = Omit<Subscriber, 'verified' | 'active'> & { verified: number; active: number };

const toSubscriber = (row: SubscriberRow): Subscriber => ({ ...row, verified: row.verified === 1, active: row.active === 1 });

export interface SubscriberFilter {
  status?: Subscriber['status'];
  verified?: boolean;
}

export class SubscriberStore {
  private readonly byId;
  private readonly byAddress;
  private readonly insertIfNew;
  private readonly remove;
  private readonly audienceCount;

  constructor(private readonly db: Db) {
    this.byId = db.prepare<[number, number], SubscriberRow>(`SELECT ${COLUMNS} FROM subscribers WHERE newsletter_id = ? AND id = ?`);
    this.byAddress = db.prepare<[number, string], SubscriberRow>(`SELECT ${COLUMNS} FROM subscribers WHERE newsletter_id = ? AND email = ?`);
    // The unique key decides between concurrent upserts of one address: exactly one insert wins.
    this.insertIfNew = db.prepare(
      `INSERT INTO subscribers (newsletter_id, email, verified, active, status, verified_at, created_at, updated_at)
       VALUES (@newsletter_id, @email, 1, 1, 'active', @now, @now, @now)
       ON CONFLICT (newsletter_id, email) DO NOTHING`,
    );
    this.remove = db.prepare<[number, number]>('DELETE FROM subscribers WHERE newsletter_id = ? AND id = ?');
    prepareList(db, { table: 'subscribers', columns: COLUMNS, conditions: ['newsletter_id = @newsletter_id'] });
    this.audienceCount = db
      .prepare<[number], number>('SELECT count(*) FROM subscribers WHERE newsletter_id = ? AND active = 1 AND verified = 1')
      .pluck();
  }

  get(newsletterId: number, id: number): Subscriber | undefined {
    const row = this.byId.get(newsletterId, id);
    return row && toSubscriber(row);
  }

  /** The subscriber with this (normalised) address, created active and verified if there is none. */
  upsertActive(newsletterId: number, email: string, now: string): Subscriber {
    this.insertIfNew.run({ newsletter_id: newsletterId, email, now });
    return toSubscriber(this.byAddress.get(newsletterId, email)!);
  }

  list(newsletterId: number, filter: SubscriberFilter, paging: Paging): PageOf<Subscriber> {
    const conditions = ['newsletter_id = @newsletter_id'];
    if (filter.status !== undefined) conditions.push('status = @status');
    if (filter.verified !== undefined) conditions.push('verified = @verified');
    const params = {
      newsletter_id: newsletterId,
      status: filter.status ?? null,
      verified: filter.verified === undefined ? null : Number(filter.verified),
    };
    const { total, items } = filteredPage<SubscriberRow>(this.db, { table: 'subscribers', columns: COLUMNS, conditions, params }, paging);
    return { total, items: items.map(toSubscriber) };
  }

  delete(newsletterId: number, id: number): boolean {
    return this.remove.run(newsletterId, id).changes === 1;
  }

  /** How many subscribers would receive an email now: active and verified. */
  countAudience(newsletterId: number): number {
    return this.audienceCount.get(newsletterId) ?? 0;
  }
}
