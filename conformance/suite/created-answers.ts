/**
 * resources.answer-as-stored on every create of the run, judged by what a create is: "The answer to a
 * create ... shows the resource as stored", and the resource a create stores is a new one, under the
 * parent its path names. So every 201 that answers a resource with an `id` shows, in each field named
 * like a path parameter of the create (`page_id` for `/pages/{page_id}/categories`, `newsletter_id`),
 * the id that path gave; and an `id` no earlier 201 of the same create and parent answered (ids never
 * name two resources: resources.gone-after-delete, a deleted id is 404 "even after a new one is created").
 *
 * A server that reads the new resource back by something other than its id (its slug in the workspace,
 * its name) answers an older resource of another parent or of the same one wherever the two share that
 * value: its slug and name look right, its Location resolves to the same older resource (which
 * location_created passes), and only its id and parent show it. Judged across a worker's answers, so
 * every test that makes two resources of one slug or name, in one parent or two, shows it.
 */
import type { OperationInfo } from '../contract/document.ts';

/** A path segment that is a canonical whole number (url-forms tests send other spellings of an id). */
const WHOLE = /^[1-9]\d*$/;

export class CreatedAnswers {
  /** Per token, create and parent ids: the ids its 201s answered. */
  private readonly answered = new Map<string, Set<number>>();

  /** Why a 201 of `operation` is not the resource it made; undefined when it is, or is not judged. */
  observe(operation: OperationInfo, authorization: string, requestUrl: string, status: number, body: unknown): string | undefined {
    if (operation.method !== 'POST' || status !== 201) return undefined;
    const answer = body as Record<string, unknown> | undefined;
    if (typeof answer?.id !== 'number') return undefined;
    const parents = parentIds(operation.path, new URL(requestUrl).pathname);
    if (parents === undefined) return undefined;
    const problems: string[] = [];
    for (const [field, id] of Object.entries(parents)) {
      if (field in answer && answer[field] !== id) problems.push(`its ${field} is ${JSON.stringify(answer[field])}, though it was made under ${field} ${id}`);
    }
    const key = `${authorization} ${operation.operationId} ${JSON.stringify(parents)}`;
    const ids = this.answered.get(key) ?? new Set<number>();
    if (ids.has(answer.id)) problems.push(`its id ${answer.id} was answered by an earlier ${operation.operationId} under the same path, so it is not a new resource`);
    ids.add(answer.id);
    this.answered.set(key, ids);
    if (problems.length === 0) return undefined;
    return `${operation.operationId} answered 201 with a resource that is not the one it made: ${problems.join('; ')} (the answer to a create shows the new resource as stored)`;
  }
}

/** The ids of the path's parameters (the template's `{…}` segments), read from the request's path; undefined when one is not a plain id. */
function parentIds(template: string, pathname: string): Record<string, number> | undefined {
  const names = template.split('/').filter(Boolean);
  const values = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  // The request's path has the base path before the template's segments: align them from the end.
  const offset = values.length - names.length;
  if (offset < 0) return undefined;
  const ids: Record<string, number> = {};
  for (const [index, name] of names.entries()) {
    const parameter = /^\{(.+)\}$/.exec(name)?.[1];
    if (parameter === undefined) continue;
    const value = values[offset + index]!;
    if (!WHOLE.test(value)) return undefined;
    ids[parameter] = Number(value);
  }
  return ids;
}
