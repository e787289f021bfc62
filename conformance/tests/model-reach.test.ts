/**
 * The model's 404s: each is charged to the one rule that says why the request does not reach what it
 * names, so a failure tells an implementer which rule their server broke, and a child the run deleted
 * is named again by later requests, which must answer 404 (resources.gone-after-delete). A list that
 * differs from the prediction is charged to what the difference shows.
 */
import { describe, expect, it } from 'vitest';
import type { Json, ModelPage, ModelPost } from '../model/state.ts';
import { LIST } from '../model/rules.ts';
import { GONE_REF, listPrediction, locate, MISSING_REF, notFound, OTHER_REF, type Child } from '../model/steps.ts';
import { judge, type Answer, type ModelMismatch, type World } from '../model/world.ts';

const page = (workspace: 0 | 1, id: number): ModelPage => ({ workspace, snapshot: { id } as Json, posts: [], categories: [] });
const post = (id: number): ModelPost => ({ snapshot: { id } as Json });

const own = page(0, 1);
const second = page(0, 2);
const theirs = page(1, 3);
const pages = [own, second, theirs];
const posts: Child<ModelPage, ModelPost>[] = [
  { parent: own, child: post(10) },
  { parent: second, child: post(20) },
  { parent: theirs, child: post(30) },
];
const deleted: Child<ModelPage, ModelPost>[] = [{ parent: own, child: post(11) }];
const world = () => ({ stats: { predicted: 0, unpredicted: new Map(), operations: new Set() }, steps: [] }) as unknown as World;

describe('the rule a 404 of the model stands for', () => {
  it('an id that names no parent: resources.missing-is-404', () => {
    const { found, missed } = locate(pages, posts, 0, MISSING_REF, 0, deleted);
    expect(found).toBe(false);
    expect(missed).toEqual({ status: 404, rules: ['resources.missing-is-404'] });
  });

  it("another workspace's parent: auth.workspace-scope", () => {
    const { parent, missed } = locate(pages, posts, 1, OTHER_REF, 0, deleted);
    expect(parent?.workspace).toBe(0);
    expect(missed?.rules).toEqual(['auth.workspace-scope']);
  });

  it('a child of another parent of the workspace: resources.child-of-its-parent', () => {
    const { parent, target, missed } = locate(pages, posts, 0, 0, OTHER_REF, deleted);
    expect(parent).toBe(own);
    expect(target?.parent).not.toBe(own);
    expect(missed?.rules).toEqual(['resources.child-of-its-parent']);
  });

  it('an id that names no child: resources.missing-is-404', () => {
    expect(locate(pages, posts, 0, 0, MISSING_REF, deleted).missed?.rules).toEqual(['resources.missing-is-404']);
  });

  it('a child the run deleted from the named parent: resources.gone-after-delete', () => {
    const { target, found, missed } = locate(pages, posts, 0, 0, GONE_REF, deleted);
    expect(target?.child.snapshot.id).toBe(11);
    expect(found).toBe(false);
    expect(missed?.rules).toEqual(['resources.gone-after-delete']);
  });

  it('the same reference with nothing deleted from that parent names another parent\'s child, as before', () => {
    expect(locate(pages, posts, 0, 1, GONE_REF, deleted).missed?.rules).toEqual(['resources.child-of-its-parent']);
  });

  it('a reachable child has no 404 to predict', () => {
    const { found, missed, target } = locate(pages, posts, 0, 0, 0, deleted);
    expect(found).toBe(true);
    expect(target?.child.snapshot.id).toBe(10);
    expect(missed).toBeUndefined();
  });

  it('a request that names only a parent: missing or another workspace\'s', () => {
    expect(notFound(0, undefined).rules).toEqual(['resources.missing-is-404']);
    expect(notFound(0, theirs).rules).toEqual(['auth.workspace-scope']);
    expect(() => notFound(0, own)).toThrow(/reaches/);
  });
});

describe('the rules a list that differs from the prediction stands for', () => {
  const predicted = listPrediction(own, 0, [post(12), post(10)], deleted);
  const mismatch = (result: number[], total: number) => {
    try {
      judge(world(), 'listPosts', predicted, { status: 200, json: { page: 1, size: 100, total, result: result.map((id) => ({ id })) }, exchange: {} as Answer['exchange'] });
    } catch (error) {
      return (error as ModelMismatch).rules;
    }
    return undefined;
  };

  it('knows what the run deleted from the parent, and predicts the rest', () => {
    expect(predicted.list).toEqual({ ids: [12, 10], total: 2, gone: [11] });
    expect(mismatch([12, 10], 2)).toBeUndefined();
  });

  it('the same items in another order: lists.newest-first only', () => {
    expect(mismatch([10, 12], 2)).toEqual(['lists.newest-first']);
  });

  it('an item the run deleted, still listed: resources.gone-after-delete, and the total that counts it is not an ordering', () => {
    expect(mismatch([12, 11, 10], 3)).toEqual(expect.arrayContaining(['resources.gone-after-delete', 'lists.envelope-arithmetic']));
    expect(mismatch([12, 11, 10], 3)).not.toContain('lists.newest-first');
    expect(mismatch([12, 11, 10], 2)).toEqual(['resources.gone-after-delete']);
  });

  it('an item missing, or one the run did not delete: every rule of the list', () => {
    expect(mismatch([12], 1)).toEqual(expect.arrayContaining([...LIST]));
    expect(mismatch([12, 10, 30], 3)).toEqual(expect.arrayContaining([...LIST]));
  });

  it("another workspace's parent: its 404, not a list", () => {
    expect(listPrediction(theirs, 0, [], deleted)).toEqual({ status: 404, rules: ['auth.workspace-scope'] });
  });
});
