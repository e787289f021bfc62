/**
 * The body fields that name another resource (`category_id`, `author_id`), the contract rules that say
 * which values each refuses, and how the suite makes each unusable value: an id that names nothing, and a
 * real resource out of reach (a category of another page, a category of the page since deleted, an
 * author of the `--token2` workspace, where it lists one). An inactive author is not among them: the
 * contract keeps their work and refuses none of it.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import type { Kit } from '../kit.ts';
import { MISSING_ID, type PathIds } from '../requests.ts';
import { Resources } from '../resources.ts';
import { holdingOtherAuthors, otherAuthorsShared } from '../shared-author.ts';

const { contract } = suiteContext();

export interface UnusableValue {
  what: string;
  /** The id to send, or why this target has none (the other cases of the field still run). */
  make: (t: Kit, ids: PathIds) => Promise<number | { none: string }>;
}

export interface Reference {
  /** The contract rules that say which values the field refuses. */
  rules: string[];
  unusable: UnusableValue[];
}

/** A category of a page of the test's own: not of the page the operation's path names. */
async function categoryOfAnotherPage(t: Kit, ids: PathIds): Promise<number> {
  const resources = new Resources(t);
  const page = await resources.page('reference-other-page');
  if (page.id === ids.page_id) throw new Error('a new page has the id of the shared page; this is a fault of the suite');
  return (await resources.category(page.id)).id;
}

/** A category of the operation's page that the test made and deleted: an id that named one, and names none now. */
async function deletedCategoryOfPage(t: Kit, ids: PathIds): Promise<number> {
  const category = await new Resources(t).category(ids.page_id!);
  const { status } = await t.call(contract.operation('deleteCategory'), { ids: { page_id: ids.page_id!, id: category.id } });
  t.ensure(status === 204, `deleteCategory of the test's own category answered ${status ?? 'nothing'}; expected 204`);
  return category.id;
}

/**
 * An author the `--token2` workspace lists, active or not: a real author, not of this workspace. On a
 * disposable target another test sets one of that workspace's authors inactive and back, so both lists
 * are read, under the lock of those authors.
 */
async function authorOfAnotherWorkspace(t: Kit): Promise<number | { none: string }> {
  if (!t.options.token2) return { none: 'needs --token2, a token of a second workspace' };
  const listAuthors = contract.operation('listAuthors');
  const read = () => Promise.all(['true', 'false'].map((active) => t.call(listAuthors, { ids: {}, query: { size: 1, active }, authorization: `Bearer ${t.options.token2}` })));
  const reads = otherAuthorsShared(t) ? await holdingOtherAuthors(t, read) : await read();
  const first = reads.map(({ json }) => (json as { result?: { id?: unknown }[] } | undefined)?.result?.[0]?.id).find((id) => typeof id === 'number');
  if (typeof first !== 'number') return { none: `the --token2 workspace lists no author, active or not (listAuthors answered ${reads.map(({ status }) => status ?? 'nothing').join(' and ')})` };
  return first;
}

/** The body fields that name another resource, and how each is made unusable. */
export const REFERENCES: Record<string, Reference> = {
  category_id: {
    rules: ['post.category-of-same-page'],
    unusable: [
      { what: 'an id that names no category', make: async () => MISSING_ID },
      { what: 'a category of another page of the workspace', make: categoryOfAnotherPage },
      { what: 'a category of the page, since deleted', make: deletedCategoryOfPage },
    ],
  },
  author_id: {
    rules: ['resources.author-of-workspace'],
    unusable: [
      { what: 'an id that names no author', make: async () => MISSING_ID },
      { what: 'an author of another workspace', make: (t) => authorOfAnotherWorkspace(t) },
    ],
  },
};

/** The reference fields the operation's JSON body takes, as the contract declares them. */
export function referenceFields(operation: OperationInfo): string[] {
  const media = jsonMedia(operation);
  if (!media) return [];
  const properties: Record<string, unknown> = constrainedBranch(contract, media.schema)?.properties ?? {};
  return Object.keys(properties).filter((field) => field in REFERENCES);
}
