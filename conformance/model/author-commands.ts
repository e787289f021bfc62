/**
 * The model's commands on authors. Authors cannot be created or deleted through the API, so the model
 * learns each workspace's author ids once, from its lists of active and of inactive authors, and then
 * predicts what those ids make true: an author is read only in its own workspace (auth.workspace-scope),
 * and a post or email names only an author of its own workspace (resources.author-of-workspace). Their
 * other fields are left open: other tests may change the author they share.
 */
import fc from 'fast-check';
import type { Json, ServiceModel, Workspace } from './state.ts';
import { exchange, MISSING_REF, OTHER_REF, ws } from './steps.ts';
import type { World } from './world.ts';
import { MISSING_ID } from '../suite/requests.ts';

type Command = fc.AsyncCommand<ServiceModel, World>;

/** Lists the workspace's authors, active and inactive, and remembers their ids. */
export class LearnAuthors implements Command {
  constructor(readonly workspace: Workspace) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const ids: number[] = [];
    for (const active of [true, false]) {
      const answer = await exchange(world, `listAuthors ?active=${active}`, { operationId: 'listAuthors', workspace: this.workspace, ids: {}, query: { size: 100, active: String(active) } }, { status: 200 });
      ids.push(...(((answer.json as { result?: Json[] }).result ?? []) as Json[]).map((author) => author.id));
    }
    model.authors.set(this.workspace, ids);
  }
  toString = () => `listAuthors ${ws(this.workspace)}`;
}

/**
 * The author a request names for a reference value (see steps.ts): the workspace's own, another
 * workspace's, or an id that names no author; `own` says whether it is the workspace's.
 */
export function pickAuthor(model: ServiceModel, workspace: Workspace, ref: number): { id: number; own: boolean } {
  const own = model.authors.get(workspace) ?? [];
  const others = [...model.authors].filter(([other]) => other !== workspace).flatMap(([, ids]) => ids);
  if (ref === MISSING_REF) return { id: MISSING_ID, own: false };
  if (ref >= OTHER_REF && others.length > 0) return { id: others[ref % others.length]!, own: false };
  if (own.length > 0) return { id: own[ref % own.length]!, own: true };
  return others.length > 0 ? { id: others[ref % others.length]!, own: false } : { id: MISSING_ID, own: false };
}

export class GetAuthor implements Command {
  constructor(readonly workspace: Workspace, readonly author: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { id, own } = pickAuthor(model, this.workspace, this.author);
    await exchange(world, `getAuthor ${id}`, { operationId: 'getAuthor', workspace: this.workspace, ids: { id } }, own ? { status: 200, fields: { id } } : { status: 404 });
  }
  toString = () => `getAuthor ${ws(this.workspace)} author#${this.author}`;
}
