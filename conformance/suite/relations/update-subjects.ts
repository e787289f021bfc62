/**
 * The update operations of the resources the suite can make, with what the relations over updates need
 * of each: the read that shows the resource, a fresh resource of the test's own, the fields stored as
 * sent and the fields the contract derives from them. The list that shows the resource, and the fields
 * an update may name, are read from the contract (see `listOf` and `rewritableFields`).
 *
 * updateAuthor is left out: authors cannot be created. updates-kept.test.ts makes the shared author one
 * more subject of the same field-by-field judgement (set filled, then empty, under its lock), and the
 * model phase predicts every update of the author it may change field by field.
 */
import type { CategoryCreate, EmailCreate, PostCreate } from '../../../generated/openapi.d.ts';
import type { ContractDocument, OperationInfo } from '../../contract/document.ts';
import type { Kit } from '../kit.ts';
import type { Resources } from '../resources.ts';
import { filledCreateBody } from './filled-create.ts';

export type Json = Record<string, unknown>;

export interface UpdateSubject {
  /** The read that shows the resource afterwards. */
  readerId: string;
  /**
   * A fresh resource of the test's own, with a value in every optional field its create accepts (see
   * filled-create.ts): the ids of its path.
   */
  make: (resources: Resources, t: Kit) => Promise<Record<string, number>>;
  /**
   * A fresh resource made with its required fields only, where that differs from `make`: a field an
   * update fills along with a named one (an empty `seo_title` given the new title) shows only there.
   */
  makeBare?: (resources: Resources, t: Kit) => Promise<Record<string, number>>;
  /** Fields stored as sent, updated by the tests. */
  fields: string[];
}

export const UPDATES: Record<string, UpdateSubject> = {
  updatePage: {
    readerId: 'getPage',
    // A page's and a newsletter's only optional field at creation is the page's slug, never empty.
    make: async (resources) => ({ id: (await resources.page('updated')).id }),
    fields: ['name'],
  },
  updateNewsletter: {
    readerId: 'getNewsletter',
    make: async (resources) => ({ id: (await resources.newsletter('updated')).id }),
    fields: ['name'],
  },
  updateCategory: {
    readerId: 'getCategory',
    make: async (resources, t) => {
      const pageId = resources.sharedPageId();
      const body = filledCreateBody(t, 'createCategory', { name: t.names.name('category') });
      return { page_id: pageId, id: (await resources.category(pageId, body as CategoryCreate)).id };
    },
    makeBare: async (resources) => {
      const pageId = resources.sharedPageId();
      return { page_id: pageId, id: (await resources.category(pageId)).id };
    },
    fields: ['name', 'description', 'color'],
  },
  updatePost: {
    readerId: 'getPost',
    make: async (resources, t) => {
      const pageId = resources.sharedPageId();
      const references = { category_id: (await resources.category(pageId)).id, author_id: resources.authorId() };
      const body = filledCreateBody(t, 'createPost', { title: t.names.name('post'), status: 'draft' }, references);
      return { page_id: pageId, id: (await resources.post(pageId, body as PostCreate)).id };
    },
    makeBare: async (resources) => {
      const pageId = resources.sharedPageId();
      return { page_id: pageId, id: (await resources.post(pageId)).id };
    },
    fields: ['title', 'description', 'seo_title', 'seo_description', 'og_title', 'og_description'],
  },
  updateEmail: {
    readerId: 'getEmail',
    make: async (resources, t) => {
      const newsletterId = resources.sharedNewsletterId();
      const body = filledCreateBody(t, 'createEmail', { subject: t.names.name('email') }, { author_id: resources.authorId() });
      return { newsletter_id: newsletterId, id: (await resources.email(newsletterId, body as EmailCreate)).id };
    },
    makeBare: async (resources) => {
      const newsletterId = resources.sharedNewsletterId();
      return { newsletter_id: newsletterId, id: (await resources.email(newsletterId)).id };
    },
    fields: ['subject', 'preview'],
  },
};

/**
 * The shared author's fields an update takes and stores as sent (authors cannot be made, so updateAuthor
 * is not one of UPDATES); `formatted_name` follows the names.
 */
export const AUTHOR_FIELDS = ['first_name', 'last_name', 'position', 'short_description'];

/** Values longer than this are quoted by their length and where they part, not whole (a 500,000-character HTML). */
const QUOTED_IN_FULL = 300;

