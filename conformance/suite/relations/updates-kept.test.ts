/**
 * resources.update-kept, resources.answer-as-stored and resources.patch-named-fields-only, over every
 * update operation of a resource the suite can make:
 *
 * - a second update of the same fields, with other values, is kept: its answer and a read afterwards
 *   show the second values (a server that stores only a first value, or only into an empty field,
 *   passes a single update);
 * - after each of those updates, the parent's list shows the resource as its get does, every field the
 *   contract's list item has (a list that keeps a summary written at creation shows the old values);
 * - an update changes only what it names: every other field, `created_at` and `id` included, reads as
 *   before in the answer and afterwards; `updated_at` and what the contract derives from a named field
 *   (a page's and a newsletter's `name_slug`, which follow the name) aside. Each field the tests update
 *   is sent alone, then all together, to a resource made with every optional field filled, so a field
 *   an update clears or writes along with a named one shows. The shared author is one more subject:
 *   set with every optional field filled, then with every one empty (where a field an update fills
 *   from a named one shows), under its lock and set back afterwards;
 * - every update here that changes a stored value, sent 5 ms or more after the last write's answer,
 *   moves updated_at past that write's (resources.update-stamped, judged by verifyStamped).
 *
 * - a value changed only in letter case (`#1E90FF` to `#1e90ff`, a name in other capitals) is kept,
 *   in the answer and a read;
 * - an update of Markdown (`content_md`, where the update takes it and the get answers `content_html`)
 *   is rendered every time: a second one with other Markdown answers and stores its own rendering;
 * - an update leaves the resource where it was in its list: a list ordered by `updated_at` instead of
 *   `created_at` shows an older resource first once it is changed (lists.newest-first), which a list
 *   of resources never updated cannot show.
 *
 * - an update is kept in every state the resource can be in (resource-states.ts: a post draft and
 *   published, the shared author active and inactive), where the update refuses no state (it declares
 *   no `409`): its answer shows what was sent and a read afterwards shows the answer, every field. A
 *   server that writes only in the state a resource is made in ("inactive authors are frozen") answers
 *   the change and loses it.
 *
 * The operations, and how to make a resource of each, are in update-subjects.ts.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import type { PathIds } from '../requests.ts';
import { Resources } from '../resources.ts';
import { AUTHOR_NOT_WRITABLE, holdingAuthor } from '../shared-author.ts';
import { changedValue, freedBy, optionalBodies, updateFields } from './changed-values.ts';
import { statesOf, type ResourceState } from './resource-states.ts';
import { DELIVERY_TEST_TIMEOUT_MS } from './child-states.ts';
import { AUTHOR_FIELDS, changedFields, changesOnly, differences, listedItem, listOf, pastStampGap, walkList, readResource, updateResource as update, UPDATES, verifyStamped, type Json, type UpdateSubject } from './update-subjects.ts';

const { contract } = suiteContext();

/** A value for `field` in update `round`, different in every round and every test. */
function valueFor(t: Kit, field: string, round: number): string {
  if (field === 'color') {
    const rgb = t.random.int(0, 0xffffff);
    return `#${(round === 1 ? rgb : rgb ^ 0x808080).toString(16).padStart(6, '0').toUpperCase()}`;
  }
  return t.names.name(`${field}-${round}`);
}

const read = (t: Kit, subject: UpdateSubject, ids: Record<string, number>): Promise<Json> => readResource(t, subject.readerId, ids);


/**
 * The parent's list shows the resource as its get does, field by field (the fields both schemas give).
 * A list walked while other tests delete from it can move an item past the page being read, so an item
 * not met is looked for once more before it counts as missing.
 */
async function verifyListedAsRead(t: Kit, subject: UpdateSubject, ids: Record<string, number>, stored: Json, when: string): Promise<void> {
  const list = listOf(contract, subject.readerId);
  if (!list) return;
  const { id, ...parentIds } = ids;
  const listed = (await listedItem(t, list.operation, parentIds, id!)) ?? (await listedItem(t, list.operation, parentIds, id!));
  t.verify(listed !== undefined, `${when}, ${list.operation.operationId} does not list ${id}, which ${subject.readerId} reads`, { rules: ['resources.update-kept'] });
  if (!listed) return;
  const disagree = differences(stored, listed, list.fields);
  t.verify(disagree.length === 0, `${when}, ${list.operation.operationId} shows ${id} otherwise than ${subject.readerId}: ${disagree.join('; ')}`, { rules: ['resources.update-kept'] });
}

/**
 * Where each id first shows in the list, walked at its largest page size until all are met (-1: not
 * listed). Another test's delete can move an item across a page boundary while it is walked; the items
 * this test made are its own, so they are met, once each, unless the server loses them.
 */
