/**
 * Why a deleted resource's id answers again. A server that hands a deleted id to a new resource (SQLite's
 * rowid without AUTOINCREMENT does) makes an old URL name another resource, and a repeated delete remove
 * it: the failure message says so, so the implementer does not look for a delete that did not happen.
 */
export function reuseHint(kind: string, deletedId: number, successorId: number, status: number): string {
  if (successorId === deletedId) return `; the new ${kind} ${successorId} reused the deleted id`;
  if (status >= 200 && status < 300) return `; the deleted ${kind} was gone before, so the id names another ${kind} now: ids of deleted ${kind}s are reused`;
  return '';
}
