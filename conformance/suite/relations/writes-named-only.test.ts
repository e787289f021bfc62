/**
 * resources.write-named-only: a create, update or send writes only the resource it names or makes
 * (the contract's Requests: "A write to a resource under a page or newsletter ... is a write of that
 * resource alone"). For every such write under a parent the suite can fill (a `POST` or `PATCH` of a
 * path under `{page_id}` or `{newsletter_id}`, and the parent's own update, read from the contract), a
 * household of the test's own and its twin (households.ts: a second parent whose children share the
 * same names, titles, subjects, slugs and addresses) are read, the write is made, and both are read
 * again: the parent, every field, `updated_at` included, and every list under it, the same items in the
 * same order, every field, but the one resource written (a made one first in its list).
 *
 * Each write names what it can: a create has the name of a child already there (so its slug is the one
 * the twin's sibling has), every optional field filled and the household's second category; an update
 * names every field its body takes, a category other than the one the child is in among them, and a
 * state other than the child's (a draft post published: a transition by PATCH); a send
 * sends a draft at once. A server that stamps a category when a post is moved into it, or that writes
 * a sibling of the same slug in another page, passes every test that reads the written resource alone.
 * An upsert (a create that declares `200`) is sent a new key: a held one is a write of nothing.
 *
 * Every other state change the write offers is made first in the same households, each judged the same
 * way, the view after one the view before the next (state-transitions.ts): each value of an update's
 * enum field sent alone to a sibling that reads another (a published post returned to draft), and an
 * action sent a future time for each state the siblings hold but the one sent at once (a draft
 * scheduled, a scheduled email's time replaced). A server that unpublishes every post of a slug in the
 * workspace, or schedules the newsletter's other drafts with the one sent, passes the publication and
 * the send at once. The send at once comes last: its delivery moves on after its answer.
 *
 * Cost, per write: two parents with five children each (made at once), both read twice (in parallel),
 * and the write; per further state change, its write and both read again (updatePost: one, sendEmail:
 * two).
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { filledCreateBody } from './filled-create.ts';
import { parentReads, twinHouseholds, verifyUntouched, viewBoth, type Household, type HouseholdView, type Json, type ParentReads, type WriteLeeway } from './households.ts';
import { furtherTransitions, type Transition } from './state-transitions.ts';
import { pastStampGap } from './update-subjects.ts';

const { contract } = suiteContext();

const RULES = ['resources.write-named-only'];

/** The kind of child a path writes: the segment before its last `{id}`, or the list it posts to. */
function writtenKind(path: string): string | undefined {
  const segments = path.split('/');
  const id = segments.lastIndexOf('{id}');
  if (id > 0) return segments[id - 1];
  const last = segments.at(-1)!;
  return last.startsWith('{') ? undefined : last;
}

/** A write's body and what it may change, for a household just read. */
type Plan = (t: Kit, household: Household, before: HouseholdView) => { ids: Record<string, number>; body: Json; leeway: WriteLeeway };

/** The fields of an operation's body schema that are required. */
function requiredFields(operation: OperationInfo): string[] {
  const media = jsonMedia(operation);
  return media ? ((contract.resolve(media.schema, media.schemaPointer).node?.required as string[] | undefined) ?? []) : [];
}

/** References a body can take in a household: its second category, the shared author. */
function references(t: Kit, household: Household): Record<string, number | null> {
  const categories = household.children.categories;
  return { category_id: categories?.[categories.length - 1] ?? null, author_id: new Resources(t).authorId() };
}

