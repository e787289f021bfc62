/**
 * resources.fixed-fields, judged on every answer of the run: the fields no operation changes (a
 * resource's `id`, `created_at`, `workspace_id`, the page or newsletter it belongs to, a page's
 * `domain`, a post's `first_published_at` once it has one) read the same in every answer that shows
 * the resource, whatever request it answers: a get, a list, the answer to an update, a send, an upsert
 * or a publication. A server that stamps `created_at` on a transition, or answers an upsert with a row
 * made anew, breaks it in an answer no test of that operation compares.
 *
 * What a worker has seen is kept per workspace (the token that asked), per kind of resource (the tag of
 * the operation that answered) and per id; a delete that succeeds forgets the id. Ids are never given
 * again (resources.gone-after-delete), so an id that shows other fixed values is a fixed field changed,
 * or a deleted resource's id reused; the failure says both.
 */
import { parseAnswerJson } from '../contract/answer-json.ts';
import { resourcesOf } from '../contract/write-only.ts';

/** The fields of every resource that no operation changes. */
const ALWAYS_FIXED = ['id', 'created_at', 'workspace_id', 'page_id', 'newsletter_id'];
/** Fields fixed for one kind of resource, by the tag of its operations (page.rename-keeps-slug). */
const FIXED_BY_TAG: Record<string, string[]> = { Pages: ['domain'] };
/** Fields fixed once they have a value (post.first-published-kept: set once, never cleared). */
const FIXED_ONCE_SET: Record<string, string[]> = { Posts: ['first_published_at'] };

type Resource = Record<string, unknown>;

/** Two values of a field the same as JSON; the same primitive, without writing it out (nearly every comparison). */
function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export interface ObservedAnswer {
  /** The Authorization header the request carried: a workspace's own view. */
  authorization: string;
  tag: string;
  method: string;
  /** The request's path, for the id a delete names. */
  path: string;
  status: number;
  bodyText: string;
  /** When the request was sent and its answer received (performance.now()), where known. */
  sentAt?: number;
  receivedAt?: number;
}


export class FixedFields {
  private readonly seen = new Map<string, Resource>();
  /**
   * When the answer that first showed a once-set field's value was received, by resource and field. A
   * request sent before that moment may have been read before the value was set (a list answered from
   * a moment before the publication, received after it): its answer is judged only when it was sent after.
   */
  private readonly setAt = new Map<string, number>();

  /** The fixed fields this answer shows otherwise than earlier answers did, in words; records what it shows. */
  observe(answer: ObservedAnswer): string[] {
    const key = (id: unknown) => `${answer.authorization}\n${answer.tag}\n${String(id)}`;
    if (answer.method === 'DELETE' && answer.status >= 200 && answer.status < 300) {
      const id = answer.path.split('/').filter(Boolean).at(-1);
      this.seen.delete(key(id));
      for (const field of FIXED_ONCE_SET[answer.tag] ?? []) this.setAt.delete(`${key(id)}\n${field}`);
      return [];
    }
    if (answer.status < 200 || answer.status >= 300 || answer.bodyText === '') return [];
    let body: unknown;
    try {
      body = parseAnswerJson(answer.bodyText);
    } catch {
      return []; // Not JSON: response_schema_conformance says so.
    }
    const fixed = [...ALWAYS_FIXED, ...(FIXED_BY_TAG[answer.tag] ?? [])];
    const onceSet = FIXED_ONCE_SET[answer.tag] ?? [];
    const watched = [...fixed, ...onceSet];
    const problems: string[] = [];
    // The resource, or each item of a list (a list's envelope has no id).
    for (const resource of resourcesOf(body)) {
      if (typeof resource.id !== 'number') continue;
      // A list of 100 items is 100 resources: the key is made once for each.
      const resourceKey = key(resource.id);
      const earlier = this.seen.get(resourceKey);
      const now: Resource = {};
      for (const field of watched) if (field in resource) now[field] = resource[field];
      if (earlier) {
        for (const field of fixed) {
          if (field in earlier && field in now && !sameValue(earlier[field], now[field])) {
            problems.push(`${answer.tag} ${String(resource.id)} shows ${field} ${JSON.stringify(now[field])}, where an earlier answer showed ${JSON.stringify(earlier[field])}: no operation changes it (or the id of a deleted resource was given to a new one)`);
          }
        }
        for (const field of onceSet) {
          const setAt = this.setAt.get(`${resourceKey}\n${field}`);
          const after = answer.sentAt === undefined || setAt === undefined || answer.sentAt >= setAt;
          if (after && earlier[field] !== null && earlier[field] !== undefined && !sameValue(earlier[field], now[field])) {
            problems.push(`${answer.tag} ${String(resource.id)} shows ${field} ${JSON.stringify(now[field])}, where an earlier answer showed ${JSON.stringify(earlier[field])}: once set, it never changes`);
          }
        }
      }
      // What is known stays known: a once-set field keeps its first value, the others their first one too.
      const known = earlier ? { ...now, ...earlier } : now;
      for (const field of onceSet) {
        if ((known[field] === null || known[field] === undefined) && now[field] !== undefined) known[field] = now[field];
        const setKey = `${resourceKey}\n${field}`;
        if (now[field] !== null && now[field] !== undefined && !this.setAt.has(setKey) && answer.receivedAt !== undefined) this.setAt.set(setKey, answer.receivedAt);
      }
      this.seen.set(resourceKey, known);
    }
    return problems;
  }
}