async function positionsIn(t: Kit, list: OperationInfo, parentIds: Record<string, number>, ids: number[]): Promise<number[]> {
  const positions = ids.map(() => -1);
  await walkList(t, list, parentIds, (item, position) => {
    const at = ids.indexOf(item.id as number);
    if (at >= 0 && positions[at] === -1) positions[at] = position;
    return !positions.includes(-1);
  });
  return positions;
}

/** The update's body takes Markdown (`content_md`) that the resource answers rendered (`content_html`). */
function takesMarkdown(operationId: string, readerId: string): boolean {
  const operation = contract.operation(operationId);
  const body = jsonMedia(operation);
  const bodyFields = body ? Object.keys(constrainedBranch(contract, body.schema)?.properties ?? {}) : [];
  const reader = contract.operation(readerId).responses.find((response) => response.status === '200')?.content[0];
  const readFields = reader ? Object.keys(contract.resolve(reader.schema, reader.schemaPointer).node?.properties ?? {}) : [];
  return bodyFields.includes('content_md') && readFields.includes('content_html');
}

/** The states of what `readerId` reads in which `operationId` must be kept: none when the update declares a 409 (a state it refuses). */
function statesKept(operationId: string, readerId: string): ResourceState[] {
  return contract.operation(operationId).responses.some((response) => response.status === '409') ? [] : statesOf(contract.operation(readerId));
}

/**
 * Two updates of `fields`, each with its own values, of the resource named by `ids` in `state`: each
 * answer shows the values sent, and a read afterwards shows the answer, every field of it.
 */
async function verifyKeptIn(t: Kit, operationId: string, readerId: string, fields: string[], ids: PathIds, state: string): Promise<void> {
  let before = await readResource(t, readerId, ids);
  for (const round of [1, 2]) {
    const body = Object.fromEntries(fields.map((field) => [field, valueFor(t, field, round)]));
    await pastStampGap();
    const answer = await update(t, operationId, ids, body);
    const wrongAnswer = differences(body, answer, fields);
    t.verify(wrongAnswer.length === 0, `update ${round} of a resource with ${state} answered other values than it was sent: ${wrongAnswer.join('; ')}`);
    const stored = await readResource(t, readerId, ids);
    const notKept = differences(answer, stored, Object.keys(answer));
    t.verify(notKept.length === 0, `after update ${round} of a resource with ${state}, ${readerId} does not show what the update answered: ${notKept.join('; ')}`);
    verifyStamped(t, `update ${round} of a resource with ${state}`, before, changedFields(before, body), [[answer, 'answered'], [stored, `then ${readerId} showed`]]);
    before = stored;
  }
}

/** How a test's resource is brought to where it starts (made, or set), and the words for it. */
type Start = readonly [string, () => Promise<Record<string, number>>];

/**
 * resources.patch-named-fields-only and resources.update-stamped, field by field: from each start in
 * turn, each field of `operationId`'s schema sent alone (changed-values.ts), then `together` all at
 * once, changes only itself and what the contract derives from it, and moves updated_at (changesOnly).
 * A server that writes fields together (a subject with its preview) loses the one left out only when the
 * other is named alone; one that fills an empty field from a named one shows only where it is empty.
 */
async function verifyNamedOnly(t: Kit, resources: Resources, operationId: string, readerId: string, together: string[], starts: readonly Start[]): Promise<void> {
  const everyField = updateFields(t, operationId);
  for (const [made, start] of starts) {
    const ids = await start();
    // Each field alone, the hand-listed ones together, then every field at once: a server whose writes
    // of two fields collide (a rename's slug written over the slug sent with it) shows only there.
    const sets: { named: string[]; changed: boolean }[] = [...everyField.map((field) => ({ named: [field], changed: true })), ...(together.length > 1 ? [{ named: together, changed: false }] : []), ...(everyField.length > 1 ? [{ named: everyField, changed: true }] : [])];
    for (const { named, changed } of sets) {
      const before = await readResource(t, readerId, ids);
      const body: Json = {};
      for (const field of named) body[field] = changed ? await changedValue(t, resources, operationId, field, before, ids) : valueFor(t, field, 1);
      const unknown = named.filter((field) => body[field] === undefined);
      t.ensure(unknown.length === 0, `no value is known that ${operationId} takes for ${unknown.join(', ')} and that differs from the resource's`);
      const step = `an update of ${named.join(', ')} (of a resource ${made})`;
      const stored = await changesOnly(t, step, { operationId, readerId, ids }, before, body, freedBy(named));
      if (named === everyField) verifySentKept(t, step, readerId, body, stored);
    }
  }
}

/**
 * resources.update-kept for a body naming every field at once: each field the read answers under the
 * name it was sent shows the value sent (changedValue sends texts as a slug keeps them, so a slug too).
 */
