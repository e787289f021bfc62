/**
 * A list answer of one moment. A page whose items all came whole from its query is of one moment
 * already. A page with long contents left in the database (store/deferred-content.ts) has them read
 * as each item is written, which for a slow client may be long after the page was read: meanwhile an
 * item may be deleted (the envelope's total, written first, would count an item the answer lacks) or
 * changed (its new content would go out beside its old title). So such a page's contents are read
 * from a snapshot (db/snapshot-readers.ts) that begins in the same synchronous turn as the page's
 * query: nothing this process writes can come between the two, and the total, every item and every
 * field are of that moment, whatever is written while the answer goes out.
 *
 * No reader free: the answer waits for one (fair between workspaces, bounded; past the bounds a 503)
 * and then reads the page again, in the turn its snapshot begins.
 */
import type { Response } from 'express';
import type { SnapshotReaders, Reader } from '../db/snapshot-readers.ts';
import type { Connection } from '../db/sqlite-api.ts';
import type { PageOf } from '../store/common.ts';
import { isDeferred } from '../store/deferred-content.ts';
import { clientGone } from './client-gone.ts';

/** A list whose items may leave long contents in the database, as the stores of posts and emails list them. */
export interface DeferredList<Item extends object> {
  /** Reads the page (its total and items) through the server's connection. */
  read(): PageOf<Item>;
  /**
   * The item with what its list left in the database, read through `from` (a snapshot's connection;
   * the server's own when undefined); undefined when the item is not there.
   */
  complete(item: Item, from?: Connection): Item | undefined;
  /** Where snapshots come from; none for a database in memory, which cannot have a second connection. */
  readers: SnapshotReaders | undefined;
}

/** A page to write, and its items completed as of the moment the page was read. */
export interface ListOfOneMoment<Item extends object> {
  page: PageOf<Item>;
  complete(item: Item): Item | undefined;
  /** Whether a snapshot is held until `end()`. */
  holdsSnapshot: boolean;
  /** Ends the snapshot, if one is held, and gives its reader back; call it however the answer ends. */
  end(): void;
}

export const isDeferredList = <Item extends object>(list: PageOf<Item> | DeferredList<Item>): list is DeferredList<Item> => 'read' in list;

const hasDeferred = (page: PageOf<object>) => page.items.some(isDeferred);

/** The page as read, its items used as they are. */
export const listAsRead = <Item extends object>(page: PageOf<Item>): ListOfOneMoment<Item> => ({ page, complete: (item) => item, holdsSnapshot: false, end: () => {} });

/**
 * Reads the list's page and, when it left contents in the database, holds a snapshot of the same
 * moment to read them from. Rejects with Overloaded when no reader can be had within the bounds, and
 * with the client's departure when it goes while waiting.
 */
export async function readListOfOneMoment<Item extends object>(res: Response, list: DeferredList<Item>): Promise<ListOfOneMoment<Item>> {
  const page = list.read();
  const readers = list.readers;
  if (!readers) {
    // A database in memory has one connection and so no snapshot: each content is read as its item is
    // written, and an item gone meanwhile is left out. The warm-up's throwaway copy of the server
    // (compose-shadow.ts) is the one such database the server makes itself; its requests come one at
    // a time and never race a write, so there that reads what the page was. `DATABASE_PATH=:memory:`
    // (a throwaway server, the tests' default) gets no more than that (README).
    return { page, complete: (item) => list.complete(item), holdsSnapshot: false, end: () => {} };
  }
  if (!hasDeferred(page)) return listAsRead(page);
  const workspace = res.locals.workspaceId as number;
  const free = readers.tryTake(workspace);
  // In the same turn as the page's query: nothing was written since.
  if (free) return withSnapshot(free, () => page, list);
  const later = await readers.take(workspace, clientGone(res));
  return withSnapshot(later, () => list.read(), list);
}

/** Begins the reader's snapshot and reads the page in the same turn; the reader is given back when no long content is left to read. */
function withSnapshot<Item extends object>(reader: Reader, read: () => PageOf<Item>, list: DeferredList<Item>): ListOfOneMoment<Item> {
  let page: PageOf<Item>;
  try {
    reader.begin();
    page = read();
  } catch (err) {
    reader.end();
    throw err;
  }
  if (!hasDeferred(page)) {
    reader.end();
    return listAsRead(page);
  }
  return { page, complete: (item) => list.complete(item, reader.db), holdsSnapshot: true, end: () => reader.end() };
}
