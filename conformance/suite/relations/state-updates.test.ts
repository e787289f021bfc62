/**
 * resources.patch-named-fields-only across a resource's states, for the updates that move a state (a
 * post's `status`, an author's `active`):
 *
 * - a change of state changes the state and what the contract derives from it, nothing else: a post
 *   published, returned to draft and published again keeps its `created_at` (and so its place in its
 *   list) and every other field, and keeps the `first_published_at` its first
 *   publication set (post.first-published-kept); and so does a second post walked the same way with
 *   each change of status sent beside every other field the update takes: a transition does what it
 *   does whatever else the PATCH names (a publish beside a new title stamps first_published_at too);
 * - in the state that is not the first, each other field updated alone leaves the state as it is: an
 *   update of an inactive author's position does not make them active again, an update of a published
 *   post's title does not return it to draft;
 * - a change of state the contract allows is accepted whatever the resources that name the item hold:
 *   the author is made inactive while a draft post, a published post, a scheduled email and an email
 *   sent now name them (author.inactive-keeps-work: "An author made inactive keeps their posts and
 *   emails", so no work of theirs bars it), and each reads as it was afterwards, an email still
 *   signed with their id; so does every other author of the workspace, active or not
 *   (resources.write-named-only; the other workspace's, other-workspace-authors.test.ts).
 *
 * A server that writes a state's defaults along with every update, or stamps a timestamp on a
 * transition, passes every test made of resources in their first state.
 */
import type { PostCreate } from '../../../generated/openapi.d.ts';
import type { Kit } from '../kit.ts';
import { forOperation } from '../harness.ts';
import { Resources } from '../resources.ts';
import { AUTHOR_NOT_WRITABLE, holdingAuthor } from '../shared-author.ts';
import { workInEveryState } from './author-work.ts';
import { authorsById } from './authors-by-id.ts';
import { filledCreateBody } from './filled-create.ts';
import { changes, type Json } from './households.ts';
import { changedValue, freedBy, updateFields } from './changed-values.ts';
import { changesOnly, readResource } from './update-subjects.ts';

const RULES = ['resources.patch-named-fields-only', 'resources.update-stamped'];

/** A value for a text field, other than any it had. */
const textFor = (t: Kit, field: string) => t.names.name(`${field}-changed`);

forOperation('updatePost', (test) => {
  test('changes only the state on a publish, a return to draft and a second publish, by status alone and beside every other field the update takes: created_at and every field not named stay, first_published_at is set by the first publish and stays', { check: 'crud_agreement', rules: [...RULES, 'post.first-published-kept'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const categories = await Promise.all([resources.category(pageId), resources.category(pageId)]);
    const references = { category_id: categories[0].id, author_id: resources.authorId() };
    // Two posts walked at once: one moved by status alone (an editor's Publish button), the other by
    // status beside every other field of the update's schema, each with a changed value. A server that
    // derives the transition's effects in one code path only (a status-only PATCH) shows on the second.
    const walk = async (how: 'alone' | 'beside every other field') => {
      const body = filledCreateBody(t, 'createPost', { title: t.names.name('states'), status: 'draft' }, references);
      const ids = { page_id: pageId, id: (await resources.post(pageId, body as PostCreate)).id };
      return { how, ids, before: await readResource(t, 'getPost', ids) };
    };
    const posts = await Promise.all([walk('alone'), walk('beside every other field')]);
    const others = updateFields(t, 'updatePost').filter((field) => field !== 'status');
    // A second and more after creation, so that a clock of any precision tells the publication from it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await Promise.all(posts.map(async (post) => {
      const write = { operationId: 'updatePost', readerId: 'getPost', ids: post.ids };
      let before = post.before;
      // The first publish sets first_published_at; the later steps keep it (only status, and what is named, moves).
      for (const [status, first] of [['published', true], ['draft', false], ['published', false]] as const) {
        const body: Json = { status };
        if (post.how !== 'alone') {
          for (const field of others) {
            // The other category of the two, so that each step changes it without making a new one.
            body[field] = field === 'category_id' ? (before.category_id === categories[0].id ? categories[1].id : categories[0].id) : await changedValue(t, resources, 'updatePost', field, before, post.ids);
          }
        }
        const named = Object.keys(body);
        const free = freedBy(named).filter((field) => first || field !== 'first_published_at');
        const step = `a change of status to ${status} ${post.how === 'alone' ? 'alone' : `beside ${others.join(', ')}`}`;
        before = await changesOnly(t, step, write, before, body, free);
        t.verify(before.status === status, `after ${step}, getPost shows status ${JSON.stringify(before.status)}; expected ${status}`);
        if (first) {
          t.verify(Date.parse(String(before.first_published_at)) > Date.parse(String(before.created_at)), `the first publication (${step}), over a second after the post was made, stamped first_published_at ${JSON.stringify(before.first_published_at)}, not later than created_at ${JSON.stringify(before.created_at)}: it is the moment of the first publication, whatever else the PATCH names`, { rules: ['post.first-published-kept'] });
        }
      }
    }));
  });

  test('leaves a published post published when another field is updated alone', { check: 'crud_agreement', rules: RULES, needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const body = filledCreateBody(t, 'createPost', { title: t.names.name('published'), status: 'published' }, { category_id: (await resources.category(pageId)).id, author_id: resources.authorId() });
    const ids = { page_id: pageId, id: (await resources.post(pageId, body as PostCreate)).id };
    let before = await readResource(t, 'getPost', ids);
    for (const field of ['title', 'description', 'seo_title']) {
      before = await changesOnly(t, `an update of ${field} alone of a published post`, { operationId: 'updatePost', readerId: 'getPost', ids }, before, { [field]: textFor(t, field) }, [field]);
    }
  });
});