function verifySentKept(t: Kit, step: string, readerId: string, body: Json, stored: Json): void {
  const shown = Object.keys(body).filter((field) => field in stored);
  const lost = differences(body, stored, shown);
  t.verify(lost.length === 0, `after ${step}, ${readerId} does not show the values sent: ${lost.join('; ')}`, { rules: ['resources.update-kept'] });
}

forOperation('updateAuthor', (test) => {
  for (const state of statesKept('updateAuthor', 'getAuthor')) {
    test(`keeps an update of an author with ${state.name}: the answer shows the values sent and a read shows the answer, every field`, { check: 'crud_agreement', rules: ['resources.update-kept', 'resources.answer-as-stored', 'author.update-kept', 'resources.update-stamped'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      // The shared author, under its lock for as long as the state lasts; its fields are set back before.
      await state.within(t, async (ids) => {
        const original = await readResource(t, 'getAuthor', ids);
        try {
          await verifyKeptIn(t, 'updateAuthor', 'getAuthor', AUTHOR_FIELDS, ids, state.name);
        } finally {
          await t.api.PATCH('/authors/{id}', { params: { path: { id: ids.id! } }, body: Object.fromEntries(AUTHOR_FIELDS.map((field) => [field, original[field]])) as never });
        }
      });
    });
  }

  test('changes only the fields it names: a PATCH of each field the update takes, alone, to the author with every optional field filled and with every one empty, leaves every other one as before and moves updated_at', { check: 'crud_agreement', rules: ['resources.patch-named-fields-only', 'resources.update-stamped', 'resources.update-kept'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    // The shared author stands in for a resource of the test's own: under its lock, set first with every
    // optional (nullable) field filled, then with every one empty, and set back afterwards.
    const resources = new Resources(t);
    const id = resources.sharedAuthorId();
    if (!t.fixtures.authorWritable) t.notApplicable(AUTHOR_NOT_WRITABLE);
    const { filled, empty } = optionalBodies(t, 'updateAuthor');
    await holdingAuthor(t, id, async () => {
      const original = await readResource(t, 'getAuthor', { id });
      const setTo = (body: Json) => async () => (await update(t, 'updateAuthor', { id }, body), { id });
      try {
        await verifyNamedOnly(t, resources, 'updateAuthor', 'getAuthor', AUTHOR_FIELDS, [['with every optional field filled', setTo(filled)], ['with every optional field empty', setTo(empty)]]);
      } finally {
        await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: Object.fromEntries(updateFields(t, 'updateAuthor').map((field) => [field, original[field]])) as never });
      }
    });
  });
});