/** How a failure quotes two values that differ: whole, or, when long, by their lengths and the place they part. */
function quoted(expected: unknown, actual: unknown): [string, string] {
  const [want, got] = [JSON.stringify(expected) ?? 'nothing', JSON.stringify(actual) ?? 'nothing'];
  if (want.length <= QUOTED_IN_FULL && got.length <= QUOTED_IN_FULL) return [want, got];
  // Texts are compared as texts (a position in characters); anything else as its JSON.
  const [a, b] = typeof expected === 'string' && typeof actual === 'string' ? [expected, actual] : [want, got];
  let at = 0;
  while (at < a.length && a[at] === b[at]) at += 1;
  const around = (text: string, json: string) =>
    json.length <= QUOTED_IN_FULL ? json : `${text.length} characters, ${JSON.stringify(text.slice(at, at + 60))}${text.length > at + 60 ? '…' : ''} from character ${at}`;
  return [around(a, want), around(b, got)];
}

/** The fields of `expected` that `actual` shows otherwise: `name: "a" expected, "b" shown`. */
export function differences(expected: Json, actual: Json, fields: Iterable<string>): string[] {
  return [...fields]
    .filter((field) => JSON.stringify(expected[field]) !== JSON.stringify(actual[field]))
    .map((field) => {
      const [want, got] = quoted(expected[field], actual[field]);
      return `${field}: ${want} expected, ${got} shown`;
    });
}

/** Reads the resource with its get operation; a read that fails ends the test. */
export async function readResource(t: Kit, readerId: string, ids: Record<string, number>): Promise<Json> {
  const { status, json, exchange } = await t.call(t.contract.operation(readerId), { ids });
  t.ensure(status === 200, `${readerId} answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange });
  return json as Json;
}

/** An update that answered 200, and its body; anything else ends the test. */
export async function updateResource(t: Kit, operationId: string, ids: Record<string, number>, body: Json): Promise<Json> {
  const { status, json, exchange } = await t.call(t.contract.operation(operationId), { ids, body });
  t.ensure(status === 200, `${operationId} ${JSON.stringify(body)} answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange });
  return json as Json;
}

/**
 * How long after a write's answer the next write is sent, where its `updated_at` is judged: a clock of
 * millisecond precision, the least the contract allows (responses.timestamps-utc), moves in it.
 */
export const STAMP_GAP_MS = 5;

/** Waits STAMP_GAP_MS, so that the next write's time differs from the last one's. */
export const pastStampGap = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, STAMP_GAP_MS));

/** The fields of `body` that change a value `before` shows (a letter's case, one character, a state). */
export const changedFields = (before: Json, body: Json): string[] =>
  Object.keys(body).filter((field) => field in before && JSON.stringify(before[field]) !== JSON.stringify(body[field]));

/**
 * resources.update-stamped for one update sent STAMP_GAP_MS or more after the answer of the write that
 * `before` shows: where it changed stored values (`changed`, most often changedFields), every view of the
 * resource afterwards (the answer, a read) shows an `updated_at` later than `before`'s. An update that
 * changes nothing is not judged (it may keep the old time), nor a `before` without `updated_at`.
 */
export function verifyStamped(t: Kit, step: string, before: Json, changed: readonly string[], views: readonly (readonly [Json, string])[]): void {
  if (changed.length === 0 || typeof before.updated_at !== 'string') return;
  for (const [shown, by] of views) {
    t.verify(
      Date.parse(String(shown.updated_at)) > Date.parse(before.updated_at),
      `${step}, which changed ${changed.join(', ')} and was sent ${STAMP_GAP_MS} ms or more after the last write's answer, ${by} updated_at ${JSON.stringify(shown.updated_at)}, not later than that write's ${before.updated_at}: an update that changes a value records its own time`,
      { rules: ['resources.update-stamped'] },
    );
  }
}

/**
 * resources.patch-named-fields-only for one update: sends `body` and verifies that the answer and a
 * read afterwards show every field of `before` as it was, but `updated_at` and the fields `free` (those
 * named, and those the contract derives from them). Where the body changes a value `before` shows,
 * `updated_at` moves past `before`'s too (verifyStamped): a server that writes a change without its time
 * shows nothing else. Answers the read.
 */
