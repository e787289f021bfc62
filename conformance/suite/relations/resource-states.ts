/**
 * The states a resource a get reads can be in, read from the contract: each value of the `status` enum
 * and of a boolean `active` in the schema of the get's 200. A server may answer a resource in one state
 * on another path than in the rest (an "is it listed?" shortcut sees active authors only), so what must
 * hold for the resource must hold in each state (http.head: HEAD answers as GET, whatever the state).
 *
 * Only states the suite can bring a resource into are reached: a post is created draft or published; an
 * email is scheduled or sent as child-states.ts does (`failed` cannot be provoked); the shared author is
 * set active or inactive under its lock and restored before the lock is released, which needs --fixtures
 * naming it or --disposable-target.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import type { Kit } from '../kit.ts';
import type { PathIds } from '../requests.ts';
import { Resources } from '../resources.ts';
import { AUTHOR_NOT_WRITABLE, holdingAuthor } from '../shared-author.ts';
import { REACH } from './child-states.ts';

const { contract } = suiteContext();

export interface ResourceState {
  /** `status scheduled`, `active false`. */
  name: string;
  /** Runs `work` on the ids of a resource in that state, for as long as the state lasts. */
  within: <T>(t: Kit, work: (ids: PathIds) => Promise<T>) => Promise<T>;
  /** Reaching the state waits for a delivery: the test may take up to --delivery-timeout longer. */
  waitsForDelivery?: boolean;
}

type Recipe = Omit<ResourceState, 'name'>;

/** The shared author set to `active`, under its lock, and set back before the lock is released. */
function authorActive(active: boolean): Recipe {
  return {
    within: async (t, work) => {
      const id = new Resources(t).sharedAuthorId();
      if (!t.fixtures.authorWritable) t.notApplicable(AUTHOR_NOT_WRITABLE);
      return holdingAuthor(t, id, async () => {
        const before = await t.api.GET('/authors/{id}', { params: { path: { id } } });
        if (before.data === undefined) return t.notApplicable(`needs the author's state, but getAuthor answered ${before.response.status}`);
        const original = before.data.active;
        const set = await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: { active } });
        try {
          if (set.response.status !== 200) t.notApplicable(`needs an author with active ${active}, but updateAuthor answered ${set.response.status}`);
          return await work({ id });
        } finally {
          if (original !== active) await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: { active: original } });
        }
      });
    },
  };
}

/** A post of the test's own, created in the state (createPost takes draft and published). */
function postIn(status: 'draft' | 'published'): Recipe {
  return {
    within: async (t, work) => {
      const resources = new Resources(t);
      const pageId = resources.sharedPageId();
      return work({ page_id: pageId, id: (await resources.post(pageId, { status })).id });
    },
  };
}

/** An email of the test's own brought into the state as the wrong-parent tests bring it. */
function emailIn(status: string): Recipe | undefined {
  const recipe = REACH.Emails?.[status];
  return recipe && { within: async (t, work) => work(await recipe.reach(t)), waitsForDelivery: recipe.waitsForDelivery };
}

/** How the suite brings a resource into a state, by the tag of its get, the field and its value. */
const RECIPES: Record<string, (field: string, value: string) => Recipe | undefined> = {
  Authors: (field, value) => (field === 'active' ? authorActive(value === 'true') : undefined),
  Posts: (field, value) => (field === 'status' && (value === 'draft' || value === 'published') ? postIn(value) : undefined),
  Emails: (field, value) => (field === 'status' ? emailIn(value) : undefined),
};

/** The values of the resource's `status` and `active`, from the schema of the get's 200. */
function stateValues(operation: OperationInfo): { field: string; value: string }[] {
  const content = operation.responses.find((response) => response.status === '200')?.content[0];
  if (!content) return [];
  const { node: resource, pointer } = contract.resolve(content.schema, content.schemaPointer);
  return ['status', 'active'].flatMap((field) => {
    const property = resource?.properties?.[field];
    if (!property) return [];
    const schema = contract.resolve(property, `${pointer}/properties/${field}`).node;
    const values: unknown[] = Array.isArray(schema?.enum) ? schema.enum : schema?.type === 'boolean' ? [true, false] : [];
    return values.filter((value) => value !== null).map((value) => ({ field, value: String(value) }));
  });
}

/** The states the suite can bring the resource a get reads into; none for a list or a resource without states. */
export function statesOf(operation: OperationInfo): ResourceState[] {
  if (operation.method !== 'GET' || !operation.path.endsWith('{id}')) return [];
  const recipes = RECIPES[operation.tags[0] ?? ''];
  if (!recipes) return [];
  return stateValues(operation).flatMap(({ field, value }) => {
    const recipe = recipes(field, value);
    return recipe ? [{ name: `${field} ${value}`, ...recipe }] : [];
  });
}