for (const [operationId, subject] of Object.entries(UPDATES)) {
  const list = listOf(contract, subject.readerId);
  forOperation(operationId, (test) => {
    for (const state of statesKept(operationId, subject.readerId)) {
      test(`keeps an update of a resource with ${state.name}: the answer shows the values sent and a read shows the answer, every field`, { check: 'crud_agreement', rules: ['resources.update-kept', 'resources.answer-as-stored', 'resources.update-stamped'], needs: ['input_reflection', 'state'], timeoutMs: state.waitsForDelivery ? DELIVERY_TEST_TIMEOUT_MS : undefined }, async (t: Kit) => {
        await state.within(t, (ids) => verifyKeptIn(t, operationId, subject.readerId, subject.fields, ids, state.name));
      });
    }
    if (takesMarkdown(operationId, subject.readerId)) {
      test('renders every Markdown update: a second one with other Markdown shows its own rendering, in the answer and a read, and moves updated_at', { check: 'crud_agreement', rules: ['resources.update-kept', 'resources.answer-as-stored', 'resources.update-stamped'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
        // A server that keeps a rendering per resource (a cache keyed by id) shows the first one again.
        const ids = await subject.make(new Resources(t), t);
        let before = await read(t, subject, ids);
        for (const round of [1, 2]) {
          // updated_at "tells when a resource was last written": a content-only update moves it too. A
          // second and more apart, so a clock of any precision the contract allows moves between writes.
          await new Promise((resolve) => setTimeout(resolve, 1100));
          const word = t.names.name(`rendered-${round}`);
          const answer = await update(t, operationId, ids, { content_md: `Round ${round}: **${word}**` });
          const expected = `<strong>${word}</strong>`;
          t.verify(String(answer.content_html ?? '').includes(expected), `update ${round} of content_md answered content_html ${JSON.stringify(answer.content_html)}; expected it to render **${word}** as ${expected}`);
          const stored = await read(t, subject, ids);
          t.verify(String(stored.content_html ?? '').includes(expected), `after update ${round} of content_md, ${subject.readerId} shows content_html ${JSON.stringify(stored.content_html)}; expected ${expected}`);
          // New Markdown is a new stored value, though the read answers only its rendering.
          verifyStamped(t, `update ${round} of content_md alone`, before, ['content_md'], [[answer, 'answered'], [stored, `then ${subject.readerId} showed`]]);
          before = stored;
        }
      });
    }
    test(`keeps a value changed only in letter case: ${subject.fields.join(', ')} each sent again with its letters' case swapped, which moves updated_at`, { check: 'crud_agreement', rules: ['resources.update-kept', 'resources.answer-as-stored', 'resources.update-stamped'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      // A server that compares the new value with the stored one without regard to case (a colour, a
      // name) finds nothing changed and keeps the old spelling.
      const ids = await subject.make(new Resources(t), t);
      for (const field of subject.fields) {
        const first = valueFor(t, field, 1);
        const written = await update(t, operationId, ids, { [field]: first });
        const swapped = [...first].map((letter) => (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase())).join('');
        if (swapped === first) continue;
        // A change of case is a change of the stored value: it records its own time too.
        await pastStampGap();
        const answer = await update(t, operationId, ids, { [field]: swapped });
        t.verify(answer[field] === swapped, `${field} ${JSON.stringify(first)} changed to ${JSON.stringify(swapped)} answered ${JSON.stringify(answer[field])}; expected the new spelling`);
        const stored = await read(t, subject, ids);
        t.verify(stored[field] === swapped, `after ${field} ${JSON.stringify(first)} changed to ${JSON.stringify(swapped)}, ${subject.readerId} shows ${JSON.stringify(stored[field])}; expected the new spelling`);
        verifyStamped(t, `${field} ${JSON.stringify(first)} changed to ${JSON.stringify(swapped)}`, written, changedFields(written, { [field]: swapped }), [[answer, 'answered'], [stored, `then ${subject.readerId} showed`]]);
      }
    });
    if (list) {
      test('keeps the resource in its place in the list: an update does not make it newer', { check: 'crud_agreement', rules: ['lists.newest-first', 'resources.update-kept'], needs: ['state'] }, async (t: Kit) => {
        // Two resources of one parent, the first made first: the list shows the second before it, by
        // created_at then id, however recently the first was changed.
        const resources = new Resources(t);
        const older = await subject.make(resources, t);
        const newer = await subject.make(resources, t);
        const body = Object.fromEntries(subject.fields.map((field) => [field, valueFor(t, field, 1)]));
        await update(t, operationId, older, body);
        const { id: olderId, ...parentIds } = older;
        const [olderAt = -1, newerAt = -1] = await positionsIn(t, list.operation, parentIds, [olderId!, newer.id!]);
        t.ensure(olderAt >= 0 && newerAt >= 0, `${list.operation.operationId} does not list ${olderAt < 0 ? olderId : newer.id}, which the test made`, { rules: ['resources.update-kept'] });
        t.verify(
          newerAt < olderAt,
          `after an update of ${olderId}, ${list.operation.operationId} lists it at position ${olderAt + 1}, before ${newer.id} (position ${newerAt + 1}), which was made after it; the list is newest first by created_at, then id`,
          { rules: ['lists.newest-first'] },
        );
      });
    }

    test('keeps a second update of the same fields: the answer and a read show the second values', { check: 'crud_agreement', rules: ['resources.update-kept', 'resources.answer-as-stored'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      const ids = await subject.make(new Resources(t), t);
      for (const round of [1, 2]) {
        const body = Object.fromEntries(subject.fields.map((field) => [field, valueFor(t, field, round)]));
        const answer = await update(t, operationId, ids, body);
        const wrongAnswer = differences(body, answer, subject.fields);
        t.verify(wrongAnswer.length === 0, `update ${round} answered other values than it was sent: ${wrongAnswer.join('; ')}`);
        const stored = await read(t, subject, ids);
        const notKept = differences(body, stored, subject.fields);
        t.verify(notKept.length === 0, `after update ${round}, ${subject.readerId} does not show its values: ${notKept.join('; ')}`);
        await verifyListedAsRead(t, subject, ids, stored, `after update ${round}`);
      }
    });

    test('changes only the fields it names: a PATCH of each field the update takes, alone, leaves every other one as before and moves updated_at, in the answer and afterwards', { check: 'crud_agreement', rules: ['resources.patch-named-fields-only', 'resources.update-stamped', 'resources.update-kept'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      // Made with every optional field filled (update-subjects.ts), so a field an update clears shows;
      // and, where it differs, with the required fields only, so a field an update fills shows.
      const resources = new Resources(t);
      const starts: Start[] = [['with every optional field', () => subject.make(resources, t)], ...(subject.makeBare ? [['with its required fields only', () => subject.makeBare!(resources, t)] as Start] : [])];
      await verifyNamedOnly(t, resources, operationId, subject.readerId, subject.fields, starts);
    });
  });
}