export async function changesOnly(t: Kit, step: string, write: { operationId: string; readerId: string; ids: Record<string, number> }, before: Json, body: Json, free: readonly string[]): Promise<Json> {
  await pastStampGap();
  const answer = await updateResource(t, write.operationId, write.ids, body);
  const kept = new Set(Object.keys(before).filter((field) => !free.includes(field) && field !== 'updated_at'));
  const rules = ['resources.patch-named-fields-only'];
  const inAnswer = differences(before, answer, kept);
  t.verify(inAnswer.length === 0, `${step} answered other values for fields it does not name: ${inAnswer.join('; ')}`, { rules });
  const stored = await readResource(t, write.readerId, write.ids);
  const inRead = differences(before, stored, kept);
  t.verify(inRead.length === 0, `after ${step}, ${write.readerId} shows other values for fields it does not name: ${inRead.join('; ')}`, { rules });
  verifyStamped(t, step, before, changedFields(before, body), [[answer, 'answered'], [stored, `then ${write.readerId} showed`]]);
  return stored;
}

/**
 * resources.patch-named-fields-only for one update that names `field` alone (a value, `""` or `null`):
 * each view of the resource afterwards (the answer, a read) shows every field of `before` as it was, but
 * `updated_at` and `free` (the field and what the contract derives from it). A server that treats two
 * fields as one (a `null` for one description clearing the other) shows only here: the named field
 * itself reads as sent.
 */
export function verifyOthersKept(t: Kit, step: string, before: Json, views: readonly (readonly [Json, string])[], free: readonly string[], rules: string[]): void {
  const kept = Object.keys(before).filter((field) => !free.includes(field) && field !== 'updated_at');
  for (const [shown, by] of views) {
    const moved = differences(before, shown, kept);
    t.verify(moved.length === 0, `${step}, ${by} other values for fields it does not name: ${moved.join('; ')}; an update changes only the fields it names`, { rules });
  }
}

/** The properties of an operation's success schema (resolved), or of its list items with `items`. */
function successProperties(contract: ContractDocument, operation: OperationInfo, items = false): Record<string, unknown> {
  const success = operation.responses.find((response) => response.status === '200')?.content[0];
  if (!success) return {};
  const schema = contract.resolve(success.schema, success.schemaPointer);
  const resource = items ? contract.resolve(schema.node.properties?.result?.items, `${schema.pointer}/properties/result/items`).node : schema.node;
  return resource?.properties ?? {};
}

export interface ListOf {
  operation: OperationInfo;
  /** The fields a list item carries of those the get answers (the contract's two schemas compared). */
  fields: string[];
}

/**
 * The list that shows what a get reads: the GET of the get's path without its last `{id}` segment
 * (`/pages/{page_id}/posts` for `/pages/{page_id}/posts/{id}`), when the contract has it; with the
 * fields of the get's schema that its item schema has too (all of them when both are one schema).
 */
export function listOf(contract: ContractDocument, readerId: string): ListOf | undefined {
  const reader = contract.operation(readerId);
  const parentPath = reader.path.replace(/\/\{id\}$/, '');
  if (parentPath === reader.path) return undefined;
  const operation = contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === parentPath);
  if (!operation) return undefined;
  const itemFields = successProperties(contract, operation, true);
  const fields = Object.keys(successProperties(contract, reader)).filter((field) => field in itemFields);
  return { operation, fields };
}

/**
 * Walks a list at its largest page size, item by item in the list's order with each item's position,
 * until `visit` says it has seen enough (true) or the list ends.
 */
export async function walkList(t: Kit, list: OperationInfo, parentIds: Record<string, number>, visit: (item: Json, position: number) => boolean, query: Record<string, string> = {}): Promise<void> {
  const path = list.path.replace(/\{([^}]+)\}/g, (_, name: string) => String(parentIds[name]));
  for (let page = 1, seen = 0; page <= 1000; page++) {
    const { status, json, exchange } = await t.raw({ method: 'GET', path, query: { ...query, page, size: 100 } });
    t.ensure(status === 200, `${list.operationId} page ${page} answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange });
    const result = (json as { result?: Json[] } | undefined)?.result ?? [];
    if (result.some((item, index) => visit(item, seen + index))) return;
    seen += result.length;
    if (result.length < 100) return;
  }
}

/** The item with this id as the list shows it (under the filters of `query`); undefined when it is not listed. */
export async function listedItem(t: Kit, list: OperationInfo, parentIds: Record<string, number>, id: number, query: Record<string, string> = {}): Promise<Json | undefined> {
  let found: Json | undefined;
  await walkList(
    t,
    list,
    parentIds,
    (item) => {
      if (item.id === id) found = item;
      return found !== undefined;
    },
    query,
  );
  return found;
}