/** How each write is planned, by its shape: a create under a parent, an update or an action on a child, the parent's update. */
function planOf(operation: OperationInfo, parentName: string): Plan | undefined {
  const kind = writtenKind(operation.path);
  const parentPath = `/${parentName.replace(/_id$/, 's')}/{id}`;
  if (operation.method === 'PATCH' && operation.path === parentPath) {
    return (t, household) => ({ ids: { id: household.parentIds[parentName]! }, body: filledCreateBody(t, operation.operationId, {}), leeway: { parentWritten: true } });
  }
  if (!kind) return undefined;
  if (operation.method === 'POST' && operation.path.endsWith(`/${kind}`)) {
    const upsert = operation.responses.some((response) => response.status === '200');
    return (t, household, before) => {
      // A name a sibling holds, so the new one's slug is the twin sibling's; an upsert is sent a new key.
      const sibling = [...before.lists].find(([list]) => list.path === operation.path)?.[1].items[0] as Json | undefined;
      const given = upsert || !sibling ? {} : Object.fromEntries(requiredFields(operation).filter((field) => typeof sibling[field] === 'string').map((field) => [field, sibling[field]]));
      const body = filledCreateBody(t, operation.operationId, upsert ? Object.fromEntries(requiredFields(operation).map((field) => [field, t.names.email(field)])) : given, references(t, household));
      // Its slug derived from the sibling's name, not drawn: the same text as the twin's sibling.
      if (!upsert) delete body.slug;
      return { ids: household.parentIds, body, leeway: { kind, made: true } };
    };
  }
  const children = (household: Household) => household.children[kind];
  if (operation.method === 'PATCH') {
    return (t, household, before) => {
      // The second child: a post in the second category, moved by the update into the first, and moved
      // to a state other than its own (a draft published): a transition is a write like any other.
      const written = children(household)![1]!;
      const firstCategory = household.children.categories?.[0] ?? null;
      const item = [...before.lists].find(([list]) => `${list.path}/{id}` === operation.path)?.[1].items.find((listed) => listed.id === written) as Json | undefined;
      const body = filledCreateBody(t, operation.operationId, otherStates(operation, item), { ...references(t, household), category_id: firstCategory });
      return { ids: { ...household.parentIds, id: written }, body, leeway: { kind, written } };
    };
  }
  if (operation.method === 'POST') {
    // An action on a child (a send): the second child, a draft, at once.
    return (_t, household) => ({ ids: { ...household.parentIds, id: children(household)![1]! }, body: {}, leeway: { kind, written: children(household)![1]! } });
  }
  return undefined;
}

/**
 * For each field of an update's body that takes one of a few values (an enum: a post's `status`), the
 * first value other than the one the child reads with: a write that moves the child to another state.
 */
function otherStates(operation: OperationInfo, current: Json | undefined): Json {
  const media = jsonMedia(operation);
  if (!media || !current) return {};
  const schema = contract.resolve(media.schema, media.schemaPointer);
  const properties = (schema.node?.properties ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(properties).flatMap(([field, raw]) => {
      const values = contract.resolve(raw, `${schema.pointer}/properties/${field}`).node?.enum as unknown[] | undefined;
      const other = field in current ? values?.find((value) => value !== current[field]) : undefined;
      return other === undefined ? [] : [[field, other]];
    }),
  );
}

const WRITES = contract.operations.flatMap((operation) => {
  if (operation.method !== 'POST' && operation.method !== 'PATCH') return [];
  const reads = parentReads(operation.path);
  const plan = reads && reads.lists.length > 0 ? planOf(operation, reads.parentName) : undefined;
  return reads && plan ? [{ operation, reads, plan }] : [];
});

/** Makes one write in the first household and verifies both households read as before but for it; answers the views after. */
async function judgedWrite(t: Kit, operation: OperationInfo, reads: ParentReads, households: Household[], step: Transition, before: HouseholdView, twinBefore: HouseholdView): Promise<HouseholdView[]> {
  const { ids, body, leeway, what } = step;
  // Past the households' own times, so a resource stamped by the write shows a new updated_at.
  await pastStampGap();
  const { status, exchange } = await t.call(operation, { ids, body });
  t.ensure(status !== undefined && status >= 200 && status < 300, `${operation.operationId} ${JSON.stringify(body).slice(0, 300)} under the test's own parent answered ${status ?? 'nothing'}; expected a success`, { evidence: exchange });
  const [after, twinAfter] = await viewBoth(t, reads, households);
  verifyUntouched(t, `after ${operation.operationId} of ${what}`, before, after!, leeway, RULES);
  verifyUntouched(t, `after ${operation.operationId} of ${what} under another ${reads.parentName.replace(/_id$/, '')} whose children share these names and slugs, that one`, twinBefore, twinAfter!, {}, RULES);
  return [after!, twinAfter!];
}

for (const { operation, reads, plan } of WRITES) {
  forOperation(operation.operationId, (test) => {
    test(`writes only what it names: its parent, every child beside it and a twin parent whose children share their names and slugs read as before, every field, updated_at included`, { check: 'crud_agreement', rules: RULES, needs: ['state'] }, async (t: Kit) => {
      const households = await twinHouseholds(t, reads.parentName);
      let [before, twinBefore] = await viewBoth(t, reads, households);
      // Every other state change the write offers, judged first: the send at once, whose delivery goes on after it, comes last.
      for (const step of furtherTransitions(operation, households[0], before!)) {
        [before, twinBefore] = await judgedWrite(t, operation, reads, households, step, before!, twinBefore!);
      }
      const { ids, body, leeway } = plan(t, households[0], before!);
      const what = leeway.parentWritten ? 'the parent' : leeway.made ? `a new one of ${leeway.kind}` : `${leeway.kind} ${leeway.written}`;
      await judgedWrite(t, operation, reads, households, { ids, body, leeway, what }, before!, twinBefore!);
    });
  });
}