/** The author's fields an update takes, each sent alone; `formatted_name` follows the names. */
const AUTHOR_FIELDS: Record<string, string[]> = {
  first_name: ['first_name', 'formatted_name'],
  last_name: ['last_name', 'formatted_name'],
  position: ['position'],
  short_description: ['short_description'],
};

/**
 * resources.write-named-only ("A create, update or send writes only the resource it names ... every
 * other resource ... reads as before, `updated_at` included") for a change of an author's state: every
 * other author of the workspace, active or not, reads as before, every field.
 */
function verifyOthersUntouched(t: Kit, id: number, before: Map<number, Json>, after: Map<number, Json>): void {
  for (const [otherId, was] of before) {
    if (otherId === id) continue;
    const now = after.get(otherId);
    const changed = now ? changes(was, now) : ['no longer listed'];
    t.verify(changed.length === 0, `after author ${id} was made inactive, author ${otherId} of the same workspace (${String(was.email)}) shows ${changed.join('; ')}: a change of one author's state writes that author alone`, { rules: ['resources.write-named-only'] });
  }
}

forOperation('updateAuthor', (test) => {
  test('makes an author with work in every state inactive, leaves them inactive when another field is updated alone, and changes only active when it moves', { check: 'crud_agreement', rules: [...RULES, 'author.inactive-keeps-work', 'resources.write-named-only'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const id = new Resources(t).sharedAuthorId();
    if (!t.fixtures.authorWritable) t.notApplicable(AUTHOR_NOT_WRITABLE);
    const write = { operationId: 'updateAuthor', readerId: 'getAuthor', ids: { id } };
    await holdingAuthor(t, id, async () => {
      const original = await readResource(t, 'getAuthor', { id });
      const restore = Object.fromEntries(['active', ...Object.keys(AUTHOR_FIELDS)].map((field) => [field, original[field]]));
      try {
        // Every optional field given a value first: a deactivation that clears one shows only on a value.
        const filled = { last_name: textFor(t, 'last_name'), position: textFor(t, 'position'), short_description: textFor(t, 'short_description') };
        const [work, named] = await Promise.all([workInEveryState(t, id), changesOnly(t, 'an update of last_name, position and short_description', write, original, filled, [...Object.keys(filled), 'formatted_name'])]);
        // Made active first where another test or the model left them inactive: the deactivation is the change judged.
        let before = named.active === false ? await changesOnly(t, 'a change of active to true', write, named, { active: true }, ['active']) : named;
        // The workspace's other authors read with the work, before and after: the deactivation writes this
        // author alone (the other workspace's: other-workspace-authors.test.ts).
        const [othersBefore, ...workBefore] = await Promise.all([authorsById(t), ...work.map((piece) => readResource(t, piece.readerId, piece.ids))]);
        const held = work.map((piece) => piece.state).join(', ');
        before = await changesOnly(t, `a change of active to false of an author of ${held}`, write, before, { active: false }, ['active']);
        const [othersAfter, ...workAfter] = await Promise.all([authorsById(t), ...work.map((piece) => readResource(t, piece.readerId, piece.ids))]);
        verifyOthersUntouched(t, id, othersBefore as Map<number, Json>, othersAfter as Map<number, Json>);
        for (const [index, piece] of work.entries()) {
          const changed = Object.keys(workBefore[index]! as Json).filter((field) => JSON.stringify(workBefore[index]![field]) !== JSON.stringify(workAfter[index]![field]) && !piece.moving.includes(field));
          t.verify(changed.length === 0, `after author ${id} was made inactive, ${piece.readerId} of ${piece.state} they wrote shows ${changed.map((field) => `${field} ${JSON.stringify(workBefore[index]![field])} before, ${JSON.stringify(workAfter[index]![field])} after`).join('; ')}: an author made inactive keeps their posts and emails`, { rules: ['author.inactive-keeps-work'] });
        }
        for (const [field, free] of Object.entries(AUTHOR_FIELDS)) {
          before = await changesOnly(t, `an update of ${field} alone of an inactive author`, write, before, { [field]: textFor(t, field) }, free);
        }
        await changesOnly(t, 'a change of active to true', write, before, { active: true }, ['active']);
      } finally {
        await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: restore as never });
      }
    });
  });
});
